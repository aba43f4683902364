import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@isik/domain';
import type { ChartSeries } from '../model/report-views';

/** Most groups one chart draws when they are not periods (the table lists every row); a period's months all show. */
export const CHART_MAX_ROWS = 24;

interface Props {
  rows: Record<string, unknown>[];
  series: ChartSeries[];
  label: (row: Record<string, unknown>) => string;
  /** Rows are consecutive periods (months, weeks): all are drawn, not only the first CHART_MAX_ROWS. */
  periods?: boolean;
}

/**
 * A report's chart (ADR 0041): bars for the amounts and counts, a line on the right axis for a rate or a duration.
 * Numbers in the Turkish format; no animation, so a screenshot is the same on every run.
 */
export function ReportChart({ rows, series, label, periods = false }: Props) {
  const data = (periods ? rows : rows.slice(0, CHART_MAX_ROWS)).map((r) => ({ ...r, __label: label(r) }));
  const bars = series.filter((s) => !s.line);
  const lines = series.filter((s) => s.line);
  const tick = (v: number) => formatNumber(v, Math.abs(v) < 10 && v % 1 !== 0 ? 1 : 0);
  return (
    <div data-testid="report-chart" style={{ width: '100%', height: 320 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 16, right: 16, bottom: 8, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="__label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis yAxisId="left" tickFormatter={tick} tick={{ fontSize: 12 }} width={80} />
          {lines.length > 0 && <YAxis yAxisId="right" orientation="right" tickFormatter={tick} tick={{ fontSize: 12 }} width={48} />}
          <Tooltip formatter={(v) => formatNumber(Number(v), 2)} isAnimationActive={false} />
          <Legend />
          {bars.map((s) => (
            <Bar key={s.key} yAxisId="left" dataKey={s.key} name={s.label} fill={s.color} maxBarSize={56} isAnimationActive={false} />
          ))}
          {lines.map((s) => (
            <Line key={s.key} yAxisId="right" type="monotone" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot isAnimationActive={false} connectNulls />
          ))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
