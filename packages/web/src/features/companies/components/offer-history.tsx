import { useState } from 'react';
import { Anchor, Badge, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OFFER_STATUS_COLORS, formatDate, formatNumber, joinOfferCode, type Company, type OfferStatus } from '@isik/domain';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PaginationControl } from '../../../components/pagination-control';
import { companyOffersQuery } from '../api/offer-history-api';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** Spec 000 2.9: the company's offers and orders, 5 a page: offer date, order date, currency and the item lines with their totals. */
export function OfferHistory({ company }: { company: Company }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [range, setRange] = useState('all');
  const [from, to] = range === 'orders' ? [1, 3] : range === 'offers' ? [0, 0] : [0, 4];
  const query = useQuery(companyOffersQuery(company._id, page, from, to));
  const data = query.data;
  if (query.isError && !data) return <LoadFailedAlert title={t('companies.history.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="md" data-testid="company-offer-history">
      <SegmentedControl
        w="fit-content" value={range} onChange={(v) => { setRange(v); setPage(1); }}
        data={[{ value: 'all', label: t('companies.history.all') }, { value: 'offers', label: t('companies.history.offers') }, { value: 'orders', label: t('companies.history.orders') }]}
      />
      {data && data.totalItemCount === 0 && <EmptyState icon={<IconFileInvoice size={34} stroke={1.5} />} title={t('companies.history.emptyTitle')} text={t('companies.history.emptyText')} />}
      {data?.offers.map((o) => (
        <Paper key={o._id} withBorder radius="md" p="md">
          <Group justify="space-between" mb="xs" wrap="wrap">
            <Group gap="sm">
              <Anchor component={Link} to={`/offer/${o._id}`} fw={700}>{o.teklif_no}</Anchor>
              <Badge color={OFFER_STATUS_COLORS[o.teklif_durumu as OfferStatus] ?? 'gray'} style={{ textTransform: 'none' }}>{t(`companies.history.status${o.teklif_durumu}`)}</Badge>
              {o.teklif_konu && <Text size="sm" c="dimmed">{o.teklif_konu}</Text>}
            </Group>
            <Group gap="lg">
              <Text size="sm">{t('companies.history.offerDate')}: <b>{formatDate(o.teklif_tarihi)}</b></Text>
              <Text size="sm">{t('companies.history.orderDate')}: <b>{o.siparis_tarihi ? formatDate(o.siparis_tarihi) : '—'}</b></Text>
              <Text size="sm">{t('companies.history.currency')}: <b>{o.teklif_dovizi}</b></Text>
            </Group>
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('companies.history.product')}</Table.Th>
                  <Table.Th ta="right">{t('companies.history.qty')}</Table.Th>
                  <Table.Th ta="right">{t('companies.history.price')}</Table.Th>
                  <Table.Th ta="right">{t('companies.history.total', { currency: o.teklif_dovizi })}</Table.Th>
                  <Table.Th ta="right">{t('companies.history.total', { currency: '₺' })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {o.offeritem.map((i) => (
                  <Table.Tr key={i._id}>
                    <Table.Td>{i.urun_adi}{joinOfferCode(i.urun_kodu) && <Text span size="xs" c="dimmed"> · {joinOfferCode(i.urun_kodu)}</Text>}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>{formatNumber(i.urun_miktari, Number.isInteger(i.urun_miktari) ? 0 : 2)} {i.urun_birimi}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>{formatNumber(i.urun_fiyati)} {i.urun_dovizi}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>{formatNumber(i.toplamDoviz + i.toplamKdvDoviz)} {o.teklif_dovizi}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>{formatNumber(i.toplamTL + i.toplamKdvTL)} ₺</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td colSpan={3}><Text fw={700} size="sm">{t('companies.history.grand')}</Text></Table.Td>
                  <Table.Td ta="right" style={NOWRAP}><b>{formatNumber(o.teklif_gtoplamdoviz)} {o.teklif_dovizi}</b></Table.Td>
                  <Table.Td ta="right" style={NOWRAP}><b>{formatNumber(o.teklif_gtoplamtl)} ₺</b></Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
      {data && data.totalPage > 1 && <PaginationControl page={page} totalPages={data.totalPage} onChange={setPage} disabled={query.isPlaceholderData} />}
    </Stack>
  );
}
