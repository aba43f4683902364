import type { ReactNode } from 'react';
import { ActionIcon, Badge, Center, Group, Loader, Menu, Paper, ScrollArea, Table, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatNumber, logLink, SCROLL_MAX_HEIGHT } from '@isik/domain';
import { IconBox, IconDots, IconExternalLink, IconFileInvoice, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { todaysLogsQuery, todaysStockOutQuery } from '../api/dashboard-api';

/** Opens a screen of the app in a new window (spec 000 2.5: row menus open in a new window). */
function openInNewWindow(path: string) {
  window.open(path, '_blank', 'noopener');
}

function Section({ title, count, testId, children }: { title: string; count?: number; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        {count !== undefined && <Badge variant="light">{formatNumber(count, 0)}</Badge>}
      </Group>
      {children}
    </Paper>
  );
}

function Empty({ text }: { text: string }) {
  return <Text c="dimmed" size="sm" ta="center" py="lg">{text}</Text>;
}

/** 'Materials used today' (spec 000 2.5): index, date, product, material, quantity; a row menu opens related screens. */
export function MaterialsUsedToday({ day }: { day: string }) {
  const { t } = useTranslation();
  const q = useQuery(todaysStockOutQuery(day));
  const rows = q.data?.stock ?? [];
  return (
    <Section title={t('dashboard.materialsToday')} count={q.data ? rows.length : undefined} testId="materials-today">
      {q.isLoading ? <Center py="lg"><Loader size="sm" /></Center>
        : q.isError && !q.data ? <LoadFailedAlert title={t('dashboard.loadFailed')} error={q.error} onRetry={() => void q.refetch()} />
        : rows.length === 0 ? <Empty text={t('dashboard.noMaterialsToday')} />
        : (
          <ScrollArea.Autosize mah={SCROLL_MAX_HEIGHT} type="auto">
            <Table striped highlightOnHover stickyHeader verticalSpacing={6} miw={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>#</Table.Th>
                  <Table.Th>{t('dashboard.col.date')}</Table.Th>
                  <Table.Th>{t('dashboard.col.product')}</Table.Th>
                  <Table.Th>{t('dashboard.col.material')}</Table.Th>
                  <Table.Th ta="right">{t('dashboard.col.quantity')}</Table.Th>
                  <Table.Th w={44} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={r._id} data-testid="material-row">
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.operation_date)}</Table.Td>
                    <Table.Td>{r.productname || <Text span c="dimmed" size="sm">{r.description || '—'}</Text>}</Table.Td>
                    <Table.Td>{[r.stock_category, r.stock_group, r.stock_name].filter(Boolean).join(' - ')}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatNumber(r.qty, 2)} {r.unit}</Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal shadow="md">
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={t('dashboard.rowMenu')}><IconDots size={16} /></ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item leftSection={<IconBox size={16} />} onClick={() => openInNewWindow(`/material/${r.stock_id}`)}>{t('dashboard.openMaterial')}</Menu.Item>
                          <Menu.Item leftSection={<IconFileInvoice size={16} />} disabled={!r.order_id} onClick={() => r.order_id && openInNewWindow(`/order/${r.order_id}`)}>{t('dashboard.openOrder')}</Menu.Item>
                          <Menu.Item leftSection={<IconTool size={16} />} disabled={!r.orderitem_id} onClick={() => r.orderitem_id && openInNewWindow(`/orderproductiondetail/${r.orderitem_id}`)}>{t('dashboard.openProduction')}</Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
    </Section>
  );
}

/** "Today's logs" (spec 000 2.5): index, date, person, title, description and a link to the offer, order or production line. */
export function TodaysLogs({ day }: { day: string }) {
  const { t } = useTranslation();
  const q = useQuery(todaysLogsQuery(day));
  const rows = q.data?.logs ?? [];
  return (
    <Section title={t('dashboard.logsToday')} count={q.data ? rows.length : undefined} testId="logs-today">
      {q.isLoading ? <Center py="lg"><Loader size="sm" /></Center>
        : q.isError && !q.data ? <LoadFailedAlert title={t('dashboard.loadFailed')} error={q.error} onRetry={() => void q.refetch()} />
        : rows.length === 0 ? <Empty text={t('dashboard.noLogsToday')} />
        : (
          <ScrollArea.Autosize mah={SCROLL_MAX_HEIGHT} type="auto">
            <Table striped highlightOnHover stickyHeader verticalSpacing={6} miw={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>#</Table.Th>
                  <Table.Th>{t('dashboard.col.date')}</Table.Th>
                  <Table.Th>{t('dashboard.col.person')}</Table.Th>
                  <Table.Th>{t('dashboard.col.title')}</Table.Th>
                  <Table.Th>{t('dashboard.col.description')}</Table.Th>
                  <Table.Th w={44} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => {
                  const link = logLink(r);
                  return (
                    <Table.Tr key={r._id} data-testid="log-row">
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.date)}</Table.Td>
                      <Table.Td>{r.person}</Table.Td>
                      <Table.Td>{r.title}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{r.description}</Table.Td>
                      <Table.Td>
                        {link && (
                          <Tooltip label={t('dashboard.openRelated')}>
                            <ActionIcon variant="subtle" onClick={() => openInNewWindow(link)} aria-label={t('dashboard.openRelated')}><IconExternalLink size={16} /></ActionIcon>
                          </Tooltip>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
    </Section>
  );
}
