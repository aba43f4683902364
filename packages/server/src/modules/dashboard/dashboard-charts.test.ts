import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay, type DashboardCharts } from '@isik/domain';
import { offers, orderItems } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { dashboardCharts } from './dashboard-charts-repository.js';

/** Issue 26, spec 000 2.5: the dashboard's charts by Istanbul days. */
let t: TestContext;
let seq = 1;
const db = () => t.database.db;
/** The Istanbul calendar day of an instant, worked out here apart from the code under test. */
const istanbulDay = (at: Date) => new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

async function order(at: string, status = 1) {
  const n = seq++;
  await db().insert(offers).values({ id: newId(), teklif_no: `DC-${n}`, teklif_yil: 1999, teklif_sira: n, teklif_durumu: status, siparis_tarihi: new Date(at) });
}
async function completed(at: string, percent = '100') {
  await db().insert(orderItems).values({ id: newId(), urun_adi: 'Tamamlanan', tamamlanma_orani: percent, siparis_durumu: 2, bitis_tarihi: new Date(at) });
}

beforeAll(async () => { t = await createTestContext(); });
afterAll(async () => { await t?.close(); });

describe('dashboard charts', () => {
  // Tuesday 10 March 2026, 12:00 in Istanbul: this month March, last month February (28 days), week 9-15 March.
  const now = new Date('2026-03-10T09:00:00Z');
  const orderRows: [string, number][] = [
    ['2026-01-31T20:59:59Z', 1], // 31 January 23:59:59 in Istanbul: before last month
    ['2026-01-31T21:00:00Z', 1], // 1 February 00:00 in Istanbul
    ['2026-02-14T10:00:00Z', 2],
    ['2026-02-14T11:00:00Z', 0], // an offer, not an order
    ['2026-02-28T20:59:59Z', 3], // 28 February 23:59:59
    ['2026-02-28T21:00:00Z', 1], // 1 March 00:00
    ['2026-03-05T09:00:00Z', 4], // cancelled
    ['2026-03-05T10:00:00Z', 1],
    ['2026-03-10T08:00:00Z', 1],
  ];
  const doneRows: [string, string][] = [
    ['2026-03-08T20:59:59Z', '100'], // Sunday 8 March 23:59:59: last week
    ['2026-03-08T21:00:00Z', '100'], // Monday 9 March 00:00
    ['2026-03-10T07:00:00Z', '100'],
    ['2026-03-10T07:30:00Z', '100'],
    ['2026-03-11T07:30:00Z', '60'], // not complete
    ['2026-03-15T20:59:59Z', '100'], // Sunday 15 March 23:59:59
    ['2026-03-15T21:00:00Z', '100'], // next Monday
  ];

  it('counts orders up by day of month this month and last, and lines completed each day of the week, by Istanbul days', async () => {
    for (const [at, s] of orderRows) await order(at, s);
    for (const [at, p] of doneRows) await completed(at, p);
    const c = await dashboardCharts(db(), now);
    expect([c.today, c.thisMonth, c.lastMonth]).toEqual(['2026-03-10', '2026-03', '2026-02']);

    // Expected figures straight from the rows.
    const perDay = new Map<string, number>();
    for (const [at, s] of orderRows) if (s >= 1 && s <= 3) perDay.set(istanbulDay(new Date(at)), (perDay.get(istanbulDay(new Date(at))) ?? 0) + 1);
    const expected: DashboardCharts['month'] = [];
    let a = 0;
    let b = 0;
    for (let day = 1; day <= 31; day++) {
      const dd = String(day).padStart(2, '0');
      const nThis = day <= 10 ? perDay.get(`2026-03-${dd}`) ?? 0 : null;
      const nLast = day <= 28 ? perDay.get(`2026-02-${dd}`) ?? 0 : null;
      a += nThis ?? 0;
      b += nLast ?? 0;
      expected.push({ day, thisMonth: nThis === null ? null : a, lastMonth: nLast === null ? null : b, thisMonthNew: nThis, lastMonthNew: nLast });
    }
    expect(c.month).toEqual(expected);
    // The edges by hand: 1 Feb has the 21:00 UTC order, 28 Feb the 20:59:59 one, 1 March the 21:00 one.
    expect(c.month[0]).toMatchObject({ thisMonthNew: 1, lastMonthNew: 1 });
    expect(c.month[27]).toMatchObject({ lastMonthNew: 1, lastMonth: 3 });
    expect(c.month[9]).toMatchObject({ thisMonth: 3 });
    expect(c.month[28]).toMatchObject({ lastMonth: null });

    const week = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15'];
    const doneOn = (day: string) => doneRows.filter(([at, p]) => p === '100' && istanbulDay(new Date(at)) === day).length;
    expect(c.week).toEqual(week.map((date) => ({ date, lines: doneOn(date) })));
    expect(c.week.map((w) => w.lines)).toEqual([1, 2, 0, 0, 0, 0, 1]);
  });

  it('a week that runs into the next month and a January whose last month is December', async () => {
    const c = await dashboardCharts(db(), new Date('2027-01-01T06:00:00Z')); // Friday 1 January 2027
    expect([c.thisMonth, c.lastMonth]).toEqual(['2027-01', '2026-12']);
    expect(c.week.map((w) => w.date)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(c.month).toHaveLength(31);
    expect(c.month[1]).toMatchObject({ thisMonth: null, lastMonth: 0 });
  });

  it('GET /api/dashboard/charts answers today\'s charts to level 2 (as the dashboard), 403 to level 3, 401 without a session', async () => {
    await order(new Date().toISOString(), 1);
    const res = await t.call({ method: 'GET', url: '/api/dashboard/charts', token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as DashboardCharts;
    expect(c.today).toBe(businessDay());
    const today = Number(c.today.slice(8));
    expect(c.month[today - 1].thisMonthNew).toBe(1);
    expect(c.week).toHaveLength(7);
    expect(c.week.map((w) => w.date)).toContain(c.today);
    expect((await t.call({ method: 'GET', url: '/api/dashboard/charts', token: t.tokens[3] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/dashboard/charts', token: null })).statusCode).toBe(401);
  });
});
