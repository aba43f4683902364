import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { useCanDo } from '../../../lib/can-do';
import { lineCostQuery } from '../api/orders-api';

const money = (v: number | null, cur: string) => (v === null ? '—' : `${formatNumber(v, 2)} ${cur}`);

function Figure({ label, tl, doviz, currency, testId, color }: { label: string; tl: number; doviz: number | null; currency: string; testId: string; color?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" fw={700} c={color}>{money(tl, '₺')}</Text>
      {currency !== '₺' && <Text size="xs" c="dimmed">{money(doviz, currency)}</Text>}
    </div>
  );
}

/**
 * An order line's material cost against its price (issue 25): what its operations took out, at the cost recorded
 * when each was taken, in lira and in the offer's currency at the offer's rates. Office roles only (the action table).
 */
export function LineCostCard({ lineId, version }: { lineId: string; version: number }) {
  const { t } = useTranslation();
  const allowed = useCanDo('GET /api/orders/cost/:id');
  const q = useQuery({ ...lineCostQuery(lineId, version), enabled: allowed });
  if (!allowed || !q.data) return null;
  const c = q.data;
  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="line-cost">
      <Stack gap="xs">
        <Title order={5}>{t('orders.cost.title')}</Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label={t('orders.cost.cost')} tl={c.cost} doviz={c.costDoviz} currency={c.currency} testId="line-cost-cost" />
          <Figure label={t('orders.cost.price')} tl={c.price} doviz={c.priceDoviz} currency={c.currency} testId="line-cost-price" />
          <Figure label={t('orders.cost.margin')} tl={c.margin} doviz={c.marginDoviz} currency={c.currency} testId="line-cost-margin" color={c.margin < 0 ? 'red' : 'teal'} />
          <div data-testid="line-cost-percent">
            <Text size="xs" c="dimmed">{t('orders.cost.marginPercent')}</Text>
            <Text size="sm" fw={700}>{c.marginPercent === null ? '—' : `%${formatNumber(c.marginPercent, 2)}`}</Text>
          </div>
        </SimpleGrid>
        <Text size="xs" c="dimmed">{t('orders.cost.hint')}</Text>
        {c.uncosted > 0 && <Alert color="yellow" p="xs">{t('orders.cost.uncosted', { count: c.uncosted })}</Alert>}
      </Stack>
    </Paper>
  );
}
