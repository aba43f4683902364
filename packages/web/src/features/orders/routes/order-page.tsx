import { Anchor, Breadcrumbs, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatNumber } from '@isik/domain';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordFallback } from '../../../components/record-fallback';
import { useOrderLines } from '../api/order-lines';
import { orderOfferQuery } from '../api/orders-api';
import { OrderLinesTable } from '../components/order-lines-table';
import { OrderPrintLinks } from '../components/order-print-links';

/** /order/{id}: one order (an offer in status 1-3) read-only, with its lines' production and deliveries. */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const offer = useQuery(orderOfferQuery(id));
  const lines = useOrderLines(id);
  const crumbs = (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to="/orders" size="sm">{t('menu.orders')}</Anchor>
      <Text size="sm" c="dimmed">{offer.data?.teklif_no ?? '…'}</Text>
    </Breadcrumbs>
  );
  const o = offer.data;
  if (!o) {
    return (
      <RecordFallback
        crumbs={crumbs} query={offer} loadFailedTitle={t('orders.order.loadFailed')}
        notFound={{ icon: <IconShoppingCart size={34} />, title: t('orders.order.notFound'), text: t('orders.order.notFoundText'), backTo: '/orders', backLabel: t('menu.orders') }}
      />
    );
  }
  return (
    <>
      {crumbs}
      <Paper withBorder radius="md" p="md" mb="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={3} data-testid="order-no">{o.teklif_no} · {o.firma_adi}</Title>
            <Text size="sm" c="dimmed">{o.teklif_konu}</Text>
          </Stack>
          <Group gap="md">
            <OrderPrintLinks orderId={o._id} />
            <Anchor component={Link} to={`/offer/${o._id}`} size="sm">{t('orders.order.openOffer')}</Anchor>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md">
          <div><Text size="xs" c="dimmed">{t('orders.order.date')}</Text><Text size="sm">{formatDate(o.siparis_tarihi ?? o.teklif_tarihi)}</Text></div>
          <div><Text size="xs" c="dimmed">{t('orders.order.status')}</Text><Text size="sm">{t(`offers.status.${o.teklif_durumu}`)}</Text></div>
          <div><Text size="xs" c="dimmed">{t('orders.order.contact')}</Text><Text size="sm">{o.related_person || '—'}</Text></div>
          <div><Text size="xs" c="dimmed">{t('orders.order.total')}</Text><Text size="sm" fw={600}>{formatNumber(o.teklif_gtoplamdoviz)} {o.teklif_dovizi}</Text></div>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={4} mb="sm">{t('orders.order.lines')}</Title>
        <OrderLinesTable lines={lines.lines} />
      </Paper>
    </>
  );
}
