import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { formatNumber, joinOfferCode } from '@isik/domain';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useOrderLines } from '../api/order-lines';
import { OperationStatusBadge } from '../components/status-badges';

/** The work order's QR target `/app/production/orderQROptions/{orderId}`: the order's lines and their operations, for a phone. */
export function OrderQrOptionsPage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const q = useOrderLines(orderId);
  return (
    <Stack gap="md" maw={560} mx="auto">
      <Title order={3}>{t('orders.qr.title')}</Title>
      {q.isError && !q.data && <LoadFailedAlert title={t('orders.list.loadFailed')} error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && q.lines.length === 0 && <EmptyState icon={<IconBuildingFactory2 size={34} />} title={t('orders.qr.none')} text={t('orders.qr.noneText')} />}
      {q.lines.map((l) => (
        <Paper key={l._id} withBorder radius="md" p="md">
          <Anchor component={Link} to={`/orderproductiondetail/${l._id}`} fw={700}>{l.urun_adi}</Anchor>
          <Text size="sm" c="dimmed">{joinOfferCode(l.urun_kodu)} · {formatNumber(l.urun_miktari)} {l.urun_birimi} · {formatNumber(l.tamamlanmaOrani, 1)}%</Text>
          <Stack gap="xs" mt="sm">
            {l.Operations.map((op) => (
              <Button
                key={op._id} component={Link} to={`/orderoperations/${l._id}/${op._id}`} variant="light" size="md" justify="space-between"
                rightSection={<OperationStatusBadge status={op.OperationStatus} />}
              >
                {op.Operation} · {formatNumber(op.OperationComplated)} / {formatNumber(op.Qty)}
              </Button>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
