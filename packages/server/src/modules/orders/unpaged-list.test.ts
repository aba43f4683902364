// Issue 27, ADR 0060: GET /orders/list without a page answers one offer's lines whole, but of the whole list only the
// first LIST_MAX_PAGE_SIZE lines, as page 1 with the range's total and page count: every line of a status range grows
// with the table (the screen pages since ADR 0060; a caller asking for everything gets the first 1,000 and the count).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MAX_PAGE_SIZE } from '@isik/domain';
import { createTestContext, type TestContext } from '../../test/helper.js';

let t: TestContext;
const LINES = LIST_MAX_PAGE_SIZE + 5;

beforeAll(async () => {
  t = await createTestContext();
  await t.database.pool.query(`insert into offers (id, teklif_no, teklif_yil, teklif_sira, teklif_durumu) values ('up-offer', 'UP-1', 2001, 91001, 1)`);
  // 1,005 waiting lines, newest first by hour; the last 3 belong to one offer.
  await t.database.pool.query(`insert into order_items (id, siparis_durumu, urun_adi, offer_id, siparis_tarihi)
    select 'up-' || lpad(n::text, 5, '0'), 1, 'Sayfasız ' || n, case when n > $1 - 3 then 'up-offer' end, timestamptz '2026-01-01' - n * interval '1 hour'
    from generate_series(1, $1) n`, [LINES]);
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('the order-line list without a page', () => {
  it('answers the first 1,000 lines of the range as page 1, with the total and the page count', async () => {
    const res = await t.call({ method: 'GET', url: '/api/orders/list?type=list&filter1=1&filter2=1&orderBy=siparis_tarihi', token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { orders: { _id: string }[]; page: number; totalPage: number; totalItemCount: number; status1: number };
    expect(body.orders).toHaveLength(LIST_MAX_PAGE_SIZE);
    expect(body.orders[0]._id).toBe('up-00001');
    expect(body.orders.at(-1)!._id).toBe(`up-${String(LIST_MAX_PAGE_SIZE).padStart(5, '0')}`);
    expect({ page: body.page, totalPage: body.totalPage, totalItemCount: body.totalItemCount, status1: body.status1 })
      .toEqual({ page: 1, totalPage: 2, totalItemCount: LINES, status1: LINES });
    // The rest is the next page.
    const next = (await t.call({ method: 'GET', url: `/api/orders/list?type=list&filter1=1&filter2=1&orderBy=siparis_tarihi&page=2&pageSize=${LIST_MAX_PAGE_SIZE}`, token: t.tokens[2] })).json() as typeof body;
    expect(next.orders.map((o) => o._id)).toEqual(['up-01001', 'up-01002', 'up-01003', 'up-01004', 'up-01005']);
  });

  it('answers every line of one offer', async () => {
    const res = await t.call({ method: 'GET', url: '/api/orders/list?type=list&filter1=1&filter2=6&orderBy=siparis_tarihi&offer=up-offer', token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().orders as { _id: string }[]).map((o) => o._id).sort()).toEqual(['up-01003', 'up-01004', 'up-01005']);
  });
});
