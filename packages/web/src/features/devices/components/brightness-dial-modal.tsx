import { useEffect, useState } from 'react';
import { AngleSlider, Center, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BRIGHTNESS_MAX, BRIGHTNESS_STEP, snapBrightness } from '@isik/domain';

/** The dial runs over 300 degrees (a knob's travel): 3 degrees a percent, a mark every 5 percent. */
const DEG_PER_PCT = 3;
const MARKS = Array.from({ length: BRIGHTNESS_MAX / BRIGHTNESS_STEP + 1 }, (_, i) => ({ value: i * BRIGHTNESS_STEP * DEG_PER_PCT }));

/** The settings modal of a mesh light (spec 002 2.10): a circular dial 0-100 step 5 that sends on release. */
export function BrightnessDialModal({ opened, name, value, onClose, onRelease }: {
  opened: boolean; name: string; value: number; onClose: () => void; onRelease: (value: number) => void;
}) {
  const { t } = useTranslation();
  const [angle, setAngle] = useState(value * DEG_PER_PCT);
  useEffect(() => { if (opened) setAngle(snapBrightness(value) * DEG_PER_PCT); }, [opened, value]);
  const pct = snapBrightness(angle / DEG_PER_PCT);
  return (
    <Modal opened={opened} onClose={onClose} title={t('devices.mesh.dialTitle', { name })} centered size="sm">
      <Stack align="center" gap="sm">
        <Center>
          <AngleSlider
            size={200}
            thumbSize={18}
            value={angle}
            onChange={setAngle}
            onChangeEnd={(a) => onRelease(snapBrightness(a / DEG_PER_PCT))}
            marks={MARKS}
            restrictToMarks
            formatLabel={(a) => `${snapBrightness(a / DEG_PER_PCT)}%`}
            aria-label={t('devices.mesh.brightness')}
            aria-valuenow={pct}
            data-testid="brightness-dial"
          />
        </Center>
        <Text size="sm" c="dimmed" ta="center">{t('devices.mesh.dialHint')}</Text>
      </Stack>
    </Modal>
  );
}
