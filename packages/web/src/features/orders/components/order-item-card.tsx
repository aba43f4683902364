import { useState } from 'react';
import {
  ActionIcon, Anchor, Badge, Card, Collapse, CloseButton, Group, Image, Menu, Progress, SimpleGrid, Stack, Table, Text, Tooltip,
} from '@mantine/core';
import { daysSinceOrder, formatDate, formatDay, formatDateTime, formatNumber, joinOfferCode } from '@isik/domain';
import { IconChevronDown, IconChevronUp, IconDotsVertical, IconPencil, IconPhoto, IconTrash, IconTruckDelivery, IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { productionNotPlanned } from '../model/order-logic';
import { CodePartsGrid } from './code-parts-grid';
import type { OrderItem } from '../model/types';
import { useCanOpen } from '../model/use-can-open';
import { OperationStatusBadge, OrderStatusBadge } from './status-badges';

export interface OrderItemCardProps {
  item: OrderItem;
  onClose: () => void;
  onDeliver?: () => void;
  onDelete?: () => void;
  onTransfer?: () => void;
}

/** The card of spec 002 2.2: every field and tag of a line, and its operations. */
export function OrderItemCard({ item, onClose, onDeliver, onDelete, onTransfer }: OrderItemCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const days = daysSinceOrder(item.siparis_tarihi);
  const company = item.teklifno?.firma_adi;
  const canOpenCompany = useCanOpen('/companydetail/:id');
  return (
    <Card withBorder radius="md" padding="md" data-testid={`order-card-${item._id}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" align="flex-start" gap="md" style={{ minWidth: 0 }}>
          {item.urun_resim
            ? <Image src={item.urun_resim} w={64} h={64} radius="sm" fit="contain" alt={item.urun_adi} />
            : <Card withBorder w={64} h={64} p={0} radius="sm"><Group h="100%" justify="center"><IconPhoto size={26} color="var(--mantine-color-gray-5)" /></Group></Card>}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/orderproductiondetail/${item._id}`} fw={700} data-testid="card-title">{item.urun_adi}</Anchor>
            <Text size="sm" c="dimmed">{joinOfferCode(item.urun_kodu) || '—'}</Text>
            <Text size="sm" fw={500}>{formatNumber(item.urun_miktari)} {item.urun_birimi}</Text>
            {company && item.teklifno?.firma_id && canOpenCompany
              ? <Anchor component={Link} to={`/companydetail/${item.teklifno.firma_id}`} size="sm">{company}</Anchor>
              : <Text size="sm" c="dimmed" fs="italic">{company || t('orders.card.stockProduction')}</Text>}
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('orders.card.edit')}>
            <ActionIcon component={Link} to={`/orderitemdetail/${item._id}`} variant="subtle" aria-label={t('orders.card.edit')}><IconPencil size={18} /></ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('orders.card.menu', { name: item.urun_adi })}><IconDotsVertical size={18} /></ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {onDeliver && <Menu.Item leftSection={<IconTruckDelivery size={16} />} onClick={onDeliver}>{t('orders.delivery.open')}</Menu.Item>}
              {onTransfer && <Menu.Item leftSection={<IconBuildingWarehouse size={16} />} onClick={onTransfer}>{t('orders.card.transfer')}</Menu.Item>}
              {onDelete && <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>{t('orders.card.delete')}</Menu.Item>}
            </Menu.Dropdown>
          </Menu>
          <ActionIcon variant="subtle" color="gray" aria-label={t(open ? 'orders.op.collapse' : 'orders.op.expand')} onClick={() => setOpen((o) => !o)}>
            {open ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
          </ActionIcon>
          <CloseButton aria-label={t('orders.card.close')} onClick={onClose} />
        </Group>
      </Group>

      <Group gap={6} mt="sm">
        <Badge variant="outline" color="gray">{t(`orders.type.${item.order_type}`, { defaultValue: item.order_type })}</Badge>
        {productionNotPlanned(item) && <Badge color="orange" variant="light">{t('orders.card.notPlanned')}</Badge>}
        <OrderStatusBadge status={item.siparis_durumu} />
        {!item.ready && <Badge color="red" variant="light" data-testid="order-not-ready">{t('orders.card.notReady')}</Badge>}
        {item.tamamlanmaOrani < 100 && days !== null && <Badge color="gray" variant="light">{t('orders.card.days', { count: days })}</Badge>}
      </Group>

      <Collapse in={open}>
        <CodePartsGrid code={item.urun_kodu} mt="sm" />
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm" spacing="xs">
          <div><Text size="xs" c="dimmed">{t('orders.field.orderDate')}</Text><Text size="sm">{formatDate(item.siparis_tarihi)}</Text></div>
          {item.promised_date && <div><Text size="xs" c="dimmed">{t('orders.field.promisedDate')}</Text><Text size="sm" data-testid="order-promised">{formatDay(item.promised_date)}</Text></div>}
          <div><Text size="xs" c="dimmed">{t('orders.field.delivered')}</Text><Text size="sm" data-testid="order-delivered">{formatNumber(item.teslim_edilmis)}</Text></div>
          <div><Text size="xs" c="dimmed">{t('orders.field.ordered')}</Text><Text size="sm">{formatNumber(item.urun_miktari)}</Text></div>
          <div>
            <Text size="xs" c="dimmed">{t('orders.field.completion')}</Text>
            <Group gap={6} wrap="nowrap">
              <Progress value={item.tamamlanmaOrani} color={item.ready ? 'green' : 'red'} style={{ flex: 1 }} aria-label={t('orders.field.completion')} />
              <Text size="sm" fw={600} data-testid="order-percent">{formatNumber(item.tamamlanmaOrani, 1)}%</Text>
            </Group>
          </div>
        </SimpleGrid>
        {item.Operations.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table mt="sm" striped withTableBorder fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orders.op.name')}</Table.Th>
                  <Table.Th>{t('orders.op.startDate')}</Table.Th>
                  <Table.Th>{t('orders.op.finishDate')}</Table.Th>
                  <Table.Th>{t('orders.op.staff')}</Table.Th>
                  <Table.Th ta="right">%</Table.Th>
                  <Table.Th>{t('orders.op.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {item.Operations.map((op) => (
                  <Table.Tr key={op._id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/orderoperations/${item._id}/${op._id}`} size="xs">{op.Operation}</Anchor>
                      <Text span size="xs" c="dimmed"> · {formatNumber(op.Qty)} {item.urun_birimi}</Text>
                    </Table.Td>
                    <Table.Td>{op.OperationStartTime ? formatDateTime(op.OperationStartTime) : '—'}</Table.Td>
                    <Table.Td>{op.OperationFinishTime ? formatDateTime(op.OperationFinishTime) : '—'}</Table.Td>
                    <Table.Td>{op.OperationStaff || '—'}</Table.Td>
                    <Table.Td ta="right">{formatNumber(op.OperationPercent, 1)}</Table.Td>
                    <Table.Td><OperationStatusBadge status={op.OperationStatus} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Collapse>
    </Card>
  );
}
