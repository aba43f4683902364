import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { orderStatusColor } from '@isik/domain';
import { operationStatusColor } from '../model/order-logic';

export function OrderStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Badge color={orderStatusColor(status)} variant="light" data-testid="order-status">{t(`orders.status.${status}`, { defaultValue: String(status) })}</Badge>;
}

export function OperationStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Badge color={operationStatusColor(status)} variant="light" size="sm">{t(`orders.opStatus.${status}`, { defaultValue: String(status) })}</Badge>;
}
