import { Button, Group } from '@mantine/core';
import { IconFileText, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An order's printed documents (spec 002): the work order with its QR codes and the delivery form, each in a new tab. */
export function OrderPrintLinks({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const id = encodeURIComponent(orderId);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component="a" href={`/pdf/order/t1/${id}`} target="_blank" rel="noopener" size="xs" variant="light" leftSection={<IconFileText size={14} />} data-testid="print-work-order">
        {t('orders.order.workOrder')}
      </Button>
      <Button component="a" href={`/pdf/order/delivery/${id}`} target="_blank" rel="noopener" size="xs" variant="light" leftSection={<IconTruckDelivery size={14} />} data-testid="print-delivery-form">
        {t('orders.order.deliveryForm')}
      </Button>
    </Group>
  );
}
