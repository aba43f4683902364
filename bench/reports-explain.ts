// Profiling aid for the reports (issue 26): on a database seeded by bench/reports-db.ts, times each report's
// statement (median of RUNS, one client) and prints its EXPLAIN ANALYZE with EXPLAIN=1.
// `npx tsx bench/reports-explain.ts DATABASE_URL [word]`.
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase } from '../packages/server/src/db/database.js';
import { productionOperations, productionWeeks, purchasingReport, salesReportFromRows, stockReport } from '../packages/server/src/modules/reports/reports-repository.js';
import { salesReport } from '../packages/server/src/modules/reports/sales-sums-repository.js';
import type { Executor } from '../packages/server/src/db/database.js';

async function main() {
  const [url, word] = process.argv.slice(2);
  const database = await openDatabase({ databaseUrl: url });
  const db = database.db;
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 5 * 365 * 86_400_000).toISOString().slice(0, 10);
  const p = { from, to: today };
  const reports: [string, (x: Executor) => Promise<unknown>][] = [
    ['sales month USD', (x) => salesReport(x, { ...p, currency: 'USD', by: 'month' })],
    ['sales customer', (x) => salesReport(x, { ...p, currency: 'TRY', by: 'customer' })],
    ['sales model', (x) => salesReport(x, { ...p, currency: 'TRY', by: 'model' })],
    ['sales category', (x) => salesReport(x, { ...p, currency: 'EUR', by: 'category' })],
    // The same four from the offers and items (ADR 0041's query, before the kept sums of ADR 0047).
    ['rows sales month USD', (x) => salesReportFromRows(x, { ...p, currency: 'USD', by: 'month' })],
    ['rows sales customer', (x) => salesReportFromRows(x, { ...p, currency: 'TRY', by: 'customer' })],
    ['rows sales model', (x) => salesReportFromRows(x, { ...p, currency: 'TRY', by: 'model' })],
    ['rows sales category', (x) => salesReportFromRows(x, { ...p, currency: 'EUR', by: 'category' })],
    ['production week', (x) => productionWeeks(x, { ...p, by: 'week' })],
    ['production operation', (x) => productionOperations(x)],
    ['stock category', (x) => stockReport(x, { view: 'category', days: 90, page: 1, pageSize: 50 })],
    ['stock slow', (x) => stockReport(x, { view: 'slow', days: 90, page: 1, pageSize: 50 })],
    ['stock below', (x) => stockReport(x, { view: 'below', days: 90, page: 1, pageSize: 50 })],
    ['purchasing supplier', (x) => purchasingReport(x, { ...p, by: 'supplier' })],
  ];
  const runs = Number(process.env.RUNS ?? 7);
  const answers: Record<string, unknown> = {};
  for (const [name, run] of reports) {
    if (word && !name.includes(word)) continue;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      answers[name] = await run(db);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`${name}: median ${times[Math.floor(runs / 2)].toFixed(1)} ms, min ${times[0].toFixed(1)} ms`);
    if (process.env.EXPLAIN === '1') {
      const explaining = { execute: async (q: SQL) => {
        const res = await db.execute(sql`explain (analyze, buffers) ${q}`);
        console.log((res as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n'));
        return { rows: [] };
      } } as unknown as Executor;
      await run(explaining).catch((e) => console.log(String(e)));
    }
  }
  // DUMP=file: the answers, to compare two versions of the SQL.
  if (process.env.DUMP) (await import('node:fs')).writeFileSync(process.env.DUMP, JSON.stringify(answers, null, 1));
  await database.close();
}
main().catch((e) => { console.error(e); process.exit(1); });
