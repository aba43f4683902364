import { Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { offerCostQuery } from '../api/offers-api';

const money = (v: number | null, cur: string) => (v === null ? '—' : `${formatNumber(v, 2)} ${cur}`);

/**
 * An offer's order lines with their material cost, price and margin, and the sum (issue 25; GET /api/offers/cost/:id).
 * Shown once the offer has order lines; figures in lira with the offer's currency beside them.
 */
export function OfferCostCard({ offerId }: { offerId: string }) {
  const { t } = useTranslation();
  const q = useQuery(offerCostQuery(offerId));
  const c = q.data;
  if (!c || c.lines.length === 0) return null;
  const cur = c.total.currency;
  const cell = (tl: number, dv: number | null) => (
    <>
      <Text size="sm" fw={600}>{money(tl, '₺')}</Text>
      {cur !== '₺' && <Text size="xs" c="dimmed">{money(dv, cur)}</Text>}
    </>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid="offer-cost">
      <Title order={5} mb="sm">{t('offers.cost.title')}</Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('offers.cost.line')}</Table.Th>
              <Table.Th ta="right">{t('offers.cost.cost')}</Table.Th>
              <Table.Th ta="right">{t('offers.cost.price')}</Table.Th>
              <Table.Th ta="right">{t('offers.cost.margin')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.lines.map((l) => (
              <Table.Tr key={l.orderitem_id}>
                <Table.Td><Link to={`/orderproductiondetail/${l.orderitem_id}`}>{l.urun_adi}</Link></Table.Td>
                <Table.Td ta="right">{cell(l.cost, l.costDoviz)}</Table.Td>
                <Table.Td ta="right">{cell(l.price, l.priceDoviz)}</Table.Td>
                <Table.Td ta="right" c={l.margin < 0 ? 'red' : undefined}>{cell(l.margin, l.marginDoviz)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr data-testid="offer-cost-total">
              <Table.Td fw={700}>{t('offers.cost.total')}</Table.Td>
              <Table.Td ta="right">{cell(c.total.cost, c.total.costDoviz)}</Table.Td>
              <Table.Td ta="right">{cell(c.total.price, c.total.priceDoviz)}</Table.Td>
              <Table.Td ta="right" c={c.total.margin < 0 ? 'red' : undefined}>{cell(c.total.margin, c.total.marginDoviz)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
