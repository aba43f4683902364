import { Paper, Table, Text, Title } from '@mantine/core';
import { formatNumber, isUndetermined } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderItem } from '../model/types';
import { useCanOpen } from '../model/use-can-open';

/** Spec 002 2.4: operation, category, group, material, per-unit and total quantity, stock. */
export function MaterialsTable({ item }: { item: OrderItem }) {
  const { t } = useTranslation();
  const canOpenMaterial = useCanOpen('/material/:id');
  const rows = item.Operations.flatMap((op) => (op.OperationDetails ?? []).map((d, i) => ({ op, d, key: `${op._id}-${i}` })));
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mt="md">
      <Title order={4} mb="sm">{t('orders.materials.title')}</Title>
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder fz="sm" data-testid="materials-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.materials.operation')}</Table.Th>
              <Table.Th>{t('orders.materials.category')}</Table.Th>
              <Table.Th>{t('orders.materials.group')}</Table.Th>
              <Table.Th>{t('orders.materials.material')}</Table.Th>
              <Table.Th ta="right">{t('orders.materials.perUnit')}</Table.Th>
              <Table.Th ta="right">{t('orders.materials.total')}</Table.Th>
              <Table.Th ta="right">{t('orders.materials.stock')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ op, d, key }) => (
              <Table.Tr key={key}>
                <Table.Td>{op.Operation}</Table.Td>
                <Table.Td>{d.material_category}</Table.Td>
                <Table.Td>{d.material_group}</Table.Td>
                <Table.Td>
                  {isUndetermined(d)
                    ? <Text size="sm" c="red">{t('orders.materials.selectionRequired')}</Text>
                    : !canOpenMaterial ? <Text size="sm">{d.material_name}</Text> : <Text component={Link} to={d.component ? `/product/${d.material}` : `/material/${d.material}`} size="sm" c="blue">{d.material_name || d.material}</Text>}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(d.materialQty, 4)} {d.unit}</Table.Td>
                <Table.Td ta="right">{formatNumber(d.totalQty)} {d.unit}</Table.Td>
                <Table.Td ta="right"><Text size="sm" c={d.status < d.totalQty ? 'red' : undefined}>{formatNumber(d.status)}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
