import { Center, Loader, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, type DashboardCharts as Charts } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { dashboardChartsQuery } from '../api/dashboard-api';

const HEIGHT = 220;
const whole = (v: unknown) => formatNumber(Number(v), 0);
/** 'Pzt 09.03' for a day YYYY-MM-DD, the weekday in the user's language. */
function weekdayLabel(day: string, lang: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const name = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  return `${name} ${day.slice(8, 10)}.${day.slice(5, 7)}`;
}
/** 'Mart 2026' for YYYY-MM. */
function monthLabel(month: string, lang: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

function ChartBox({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={4} mb="sm">{title}</Title>
      {children}
    </Paper>
  );
}

function OrdersChart({ c, lang }: { c: Charts; lang: string }) {
  const { t } = useTranslation();
  const thisName = monthLabel(c.thisMonth, lang);
  const lastName = monthLabel(c.lastMonth, lang);
  const total = (k: 'thisMonth' | 'lastMonth') => c.month.reduce((n, r) => (r[k] === null ? n : r[k]), 0);
  return (
    <ChartBox title={t('dashboard.chart.orders')} testId="dashboard-chart-orders">
      <Text size="sm" c="dimmed" mb="xs" data-testid="dashboard-chart-orders-totals">
        {t('dashboard.chart.ordersTotals', { this: thisName, thisCount: whole(total('thisMonth')), last: lastName, lastCount: whole(total('lastMonth')) })}
      </Text>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={c.month} margin={{ top: 4, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} tickFormatter={whole} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(v) => whole(v)} labelFormatter={(d) => t('dashboard.chart.dayOfMonth', { day: d })} />
          <Legend />
          <Line type="monotone" dataKey="lastMonth" name={lastName} stroke="#adb5bd" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="thisMonth" name={thisName} stroke="#1c7ed6" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}

function ProductionChart({ c, lang }: { c: Charts; lang: string }) {
  const { t } = useTranslation();
  const data = c.week.map((w) => ({ ...w, label: weekdayLabel(w.date, lang) }));
  const total = c.week.reduce((n, w) => n + w.lines, 0);
  return (
    <ChartBox title={t('dashboard.chart.production')} testId="dashboard-chart-production">
      <Text size="sm" c="dimmed" mb="xs" data-testid="dashboard-chart-production-total">{t('dashboard.chart.productionTotal', { count: total, n: whole(total) })}</Text>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data} margin={{ top: 4, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 10 }} interval={0} />
          <YAxis allowDecimals={false} tickFormatter={whole} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(v) => [whole(v), t('dashboard.chart.linesCompleted')]} />
          <Bar dataKey="lines" name={t('dashboard.chart.linesCompleted')} fill="#f76707" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
}

/**
 * The dashboard's two small charts (spec 000 2.5, issue 26): this month's orders against last month's, counted up
 * by day of month, and the lines completed each day of this week. Its own chunk (recharts), loaded after the page.
 */
export default function DashboardChartsPanel() {
  const { t, i18n } = useTranslation();
  const q = useQuery(dashboardChartsQuery());
  if (q.isError && !q.data) return <LoadFailedAlert title={t('dashboard.chart.loadFailed')} error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Center h={HEIGHT}><Loader size="sm" /></Center>;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <OrdersChart c={q.data} lang={i18n.language} />
      <ProductionChart c={q.data} lang={i18n.language} />
    </SimpleGrid>
  );
}
