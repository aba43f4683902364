import { useState } from 'react';
import { ActionIcon, Anchor, Breadcrumbs, Menu, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lineProductId } from '@isik/domain';
import { IconBuildingFactory2, IconDeviceFloppy, IconDotsVertical, IconPencil, IconTag, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { RecordFallback } from '../../../components/record-fallback';
import { notifyError, notifySuccess } from '../../../lib/api';
import { useCanDo } from '../../../lib/can-do';
import { orderItemQuery, useUpdateOrderItem } from '../api/orders-api';
import { LineDeliveries } from '../components/line-deliveries';
import { MaterialsTable } from '../components/materials-table';
import { OperationCard } from '../components/operation-card';
import { OperationEditModal } from '../components/operation-edit-modal';
import { OrderHeader } from '../components/order-header';
import type { Operation } from '../model/types';

/** Spec 002 2.4: a line's production: header, one card per operation, materials. Also /app/production/order/{itemId}. */
export function OrderProductionDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = params.id ?? params.itemId ?? '';
  const navigate = useNavigate();
  // Spec 002 2.4, 6: only roles below 2 see the operation edit icon.
  const mayEditQty = useCanDo('order.operationQty');
  const query = useQuery(orderItemQuery(id));
  const save = useUpdateOrderItem();
  const [editing, setEditing] = useState<Operation | null>(null);
  const crumbs = (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to="/orderitemlist" size="sm">{t('menu.orderItems')}</Anchor>
      <Anchor size="sm" c="dimmed">{query.data?.urun_adi ?? '…'}</Anchor>
    </Breadcrumbs>
  );
  const item = query.data;
  if (!item) {
    return (
      <RecordFallback
        crumbs={crumbs} query={query} loadFailedTitle={t('orders.detail.loadFailed')}
        notFound={{ icon: <IconBuildingFactory2 size={34} />, title: t('orders.detail.notFound'), text: t('orders.detail.notFoundText'), backTo: '/orderitemlist', backLabel: t('menu.orderItems') }}
      />
    );
  }
  const menu = (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('orders.detail.menu')}><IconDotsVertical size={18} /></ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconTag size={16} />} component={Link} to={lineProductId(item) ? `/productslabels?product=${encodeURIComponent(lineProductId(item) ?? '')}` : '/productslabels'}>{t('orders.detail.labelEditor')}</Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} component={Link} to={`/orderitemdetail/${item._id}`}>{t('orders.card.edit')}</Menu.Item>
        <Menu.Item
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={() => save.mutate({ item }, { onSuccess: () => notifySuccess('orders.notice.updated'), onError: (e) => notifyError(e) })}
        >
          {t('common.save')}
        </Menu.Item>
        <Menu.Item leftSection={<IconX size={16} />} onClick={() => void navigate('/orderitemlist')}>{t('common.close')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <>
      {crumbs}
      <OrderHeader item={item} menu={menu} />
      {item.Operations.length === 0 ? (
        <EmptyState icon={<IconBuildingFactory2 size={34} stroke={1.5} />} title={t('orders.detail.noOperations')} text={t('orders.detail.noOperationsText')} />
      ) : (
        <Stack gap="md">
          {item.Operations.map((op) => (
            <OperationCard key={op._id} item={item} operation={op} onEdit={mayEditQty ? () => setEditing(op) : undefined} />
          ))}
        </Stack>
      )}
      <MaterialsTable item={item} />
      <LineDeliveries item={item} />
      {editing && <OperationEditModal item={item} operation={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
