import type { ReactNode } from 'react';
import { Card, Group, Image, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatNumber, joinOfferCode } from '@isik/domain';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CodePartsGrid } from './code-parts-grid';
import { progressLabelKey } from '../model/order-logic';
import type { OrderItem } from '../model/types';
import { OrderStatusBadge } from './status-badges';

/** The header of spec 002 2.4: name, menu, image, code parts ('Belirtilmemiş' when missing), date, progress, status, quantities. */
export function OrderHeader({ item, menu }: { item: OrderItem; menu?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group align="flex-start" wrap="nowrap" gap="md" style={{ minWidth: 0 }}>
          {item.urun_resim
            ? <Image src={item.urun_resim} w={96} h={96} fit="contain" radius="sm" alt={item.urun_adi} />
            : <Card withBorder w={96} h={96} p={0}><Group h="100%" justify="center"><IconPhoto size={32} color="var(--mantine-color-gray-5)" /></Group></Card>}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} data-testid="order-title">{item.urun_adi}</Title>
            <Text size="sm" c="dimmed">{joinOfferCode(item.urun_kodu) || '—'}</Text>
            <Text size="sm">{item.teklifno?.firma_adi || t('orders.card.stockProduction')}</Text>
          </Stack>
        </Group>
        {menu}
      </Group>
      <CodePartsGrid code={item.urun_kodu} mt="md" />
      <SimpleGrid cols={{ base: 2, sm: 5 }} mt="md" spacing="xs">
        <div><Text size="xs" c="dimmed">{t('orders.field.orderDate')}</Text><Text size="sm">{formatDate(item.siparis_tarihi)}</Text></div>
        <div><Text size="xs" c="dimmed">{t('orders.field.status')}</Text><OrderStatusBadge status={item.siparis_durumu} /></div>
        <div><Text size="xs" c="dimmed">{t('orders.field.delivered')}</Text><Text size="sm" fw={600} data-testid="header-delivered">{formatNumber(item.teslim_edilmis)} {item.urun_birimi}</Text></div>
        <div><Text size="xs" c="dimmed">{t('orders.field.ordered')}</Text><Text size="sm" fw={600}>{formatNumber(item.urun_miktari)} {item.urun_birimi}</Text></div>
        <div>
          <Text size="xs" c="dimmed">{t(progressLabelKey(item.tamamlanmaOrani))}</Text>
          <Group gap={6} wrap="nowrap">
            <Progress value={item.tamamlanmaOrani} color={item.ready ? 'green' : 'red'} style={{ flex: 1 }} aria-label={t('orders.field.completion')} />
            <Text size="sm" fw={700} data-testid="header-percent">{formatNumber(item.tamamlanmaOrani, 1)}%</Text>
          </Group>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
