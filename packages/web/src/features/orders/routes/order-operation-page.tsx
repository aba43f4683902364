import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, joinOfferCode } from '@isik/domain';
import { IconArrowLeft, IconBuildingFactory2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { RecordFallback } from '../../../components/record-fallback';
import { orderItemQuery } from '../api/orders-api';
import { OperationCard } from '../components/operation-card';

/**
 * The work order's QR target `/orderoperations/{itemId}/{operationId}` (spec 002 7): one operation ready to record,
 * laid out for a phone. The floor worker taps the produced quantity (fills the rest) and Record.
 */
export function OrderOperationPage() {
  const { t } = useTranslation();
  const { itemId = '', operationId = '' } = useParams();
  const query = useQuery(orderItemQuery(itemId));
  const item = query.data;
  const back = <Anchor component={Link} to={`/orderproductiondetail/${itemId}`} size="sm">{t('orders.phone.wholeLine')}</Anchor>;
  if (!item) {
    return (
      <RecordFallback
        crumbs={back} query={query} loadFailedTitle={t('orders.detail.loadFailed')}
        notFound={{ icon: <IconBuildingFactory2 size={34} />, title: t('orders.detail.notFound'), text: t('orders.detail.notFoundText'), backTo: '/orderitemlist', backLabel: t('menu.orderItems') }}
      />
    );
  }
  const op = item.Operations.find((o) => o._id === operationId);
  return (
    <Stack gap="md" maw={560} mx="auto" data-testid="phone-operation">
      <Stack gap={2}>
        <Title order={3}>{item.urun_adi}</Title>
        <Text size="sm" c="dimmed">{joinOfferCode(item.urun_kodu)} · {formatNumber(item.urun_miktari)} {item.urun_birimi}</Text>
        <Text size="sm">{item.teklifno?.firma_adi || t('orders.card.stockProduction')}</Text>
      </Stack>
      {op ? <OperationCard item={item} operation={op} phone /> : (
        <EmptyState icon={<IconBuildingFactory2 size={34} />} title={t('orders.phone.noOperation')} text={t('orders.phone.noOperationText')} />
      )}
      <Group justify="space-between">
        <Button component={Link} to={`/orderproductiondetail/${itemId}`} variant="light" leftSection={<IconArrowLeft size={16} />}>{t('orders.phone.wholeLine')}</Button>
      </Group>
    </Stack>
  );
}
