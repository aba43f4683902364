import { Center, Group, Loader, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatNumber, joinOfferCode } from '@isik/domain';
import { IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { trackingQuery } from '../api/orders-api';
import { OrderStatusBadge } from '../components/status-badges';

/**
 * /ordertracking/{offerId}/{companyId}/{token} (DECISIONS 4): public, read-only, no menu. The order's lines with
 * quantity, completion, status and deliveries. Anything but the right token shows only 'not found'.
 */
export function OrderTrackingPage() {
  const { t } = useTranslation();
  const { offerId = '', companyId = '', token = '' } = useParams();
  const query = useQuery(trackingQuery(offerId, companyId, token));
  if (query.isPending) return <Center h={240}><Loader /></Center>;
  const data = query.data;
  if (!data) {
    return <EmptyState icon={<IconSearchOff size={34} stroke={1.5} />} title={t('orders.tracking.notFound')} text={t('orders.tracking.notFoundText')} />;
  }
  const o = data.offer;
  return (
    <Stack gap="md" maw={1000} mx="auto" data-testid="tracking">
      <Paper withBorder radius="md" p="md">
        <Title order={2}>{t('orders.tracking.title')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
          <div><Text size="xs" c="dimmed">{t('orders.tracking.no')}</Text><Text fw={600} data-testid="tracking-no">{o.teklif_no}</Text></div>
          <div><Text size="xs" c="dimmed">{t('orders.field.company')}</Text><Text fw={600}>{o.firma_adi}</Text></div>
          <div><Text size="xs" c="dimmed">{t('orders.field.orderDate')}</Text><Text fw={600}>{formatDate(o.siparis_tarihi)}</Text></div>
        </SimpleGrid>
      </Paper>
      {data.lines.map((l) => (
        <Paper key={l._id} withBorder radius="md" p="md" data-testid="tracking-line">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={0}>
              <Text fw={700}>{l.urun_adi}</Text>
              <Text size="xs" c="dimmed">{joinOfferCode(l.urun_kodu)}</Text>
            </Stack>
            <OrderStatusBadge status={l.siparis_durumu} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
            <div><Text size="xs" c="dimmed">{t('orders.field.ordered')}</Text><Text size="sm">{formatNumber(l.urun_miktari)} {l.urun_birimi}</Text></div>
            <div><Text size="xs" c="dimmed">{t('orders.field.delivered')}</Text><Text size="sm" data-testid="tracking-delivered">{formatNumber(l.teslim_edilmis)} {l.urun_birimi}</Text></div>
            <div>
              <Text size="xs" c="dimmed">{t('orders.field.completion')}</Text>
              <Group gap={6} wrap="nowrap"><Progress value={l.tamamlanmaOrani} style={{ flex: 1 }} /><Text size="sm" fw={600}>{formatNumber(l.tamamlanmaOrani, 1)}%</Text></Group>
            </div>
          </SimpleGrid>
          {(l.Delivery?.length ?? 0) > 0 && (
            <Table mt="sm" fz="sm" withTableBorder>
              <Table.Thead><Table.Tr><Table.Th>{t('orders.delivery.date')}</Table.Th><Table.Th ta="right">{t('orders.delivery.qty')}</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {l.Delivery?.map((d, i) => (
                  <Table.Tr key={d._id ?? i}><Table.Td>{formatDate(d.tarih)}</Table.Td><Table.Td ta="right">{formatNumber(d.teslimedilenmiktar)} {l.urun_birimi}</Table.Td></Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
