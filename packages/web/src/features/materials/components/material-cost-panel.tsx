import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatNumber } from '@isik/domain';
import { IconCoin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { materialCostQuery } from '../api/materials-api';

const COLORS = { receipt: 'teal', reversal: 'red', recomputed: 'gray' } as const;
const n = (v: number | null, d: number) => (v === null ? '—' : formatNumber(v, d));

/** Cost tab of the material page (issue 25, ADR 0039): the current moving-average cost in lira and what moved it. */
export function MaterialCostPanel({ materialId }: { materialId: string }) {
  const { t } = useTranslation();
  // Under the 'materials' key: a receipt announces the material, and the cost follows it live.
  const q = useQuery(materialCostQuery(materialId));
  if (q.isError) return <Alert color="red">{String((q.error as Error).message)}</Alert>;
  const c = q.data;
  return (
    <Stack gap="lg" data-testid="material-cost">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder radius="md" p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{t('materials.cost.current')}</Text>
          <Text size="xl" fw={700} data-testid="material-cost-current">{c ? n(c.cost, 2) : ''}</Text>
          {c && <Text size="xs" c="dimmed" data-testid="material-cost-basis">{t(`materials.cost.basis.${c.basis}`)}</Text>}
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{t('materials.cost.stock')}</Text>
          <Text size="xl" fw={700} data-testid="material-cost-stock">{c ? formatNumber(c.stockSum, 2) : ''}</Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{t('materials.cost.value')}</Text>
          <Text size="xl" fw={700} data-testid="material-cost-value">{c ? n(c.value, 2) : ''}</Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Group gap="xs" mb="sm"><IconCoin size={18} /><Title order={5}>{t('materials.cost.history')}</Title></Group>
        {c && c.history.length === 0 ? (
          <Text size="sm" c="dimmed">{t('materials.cost.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover data-testid="material-cost-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('materials.cost.col.date')}</Table.Th>
                  <Table.Th>{t('materials.cost.col.event')}</Table.Th>
                  <Table.Th ta="right">{t('materials.cost.col.qty')}</Table.Th>
                  <Table.Th ta="right">{t('materials.cost.col.unitCost')}</Table.Th>
                  <Table.Th ta="right">{t('materials.cost.col.stockBefore')}</Table.Th>
                  <Table.Th ta="right">{t('materials.cost.col.avgBefore')}</Table.Th>
                  <Table.Th ta="right">{t('materials.cost.col.avgAfter')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...(c?.history ?? [])].reverse().map((h) => (
                  <Table.Tr key={h._id}>
                    <Table.Td>{formatDate(h.operation_date)}</Table.Td>
                    <Table.Td><Badge variant="light" color={COLORS[h.event]}>{t(`materials.cost.event.${h.event}`)}</Badge></Table.Td>
                    <Table.Td ta="right">{n(h.qty, 2)}</Table.Td>
                    <Table.Td ta="right">{n(h.unitCost, 4)}</Table.Td>
                    <Table.Td ta="right">{n(h.stockBefore, 2)}</Table.Td>
                    <Table.Td ta="right">{n(h.avgBefore, 4)}</Table.Td>
                    <Table.Td ta="right" fw={600}>{n(h.avgAfter, 4)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
