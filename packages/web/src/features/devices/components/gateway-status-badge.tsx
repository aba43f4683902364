import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GatewayStatus } from '@isik/domain';

export function GatewayStatusBadge({ status }: { status: GatewayStatus }) {
  const { t } = useTranslation();
  return <Badge color={status === 'online' ? 'green' : 'red'} variant="light" data-status={status}>{t(`devices.status.${status}`)}</Badge>;
}
