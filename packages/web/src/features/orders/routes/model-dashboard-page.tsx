import { Anchor, Group, Image, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@isik/domain';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { modelDashboardQuery } from '../api/orders-api';
import { BarChart } from '../components/bar-chart';
import { useCanOpen } from '../model/use-can-open';

/** Spec 002 2.6: ordered versus delivered per model, the products with their completion, the models with image. */
export function ModelDashboardPage() {
  const { t } = useTranslation();
  const query = useQuery(modelDashboardQuery());
  const models = query.data?.models ?? [];
  const products = query.data?.products ?? [];
  const canOpenProduct = useCanOpen('/product/:id');
  return (
    <>
      <PageHeader title={t('menu.modelDashboard')} subtitle={t('orders.models.subtitle')} />
      {query.isError && !query.data && <LoadFailedAlert title={t('orders.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      <Paper withBorder radius="md" p="md" mb="md">
        <Title order={4} mb="sm">{t('orders.models.chart')}</Title>
        <BarChart
          rows={models.map((m) => ({ label: m.model, values: { ordered: m.ordered, delivered: m.delivered } }))}
          series={[{ key: 'ordered', label: t('orders.field.ordered'), color: 'var(--mantine-color-blue-5)' }, { key: 'delivered', label: t('orders.field.delivered'), color: 'var(--mantine-color-teal-5)' }]}
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">{t('orders.models.products')}</Title>
          <Table striped fz="sm">
            <Table.Tbody>
              {products.map((p) => (
                <Table.Tr key={`${p.urun_id ?? ''}-${p.urun_adi}`}>
                  <Table.Td>
                    {p.urun_id && canOpenProduct ? <Anchor component={Link} to={`/product/${p.urun_id}`} size="sm">{p.urun_adi}</Anchor> : <Text size="sm">{p.urun_adi}</Text>}
                    <Text size="xs" c="dimmed">{p.model} · {formatNumber(p.ordered)} / {formatNumber(p.delivered)}</Text>
                  </Table.Td>
                  <Table.Td w={200}>
                    <Group gap={6} wrap="nowrap"><Progress value={p.completion} style={{ flex: 1 }} /><Text size="xs" fw={600}>{formatNumber(p.completion, 1)}%</Text></Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">{t('orders.models.models')}</Title>
          <Stack gap="xs" data-testid="model-list">
            {models.map((m) => (
              <Group key={m.model} wrap="nowrap">
                {m.image ? <Image src={m.image} w={48} h={48} fit="contain" alt={m.model} /> : <IconPhoto size={48} color="var(--mantine-color-gray-4)" />}
                <Stack gap={0} style={{ flex: 1 }}>
                  <Text fw={600}>{m.model}</Text>
                  <Text size="xs" c="dimmed">{m.model_adi}</Text>
                </Stack>
                <Text size="sm" fw={600}>{formatNumber(m.ordered)} / {formatNumber(m.delivered)}</Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>
    </>
  );
}
