import { ActionIcon, Paper, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate, formatNumber } from '@isik/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
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
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder fz="sm" data-testid="line-deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.delivery.date')}</Table.Th>
              <Table.Th ta="right">{t('orders.delivery.qty')}</Table.Th>
              <Table.Th>{t('orders.delivery.deliverer')}</Table.Th>
              <Table.Th>{t('orders.delivery.receiver')}</Table.Th>
              <Table.Th>{t('orders.delivery.description')}</Table.Th>
              {canDelete && <Table.Th w={48} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {item.Delivery.map((d) => (
              <Table.Tr key={d._id}>
                <Table.Td>{formatDate(d.tarih)}</Table.Td>
                <Table.Td ta="right">{formatNumber(d.teslimedilenmiktar)} {item.urun_birimi}</Table.Td>
                <Table.Td>{d.personel}</Table.Td>
                <Table.Td>{d.teslimalan}</Table.Td>
                <Table.Td><Text size="sm" lineClamp={2}>{d.description}</Text></Table.Td>
                {canDelete && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle" color="red" aria-label={t('orders.deliveries.delete')} loading={remove.isPending && remove.variables === d._id}
                      onClick={() => void confirmDelete({ message: t('orders.deliveries.confirm'), onConfirm: () => remove.mutate(d._id) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
