import { Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatNumber } from '@isik/domain';

export interface BarSeries { key: string; label: string; color: string }
export interface BarRow { label: string; values: Record<string, number> }

/**
 * A small grouped bar chart in plain elements (the project has no chart library; one is not worth its weight for
 * one chart). Bars scale to the largest value; every value is in the tooltip and the accessible label.
 */
export function BarChart({ rows, series, height = 220 }: { rows: BarRow[]; series: BarSeries[]; height?: number }) {
  const max = Math.max(1, ...rows.flatMap((r) => series.map((s) => r.values[s.key] ?? 0)));
  return (
    <Stack gap="xs">
      <Group gap="md">
        {series.map((s) => (
          <Group key={s.key} gap={6}><Box w={12} h={12} bg={s.color} style={{ borderRadius: 2 }} /><Text size="xs">{s.label}</Text></Group>
        ))}
      </Group>
      <Box style={{ overflowX: 'auto' }}>
        <Group gap="lg" align="flex-end" wrap="nowrap" h={height + 40} role="img" aria-label={rows.map((r) => `${r.label}: ${series.map((s) => `${s.label} ${formatNumber(r.values[s.key] ?? 0)}`).join(', ')}`).join('; ')}>
          {rows.map((r) => (
            <Stack key={r.label} gap={4} align="center" miw={48}>
              <Group gap={3} align="flex-end" wrap="nowrap" h={height}>
                {series.map((s) => {
                  const v = r.values[s.key] ?? 0;
                  return (
                    <Tooltip key={s.key} label={`${r.label} · ${s.label}: ${formatNumber(v)}`}>
                      <Box w={16} h={Math.max(2, (v / max) * height)} bg={s.color} style={{ borderRadius: '3px 3px 0 0' }} data-testid={`bar-${r.label}-${s.key}`} />
                    </Tooltip>
                  );
                })}
              </Group>
              <Text size="xs" fw={600}>{r.label}</Text>
            </Stack>
          ))}
        </Group>
      </Box>
    </Stack>
  );
}
