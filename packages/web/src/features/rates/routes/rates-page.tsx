import { Badge, Group, Paper, Text, Tooltip } from '@mantine/core';
import { RATES_DEMO_PREFIX, RATES_MAX_PAGE_SIZE, RATES_PAGE_SIZE, bulletinEntry, formatBulletinDate, formatDateTime, formatNumber, type TcmbListItem } from '@isik/domain';
import { IconCurrencyDollar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageHeader } from '../../../components/page-header';
import { ListTable } from '../../../components/list-table';
import { allPagesOf, type ReportColumn } from '../../../lib/report-source';
import { useListPage } from '../../../lib/use-list-page';
import { readPage } from '../../../lib/use-list-params';
import { fetchRates, ratesListQuery } from '../api/rates-api';
import { UpdateRatesButton } from '../components/update-rates-button';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const LIST_DEFAULTS = { page: 1 };
const readListParams = (params: URLSearchParams) => ({ page: readPage(params) });

/** The date column: the bulletin's own day at its publication time (15:30), the same wherever one reads it. */
const bulletinWhen = (r: TcmbListItem) => formatBulletinDate(r.bulletinDate);
// Each currency found by its code (domain bulletinEntry), not by its place in Data.
const NO_RATE = { ForexBuying: '', ForexSelling: '' };
const usd = (r: TcmbListItem) => bulletinEntry(r, 'USD') ?? NO_RATE;
const eur = (r: TcmbListItem) => bulletinEntry(r, 'EUR') ?? NO_RATE;

/** Spec 000 2.11: every stored central-bank bulletin, newest first, paged on the server. */
export function RatesPage() {
  const { t } = useTranslation();
  const list = useListPage({
    defaults: LIST_DEFAULTS,
    parse: readListParams,
    query: (s) => ratesListQuery(s.page),
    // The Reports menu exports every stored bulletin (once there is one); rates stay numbers in the spreadsheet.
    report: () => {
      const cols: ReportColumn<TcmbListItem & { n: number }>[] = [
        { header: '#', value: (r) => r.n, width: 0.4, align: 'right' },
        { header: t('rates.list.date'), value: bulletinWhen, width: 1.4 },
        { header: t('rates.list.usdSelling'), value: (r) => Number(usd(r).ForexSelling), align: 'right' },
        { header: t('rates.list.usdBuying'), value: (r) => Number(usd(r).ForexBuying), align: 'right' },
        { header: t('rates.list.eurSelling'), value: (r) => Number(eur(r).ForexSelling), align: 'right' },
        { header: t('rates.list.eurBuying'), value: (r) => Number(eur(r).ForexBuying), align: 'right' },
      ];
      return {
        title: t('rates.list.title'),
        fileName: 'tcmb-rates',
        columns: cols,
        fetchAll: async (onProgress?: (done: number, total: number) => void) => {
          const rows = await allPagesOf((page, pageSize) => fetchRates(page, pageSize), (r) => r.list, RATES_MAX_PAGE_SIZE)(onProgress);
          return rows.map((r, i) => ({ ...r, n: i + 1 }));
        },
      };
    },
    reportWhen: (answer) => answer !== undefined && answer.totalItemCount > 0,
  });
  const { data, query } = list;

  const offset = (list.page - 1) * RATES_PAGE_SIZE;
  const money = (v: string) => `${formatNumber(v, 4)} ₺`;

  const columns: DataTableColumn<TcmbListItem>[] = [
    { key: 'index', header: '#', width: 56, render: (_r, i) => <Text size="sm" c="dimmed">{offset + i + 1}</Text> },
    {
      key: 'date', header: t('rates.list.date'),
      render: (r) => (
        <Tooltip label={t('rates.list.fetchedAt', { at: formatDateTime(r.fetchedAt), no: r.bulletinNo })} withArrow>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} style={NOWRAP}>{bulletinWhen(r)}</Text>
            {r.bulletinNo.startsWith(RATES_DEMO_PREFIX) && <Badge size="xs" color="grape" variant="light">{t('rates.demo')}</Badge>}
          </Group>
        </Tooltip>
      ),
    },
    { key: 'usdSelling', header: t('rates.list.usdSelling'), align: 'right', render: (r) => <Text size="sm" fw={600} style={NOWRAP}>{money(usd(r).ForexSelling)}</Text> },
    { key: 'usdBuying', header: t('rates.list.usdBuying'), align: 'right', render: (r) => <Text size="sm" style={NOWRAP}>{money(usd(r).ForexBuying)}</Text> },
    { key: 'eurSelling', header: t('rates.list.eurSelling'), align: 'right', render: (r) => <Text size="sm" fw={600} style={NOWRAP}>{money(eur(r).ForexSelling)}</Text> },
    { key: 'eurBuying', header: t('rates.list.eurBuying'), align: 'right', render: (r) => <Text size="sm" style={NOWRAP}>{money(eur(r).ForexBuying)}</Text> },
  ];


  return (
    <>
      <PageHeader
        title={t('rates.list.title')}
        subtitle={data ? t('rates.list.total', { total: data.totalItemCount }) : t('rates.list.subtitle')}
        actions={<UpdateRatesButton />}
      />
      {query.isError && !data ? (
        <LoadFailedAlert title={t('rates.list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : list.empty ? (
        <EmptyState icon={<IconCurrencyDollar size={34} stroke={1.5} />} title={t('rates.list.emptyTitle')} text={t('rates.list.emptyText')} action={<UpdateRatesButton />} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <ListTable list={list} columns={columns} rows={data?.list} rowKey={(r) => r._id} minWidth={720} />
        </Paper>
      )}
    </>
  );
}
