import { Paper, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate, formatNumber } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { EntryTable } from '../../../components/entry-table';
import { api, notifyError, notifySuccess } from '../../../lib/api';
import type { OrderItem } from '../model/types';
import { useCanDo } from '../../../lib/can-do';
import { queryKeys } from '../../../lib/query-keys';

/** The line's deliveries (spec 002 3); roles that manage deliveries delete one, which lowers the delivered quantity again. */
export function LineDeliveries({ item }: { item: OrderItem }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canDelete = useCanDo('DELETE /api/deliveried/delete/:id/:product_id/:component_type');
  const remove = useMutation({
    mutationFn: (id: string) => api<{ status: 'ok' }>(`/deliveried/delete/${encodeURIComponent(id)}/${encodeURIComponent(item.urun_id || '-')}/${encodeURIComponent(item.order_type)}`),
    meta: { notifyError: false },
    onSuccess: () => {
      notifySuccess('orders.notice.deliveryDeleted');
      for (const key of [queryKeys.orders, queryKeys.deliveries, queryKeys.products, queryKeys.offers]) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e) => notifyError(e),
  });
  if (item.Delivery.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mt="md">
      <Title order={4} mb="sm">{t('orders.deliveries.title')}</Title>
      <EntryTable
        rows={item.Delivery} minWidth={640} testId="line-deliveries"
        columns={[
          { key: 'date', header: t('orders.delivery.date'), render: (d) => formatDate(d.tarih) },
          { key: 'qty', header: t('orders.delivery.qty'), align: 'right', render: (d) => <>{formatNumber(d.teslimedilenmiktar)} {item.urun_birimi}</> },
          { key: 'deliverer', header: t('orders.delivery.deliverer'), render: (d) => d.personel },
          { key: 'receiver', header: t('orders.delivery.receiver'), render: (d) => d.teslimalan },
          { key: 'description', header: t('orders.delivery.description'), render: (d) => <Text size="sm" lineClamp={2}>{d.description}</Text> },
        ]}
        remove={canDelete ? {
          label: t('orders.deliveries.delete'), message: t('orders.deliveries.confirm'),
          pendingId: remove.isPending ? remove.variables : undefined, onConfirm: (d) => remove.mutate(d._id),
        } : undefined}
      />
    </Paper>
  );
}
