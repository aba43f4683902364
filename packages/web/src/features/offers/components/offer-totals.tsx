import { Alert, Group, Table, Text } from '@mantine/core';
import { formatNumber, type OfferComputation } from '@isik/domain';
import { useTranslation } from 'react-i18next';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export interface OfferTotalsProps {
  /** The offer's sums (null while a rate they need is missing: each cell shows '—'). */
  money: OfferComputation | null;
  currency: string;
  /** The server's 'tutarhatasi' field error: the sums it computed differ from the sent ones. */
  error?: string;
}

/** The offer's totals in ₺ and in the offer's currency: total, VAT, grand total. */
export function OfferTotals({ money, currency, error }: OfferTotalsProps) {
  const { t } = useTranslation();
  const totalsRow = (label: string, tl: number | undefined, dv: number | undefined, testId: string, strong = false) => (
    <Table.Tr>
      <Table.Td><Text fw={strong ? 700 : 500} size="sm">{label}</Text></Table.Td>
      <Table.Td ta="right"><Text fw={strong ? 700 : 500} size="sm" data-testid={`${testId}-tl`} style={NOWRAP}>{tl === undefined ? '—' : `${formatNumber(tl)} ₺`}</Text></Table.Td>
      <Table.Td ta="right"><Text fw={strong ? 700 : 500} size="sm" data-testid={`${testId}-doviz`} style={NOWRAP}>{dv === undefined ? '—' : `${formatNumber(dv)} ${currency}`}</Text></Table.Td>
    </Table.Tr>
  );
  return (
    <>
      <Group justify="flex-end">
        <Table w={{ base: '100%', sm: 460 }} data-testid="offer-totals">
          <Table.Thead>
            <Table.Tr><Table.Th /><Table.Th ta="right">₺</Table.Th><Table.Th ta="right">{currency}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totalsRow(t('offers.totals.total'), money?.totals.teklif_tutartl, money?.totals.teklif_tutardoviz, 'offer-total')}
            {totalsRow(t('offers.totals.vat'), money?.totals.teklif_kdvtl, money?.totals.teklif_kdvdoviz, 'offer-vat')}
            {totalsRow(t('offers.totals.grand'), money?.totals.teklif_gtoplamtl, money?.totals.teklif_gtoplamdoviz, 'offer-grand', true)}
          </Table.Tbody>
        </Table>
      </Group>
      {error && <Alert color="red" variant="light" mt="sm" data-testid="offer-totals-error">{error}</Alert>}
    </>
  );
}
