import { useMemo } from 'react';
import { Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { BELOW_PAGE_SIZE, REPORT_CURRENCIES, REPORT_NAMES, formatDate, formatNumber, type ReportName } from '@isik/domain';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { NumberField } from '../../../components/number-field';
import { PaginationControl } from '../../../components/pagination-control';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api';
import { REPORT_PAGE_SIZE, describeFilters, fetchAllPages, useReportSource, type ReportSource } from '../../../lib/report-source';
import { useListParams } from '../../../lib/use-list-params';
import { reportQuery, type ReportAnswer } from '../api/reports-api';
import { ReportChart } from '../components/report-chart';
import { GROUPS, apiQuery, chartRows, readFilters, reportView } from '../model/report-views';

type Row = Record<string, unknown>;

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** Nothing is left out of the URL by default: a report's link names its filters. */
const NO_DEFAULTS = {};

/**
 * /reports/{sales|production|stock|purchasing} (issue 26, ADR 0041): a report's chart and its table from
 * GET /api/reports/{name}; the filters live in the URL (a bookmark or a shared link opens the same report), and the
 * header's Reports menu exports the table (Excel, Word, PDF).
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const navigate = useNavigate();
  const [f, update] = useListParams(NO_DEFAULTS, (params) => readFilters(name, params));
  const query = apiQuery(f);
  const answer = useQuery(reportQuery(f.name, query));
  const view = useMemo(() => reportView(f, t), [f, t]);
  const rows = answer.data?.rows;
  const title = `${t('menu.reports')}: ${t(`reportViews.name.${f.name}`)}`;

  const subtitle = describeFilters([
    [t('reportViews.filter.period'), f.name === 'stock' ? null : `${formatDate(answer.data?.from ?? f.from)} – ${formatDate(answer.data?.to ?? f.to)}`],
    [t('reportViews.filter.by'), t(f.name === 'stock' ? `reportViews.view.${f.view}` : `reportViews.by.${f.by}`)],
    [t('reportViews.filter.currency'), f.name === 'sales' ? f.currency : null],
    [t('reportViews.filter.days'), f.name === 'stock' && f.view === 'slow' ? String(f.days) : null],
  ]);
  // The stock views `below` and `slow` answer a page (issue 27, ADR 0052 and 0057): the table shows it with a pager,
  // the export reads every page.
  const paged = f.name === 'stock' && f.view !== 'category';
  const report = useMemo((): ReportSource<Row> | null => (rows ? {
    title, subtitle, fileName: `report-${f.name}`,
    columns: view.columns.map(({ key: _key, ...c }) => c),
    fetchAll: paged
      ? (onProgress) => fetchAllPages(async (n) => {
        const a = await api<ReportAnswer>(`/reports/${f.name}`, { query: { ...query, page: n, pageSize: REPORT_PAGE_SIZE } });
        return { rows: a.rows, totalPage: Math.ceil((a.total ?? 0) / REPORT_PAGE_SIZE), totalItemCount: a.total };
      }, onProgress)
      : async (onProgress) => {
        onProgress?.(rows.length, rows.length);
        return rows;
      },
  } : null), [rows, title, subtitle, f.name, view, paged, query]);
  useReportSource(report);

  const columns: DataTableColumn<Row>[] = view.columns.map((c) => ({
    key: c.key, header: c.header, align: c.align,
    render: (r) => {
      const v = c.value(r);
      return <Text size="sm" style={NOWRAP} fw={c.key === 'label' ? 600 : undefined}>{typeof v === 'number' ? formatNumber(v, c.decimals ?? 0) : (v ?? '—')}</Text>;
    },
  }));

  const by = f.name === 'stock' ? f.view : f.by;
  const setBy = (v: string) => update(f.name === 'stock' ? { view: v, page: undefined } : { by: v });
  const dateInput = (key: 'from' | 'to') => (
    <DateInput
      label={t(`reportViews.filter.${key}`)} valueFormat="DD.MM.YYYY" clearable leftSection={<IconCalendar size={16} />}
      value={f[key] || (answer.data?.[key] ?? null)} onChange={(v) => update({ [key]: v ?? undefined })}
      data-testid={`report-${key}`} w={160}
    />
  );

  return (
    <>
      <PageHeader title={t('menu.reports')} subtitle={t('reportViews.subtitle')} />
      <Tabs value={f.name} onChange={(v) => v && navigate({ pathname: `/reports/${v}` })} mb="md" keepMounted={false}>
        <Tabs.List>
          {REPORT_NAMES.map((n: ReportName) => (
            <Tabs.Tab key={n} value={n} data-testid={`report-tab-${n}`}>{t(`reportViews.name.${n}`)}</Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {f.name !== 'stock' && dateInput('from')}
            {f.name !== 'stock' && dateInput('to')}
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t('reportViews.filter.by')}</Text>
              <SegmentedControl
                value={by} onChange={setBy} data-testid="report-by"
                data={GROUPS[f.name].map((g) => ({ value: g, label: t(f.name === 'stock' ? `reportViews.view.${g}` : `reportViews.by.${g}`) }))}
              />
            </Stack>
            {f.name === 'sales' && (
              <Select
                label={t('reportViews.filter.currency')} w={110} allowDeselect={false} data-testid="report-currency"
                data={REPORT_CURRENCIES.map((c) => ({ value: c, label: c }))} value={f.currency} onChange={(v) => v && update({ currency: v })}
              />
            )}
            {f.name === 'stock' && f.view === 'slow' && (
              <NumberField
                label={t('reportViews.filter.days')} w={140} min={1} max={3650} allowDecimal={false} thousandSeparator={false} data-testid="report-days"
                value={f.days} onChange={(v) => typeof v === 'number' && v >= 1 && v <= 3650 && update({ days: v, page: undefined })}
              />
            )}
          </Group>
          {answer.data?.open && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Text size="sm" data-testid="report-open">
                {t('reportViews.open', { count: answer.data.open.purchases, amount: formatNumber(answer.data.open.amount, 2) })}
              </Text>
            </SimpleGrid>
          )}
          {f.name === 'stock' && answer.data && (
            <Text size="xs" c="dimmed">
              {answer.data.rateDate ? t('reportViews.rateNote', { date: formatDate(answer.data.rateDate) }) : t('reportViews.noRates')}
            </Text>
          )}
          {paged && answer.data?.total !== undefined && (
            <Text size="sm" data-testid="report-total">
              {f.view === 'slow' ? t('reportViews.slowTotal', { count: answer.data.total, days: answer.data.days ?? f.days }) : t('reportViews.belowTotal', { count: answer.data.total })}
            </Text>
          )}
          {answer.isError && !answer.data ? (
            <LoadFailedAlert title={t('reportViews.loadFailed')} error={answer.error} onRetry={() => void answer.refetch()} />
          ) : (
            <>
              {rows && rows.length > 0 && <ReportChart rows={f.name === 'stock' ? rows : chartRows(rows, f, answer.data ?? {})} series={view.series} label={view.label} periods={f.by === 'month' || f.by === 'week'} />}
              <DataTable
                columns={columns} rows={rows} rowKey={(r, i) => `${String(r.key)}-${i}`} loading={answer.isFetching}
                emptyText={t('reportViews.empty')}
              />
              {paged && answer.data?.total !== undefined && (
                <PaginationControl
                  page={answer.data.page ?? f.page} totalPages={Math.ceil(answer.data.total / (answer.data.pageSize ?? BELOW_PAGE_SIZE))}
                  onChange={(p) => update({ page: p })} disabled={answer.isPlaceholderData}
                />
              )}
            </>
          )}
        </Stack>
      </Paper>
    </>
  );
}
