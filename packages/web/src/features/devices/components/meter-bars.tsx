import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VOLTAGE_BAR_DIVISOR, formatDateTime, formatNumber, parsePhases } from '@isik/domain';

const PHASES = ['R', 'S', 'T'] as const;

/** Bar width in percent, kept inside the bar. */
const clampPct = (v: number) => Math.max(0, Math.min(100, v));

/**
 * The energy meter tab (spec 002 2.10): three phases R, S, T; voltage bars in VAC with width value / 3 percent,
 * current bars in A with width = the value in percent. Values arrive as 'r / s / t' strings.
 */
export function MeterBars({ voltage, current, readAt }: { voltage: string; current: string; readAt: string | null }) {
  const { t } = useTranslation();
  const v = parsePhases(voltage);
  const a = parsePhases(current);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Paper withBorder p="md" radius="md">
          <Title order={5} mb="sm">{t('devices.meter.voltage')}</Title>
          <Stack gap="sm">
            {PHASES.map((p, i) => (
              <div key={p}>
                <Group justify="space-between" mb={4}><Text size="sm" fw={600}>{p}</Text><Text size="sm" data-testid={`voltage-${p}`}>{formatNumber(v[i], 1)} V</Text></Group>
                <Progress value={clampPct(v[i] / VOLTAGE_BAR_DIVISOR)} color="blue" size="lg" aria-label={`${p} ${formatNumber(v[i], 1)} V`} data-testid={`voltage-bar-${p}`} />
              </div>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={5} mb="sm">{t('devices.meter.current')}</Title>
          <Stack gap="sm">
            {PHASES.map((p, i) => (
              <div key={p}>
                <Group justify="space-between" mb={4}><Text size="sm" fw={600}>{p}</Text><Text size="sm" data-testid={`current-${p}`}>{formatNumber(a[i], 2)} A</Text></Group>
                <Progress value={clampPct(a[i])} color="orange" size="lg" aria-label={`${p} ${formatNumber(a[i], 2)} A`} data-testid={`current-bar-${p}`} />
              </div>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>
      <Text size="sm" c="dimmed">{t('devices.meter.readAt', { at: readAt ? formatDateTime(readAt) : t('devices.details.never') })}</Text>
    </Stack>
  );
}
