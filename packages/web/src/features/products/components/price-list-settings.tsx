import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/api';
import { PRICE_LIST_TOKEN, PRICE_LIST_TYPES, storePriceList, storedPriceList, type PriceListSettings } from '../model/product-values';

/** The price list document's settings (type T0/T1/T2, its text with the %XX token, text open), kept in this browser. */
export function PriceListSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('products.settings.title')} centered size="lg">
      {opened && <SettingsForm onClose={onClose} defaultText={t('products.settings.defaultText')} />}
    </Modal>
  );
}

function SettingsForm({ onClose, defaultText }: { onClose: () => void; defaultText: string }) {
  const { t } = useTranslation();
  const [s, setS] = useState<PriceListSettings>(() => storedPriceList(defaultText));
  const save = () => {
    storePriceList(s);
    notifySuccess('products.settings.saved');
    onClose();
  };
  return (
    <Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>{t('products.settings.type')}</Text>
        <SegmentedControl value={s.type} onChange={(v) => setS({ ...s, type: v as PriceListSettings['type'] })} data={PRICE_LIST_TYPES.map((v) => ({ value: v, label: v }))} />
      </Stack>
      <Textarea
        label={t('products.settings.text')}
        description={t('products.settings.textHint', { token: PRICE_LIST_TOKEN })}
        value={s.text}
        onChange={(e) => setS({ ...s, text: e.currentTarget.value })}
        autosize
        minRows={3}
        maxRows={8}
      />
      <Switch label={t('products.settings.textOpen')} checked={s.textOpen} onChange={(e) => setS({ ...s, textOpen: e.currentTarget.checked })} />
      <Text size="xs" c="dimmed">{t('products.settings.localNote')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
        <Button leftSection={<IconDeviceFloppy size={18} />} onClick={save}>{t('common.save')}</Button>
      </Group>
    </Stack>
  );
}
