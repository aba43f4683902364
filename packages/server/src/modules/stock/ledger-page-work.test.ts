// Issue 27, ADR 0056: a ledger page reads the heap for its own rows only. The rows of the page's hour newer than the
// page (skipped to reach it) are read as keys and signed quantities from the ledger index alone, so a busy hour (the
// growth bench's 100× puts 850 movements of the hot material in an hour) costs index entries, not heap rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial } from '../catalogue/test-fixtures.js';
import { addMaterialMovement } from './ledger-repository.js';
import { ledgerPageSql } from './stock-repository.js';

let t: TestContext;
let mid: string;
const MOVES = 120;
const created: { _id: string; operation_date: string; operation_type: 'giris' | 'cikis'; qty: number }[] = [];

beforeAll(async () => {
  t = await createTestContext();
  mid = await insertMaterial(t.database.db, 7);
  // 120 movements in one hour (one every 30 s), in and out.
  await t.database.db.transaction(async (tx) => {
    for (let i = 0; i < MOVES; i++) {
      const m = await addMaterialMovement(tx, null, {
        stock_id: mid, operation_type: i % 3 === 2 ? 'cikis' : 'giris', operation_center: 'fatura', qty: 1 + (i % 7), price: 1,
        operation_date: new Date(Date.UTC(2025, 4, 5, 9, Math.floor(i / 2), (i % 2) * 30)),
      }, { log: false });
      created.push({ _id: m._id, operation_date: m.operation_date, operation_type: m.operation_type as 'giris' | 'cikis', qty: m.qty });
    }
  });
  await t.database.pool.query('analyze material_movements');
});
afterAll(async () => { await t?.close(); });

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows': number; 'Actual Loops': number; Plans?: PlanNode[] }
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe('a ledger page in a busy hour', () => {
  it('reads the heap for the page\'s rows only, the newer rows of its hour from the index alone; the page is the ledger\'s', async () => {
    const size = 10;
    const page = 6; // 50 rows of the same hour newer than the page
    const query = new PgDialect().sqlToQuery(ledgerPageSql('material'));
    const params = fillPlaceholders(query.params, { owner: mid, off: (page - 1) * size, size });
    // The plan a large ledger gets (the planner would read a table this small whole).
    const c = await t.database.pool.connect();
    let res;
    try {
      await c.query('begin');
      await c.query('set local enable_seqscan = off');
      await c.query('set local enable_bitmapscan = off');
      res = await c.query(`explain (analyze, format json) ${query.sql}`, params);
      await c.query('rollback');
    } finally {
      c.release();
    }
    const plan = nodes((res.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan).filter((n) => n['Relation Name'] === 'material_movements');
    const heapRows = plan.filter((n) => n['Node Type'] !== 'Index Only Scan').reduce((s, n) => s + n['Actual Rows'] * n['Actual Loops'], 0);
    const indexOnly = plan.filter((n) => n['Node Type'] === 'Index Only Scan');
    // Scans of movements that read rows from the heap return the page's rows only; the skipped ones come from an
    // index-only scan (which visits the heap only for pages the visibility map does not yet show all-visible).
    expect(heapRows, JSON.stringify(plan)).toBe(size);
    expect(indexOnly.reduce((s, n) => s + n['Actual Rows'], 0)).toBeGreaterThanOrEqual(size + 50);

    const got = await t.call({ method: 'GET', url: `/api/stock/list/${mid}?page=${page}&pageSize=${size}`, token: t.tokens[2] });
    expect(got.statusCode).toBe(200);
    const whole = await t.call({ method: 'GET', url: `/api/stock/list/${mid}?page=1&pageSize=1000`, token: t.tokens[2] });
    const all = whole.json().stock as { _id: string; runTotal: number }[];
    expect(all).toHaveLength(MOVES);
    expect(all[0].runTotal).toBe(created.reduce((sum, m) => sum + (m.operation_type === 'giris' ? m.qty : -m.qty), 0));
    expect(got.json().stock.map((m: { _id: string; runTotal: number }) => [m._id, m.runTotal]))
      .toEqual(all.slice((page - 1) * size, page * size).map((m) => [m._id, m.runTotal]));
  });
});
