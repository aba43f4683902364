import type { ReactNode } from 'react';
import { ActionIcon, Badge, Center, Group, Loader, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { formatDateTime, formatNumber, logLink, SCROLL_MAX_HEIGHT } from '@isik/domain';
import { IconBox, IconDots, IconExternalLink, IconFileInvoice, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu, DeferredTooltip } from '../../../components/deferred/deferred-floating';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useLabels } from '../../../lib/labels';
import { TruncatedText } from '../../../components/truncated-text';
import { todaysLogsQuery, todaysStockOutQuery } from '../api/dashboard-api';

/**
 * Opens a screen of the app in a new window (spec 000 2.5: row menus open in a new window). No 'noopener': the
 * screen is our own, and a window opened with it gets no copy of sessionStorage, where the token of a sign-in
 * without remember-me lives, so it would open signed out.
 */
function openInNewWindow(path: string) {
  window.open(path, '_blank');
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

interface Column { label: string; w?: number; right?: boolean }

/**
 * One of the dashboard's day tables (spec 000 2.5): loading, load failure, empty text, or the rows under a
 * sticky header, scrolling at SCROLL_MAX_HEIGHT. `cells` renders a row's cells after its index.
 */
function DayTable<T extends { _id: string }>({ title, testId, rowTestId, query, rows, emptyText, columns, cells }: {
  title: string;
  testId: string;
  rowTestId: string;
  query: UseQueryResult<unknown>;
  /** The rows, once loaded. */
  rows: T[] | undefined;
  emptyText: string;
  columns: Column[];
  cells: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Section title={title} count={rows?.length} testId={testId}>
      {!rows ? (query.isError ? <LoadFailedAlert title={t('dashboard.loadFailed')} error={query.error} onRetry={() => void query.refetch()} /> : <Center py="lg"><Loader size="sm" /></Center>)
        : rows.length === 0 ? <Text c="dimmed" size="sm" ta="center" py="lg">{emptyText}</Text>
        : (
          <ScrollArea.Autosize mah={SCROLL_MAX_HEIGHT} type="auto">
            {/* Fixed layout: long texts are cut to one line (the whole text on hover) and the link column stays in view. */}
            <Table striped highlightOnHover stickyHeader verticalSpacing={6} layout="fixed" miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>#</Table.Th>
                  {columns.map((c) => <Table.Th key={c.label} ta={c.right ? 'right' : undefined} w={c.w}>{c.label}</Table.Th>)}
                  <Table.Th w={44} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={r._id} data-testid={rowTestId}>
                    <Table.Td>{i + 1}</Table.Td>
                    {cells(r)}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
    </Section>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** 'Materials used today' (spec 000 2.5): index, date, product, material, quantity; a row menu opens related screens. */
export function MaterialsUsedToday({ day }: { day: string }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const q = useQuery(todaysStockOutQuery(day));
  return (
    <DayTable
      title={t('dashboard.materialsToday')} testId="materials-today" rowTestId="material-row" query={q} rows={q.data?.stock}
      emptyText={t('dashboard.noMaterialsToday')}
      columns={[
        { label: t('dashboard.col.date'), w: 132 }, { label: t('dashboard.col.product') }, { label: t('dashboard.col.material') },
        { label: t('dashboard.col.quantity'), right: true, w: 110 },
      ]}
      cells={(r) => (
        <>
          <Table.Td style={NOWRAP}>{formatDateTime(r.operation_date)}</Table.Td>
          <Table.Td>{r.productname ? <TruncatedText maw="100%">{r.productname}</TruncatedText> : <TruncatedText maw="100%" c="dimmed">{r.description || '—'}</TruncatedText>}</Table.Td>
          <Table.Td><TruncatedText maw="100%">{[r.stock_category, r.stock_group, r.stock_name].filter(Boolean).join(' - ')}</TruncatedText></Table.Td>
          <Table.Td ta="right" style={NOWRAP}>{formatNumber(r.qty, 2)} {labels.unit(r.unit)}</Table.Td>
          <Table.Td>
            <DeferredMenu
              position="bottom-end"
              withinPortal
              shadow="md"
              target={<ActionIcon variant="subtle" color="gray" aria-label={t('dashboard.rowMenu')}><IconDots size={16} /></ActionIcon>}
            >
              {(Menu) => (
                <>
                  <Menu.Item leftSection={<IconBox size={16} />} onClick={() => openInNewWindow(`/material/${r.stock_id}`)}>{t('dashboard.openMaterial')}</Menu.Item>
                  <Menu.Item leftSection={<IconFileInvoice size={16} />} disabled={!r.order_id} onClick={() => r.order_id && openInNewWindow(`/order/${r.order_id}`)}>{t('dashboard.openOrder')}</Menu.Item>
                  <Menu.Item leftSection={<IconTool size={16} />} disabled={!r.orderitem_id} onClick={() => r.orderitem_id && openInNewWindow(`/orderproductiondetail/${r.orderitem_id}`)}>{t('dashboard.openProduction')}</Menu.Item>
                </>
              )}
            </DeferredMenu>
          </Table.Td>
        </>
      )}
    />
  );
}

/** "Today's logs" (spec 000 2.5): index, date, person, title, description and a link to the offer, order or production line. */
export function TodaysLogs({ day }: { day: string }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const q = useQuery(todaysLogsQuery(day));
  return (
    <DayTable
      title={t('dashboard.logsToday')} testId="logs-today" rowTestId="log-row" query={q} rows={q.data?.logs}
      emptyText={t('dashboard.noLogsToday')}
      columns={[{ label: t('dashboard.col.date'), w: 132 }, { label: t('dashboard.col.person'), w: 120 }, { label: t('dashboard.col.title') }, { label: t('dashboard.col.description') }]}
      cells={(r) => {
        const link = logLink(r);
        return (
          <>
            <Table.Td style={NOWRAP}>{formatDateTime(r.date)}</Table.Td>
            <Table.Td><TruncatedText maw="100%">{r.person}</TruncatedText></Table.Td>
            <Table.Td><TruncatedText maw="100%">{labels.logTitle(r)}</TruncatedText></Table.Td>
            <Table.Td><TruncatedText maw="100%">{labels.logDescription(r)}</TruncatedText></Table.Td>
            <Table.Td>
              {link && (
                <DeferredTooltip label={t('dashboard.openRelated')}>
                  <ActionIcon variant="subtle" onClick={() => openInNewWindow(link)} aria-label={t('dashboard.openRelated')}><IconExternalLink size={16} /></ActionIcon>
                </DeferredTooltip>
              )}
            </Table.Td>
          </>
        );
      }}
    />
  );
}
