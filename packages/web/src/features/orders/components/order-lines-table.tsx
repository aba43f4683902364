import { Anchor, Group, Progress, Table, Text } from '@mantine/core';
import { formatDate, formatNumber, joinOfferCode } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderItem } from '../model/types';
import { OrderStatusBadge } from './status-badges';

/** An order's lines: product, quantity, delivered, completion and status; names link to production when `links`. */
export function OrderLinesTable({ lines, links = true }: { lines: readonly OrderItem[]; links?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped withTableBorder fz="sm" data-testid="order-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.field.product')}</Table.Th>
            <Table.Th>{t('orders.field.orderDate')}</Table.Th>
            <Table.Th ta="right">{t('orders.field.ordered')}</Table.Th>
            <Table.Th ta="right">{t('orders.field.delivered')}</Table.Th>
            <Table.Th w={180}>{t('orders.field.completion')}</Table.Th>
            <Table.Th>{t('orders.field.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l._id}>
              <Table.Td>
                {links ? <Anchor component={Link} to={`/orderproductiondetail/${l._id}`} size="sm">{l.urun_adi}</Anchor> : <Text size="sm">{l.urun_adi}</Text>}
                <Text size="xs" c="dimmed">{joinOfferCode(l.urun_kodu)}</Text>
              </Table.Td>
              <Table.Td>{formatDate(l.siparis_tarihi)}</Table.Td>
              <Table.Td ta="right">{formatNumber(l.urun_miktari)} {l.urun_birimi}</Table.Td>
              <Table.Td ta="right">{formatNumber(l.teslim_edilmis)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap"><Progress value={l.tamamlanmaOrani} style={{ flex: 1 }} /><Text size="xs" fw={600}>{formatNumber(l.tamamlanmaOrani, 1)}%</Text></Group>
              </Table.Td>
              <Table.Td><OrderStatusBadge status={l.siparis_durumu} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
