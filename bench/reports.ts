// Report scenarios of the benchmark (issue 26, ADR 0041): each report's call over the bench's data set (20,000 offers
// with their items, 20,000 order lines, 200,000 movements), the widest period the API takes (five years to today),
// 10 connections. bench/run.ts appends reportScenarios(); BENCH_ONLY=reports runs only these.
import type autocannon from 'autocannon';

const day = (d: Date) => d.toISOString().slice(0, 10);

export function reportScenarios(): [string, autocannon.Request, number][] {
  const to = new Date();
  const period = `from=${day(new Date(to.getTime() - 5 * 365 * 86_400_000))}&to=${day(to)}`;
  const get = (name: string, path: string): [string, autocannon.Request, number] => [`reports: ${name}`, { method: 'GET', path }, 10];
  return [
    get('sales per month in $ (5 years)', `/api/reports/sales?${period}&currency=USD&by=month`),
    get('sales per customer (5 years)', `/api/reports/sales?${period}&by=customer`),
    get('sales per model (5 years, offer items)', `/api/reports/sales?${period}&by=model`),
    get('production per week (5 years)', `/api/reports/production?${period}&by=week`),
    get('production: work in progress per operation', '/api/reports/production?by=operation'),
    get('stock value per category', '/api/reports/stock?view=category'),
    get('stock: slow movers (90 days)', '/api/reports/stock?view=slow&days=90'),
    get('stock: below minimum', '/api/reports/stock?view=below'),
    get('purchasing per supplier (5 years)', `/api/reports/purchasing?${period}&by=supplier`),
  ];
}
