import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  MOVEMENT_SOURCES, movementSums, OPERATION_CENTERS, OPERATION_TYPES, operationSign, signedQty, summarizeMovements, sum, withRunTotals,
} from '@isik/domain';
import { materialMovements, materials, productMovements, products } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial, insertModel, insertProduct } from '../catalogue/test-fixtures.js';
import { addMaterialMovement, addProductMovement, deleteMaterialMovement, recomputeStockSums, reverseMaterialMovements, reverseProductMovements, updateMaterialMovement } from './ledger-repository.js';
import { isInSql, isOutSql, signedQtySql } from './stock-sign-sql.js';

// docs/derived-data.md: the stock sign rule (giris +, cikis −) has one source, the domain's OPERATION_SIGNS
// (signedQty, movementSums, summarizeMovements, withRunTotals). The SQL that needs it is built from it
// (stock-sign-sql.ts), and this file holds what PostgreSQL stores, recomputes and pages equal to the domain for every
// kind of movement.

let t: TestContext;
beforeAll(async () => { t = await createTestContext(); });
afterAll(async () => { await t?.close(); });
const db = () => t.database.db;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('the stock sign rule: the domain\'s OPERATION_SIGNS, and the SQL built from it, on PostgreSQL', () => {
  it('signedQtySql, isInSql and isOutSql answer as signedQty and operationSign for every direction', async () => {
    const qtys = ['0', '1', '2.5', '0.0001', '12345678.9012', '-3'];
    const pairs = OPERATION_TYPES.flatMap((type) => qtys.map((q) => ({ type, q })));
    const res = rowsOf<{ type: string; q: string; s: string; i: boolean; o: boolean }>(await db().execute(sql`
      select t.type, t.q::text as q, trim_scale(${sql.raw(signedQtySql('t.type', 't.q'))})::text as s,
        ${sql.raw(isInSql('t.type'))} as i, ${sql.raw(isOutSql('t.type'))} as o
      from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as t(type text, q numeric)`));
    expect(res).toHaveLength(pairs.length);
    for (const r of res) {
      expect([r.type, r.q, r.s, r.i, r.o]).toEqual([r.type, r.q, signedQty(r.type, r.q).toFixed(), operationSign(r.type) > 0, operationSign(r.type) < 0]);
    }
    expect(signedQty('giris', 2).toFixed()).toBe('2');
    expect(signedQty('cikis', 2).toFixed()).toBe('-2');
  });

  it('every kind of movement: the stored sums, the balances the ledger keeps and its SQL recomputes, and the ledger pages equal the domain', async () => {
    const model = { id: await insertModel(db(), 0), index: 0, category: 0 };
    const mid = await insertMaterial(db(), 3);
    const pid = await insertProduct(db(), 3, model);
    let i = 0;
    const day = () => new Date(Date.UTC(2024, 0, 1, 0, 0, 0) + i * 3_600_000);
    await db().transaction(async (tx) => {
      for (const type of OPERATION_TYPES) {
        for (const center of OPERATION_CENTERS) {
          for (const source of MOVEMENT_SOURCES) {
            i += 1;
            const common = { operation_type: type, operation_center: center, source, qty: `${i}.${String((i * 37) % 10_000).padStart(4, '0')}`, price: '1.25', orderitem_id: `L${i % 3}`, operation_date: day() };
            await addMaterialMovement(tx, null, { stock_id: mid, ...common }, { log: false });
            await addProductMovement(tx, null, { product_id: pid, ...common }, { log: false });
          }
        }
      }
      // Reversals (the opposite direction), a changed direction and a deleted movement.
      i += 1;
      await reverseMaterialMovements(tx, null, { orderitem_id: 'L1' }, { log: false, operation_date: day() });
      await reverseProductMovements(tx, null, { orderitem_id: 'L2' }, { log: false, operation_date: day() });
      const manual = rowsOf<{ id: string; operation_type: string }>(await tx.execute(sql`select id, operation_type from ${materialMovements}
        where stock_id = ${mid} and source = 'manual' and reverses_id is null order by operation_date limit 2`));
      await updateMaterialMovement(tx, null, manual[0].id, { __v: undefined, operation_type: manual[0].operation_type === 'giris' ? 'cikis' : 'giris' });
      await deleteMaterialMovement(tx, null, manual[1].id, mid);
    });

    for (const [mv, owner, fk, id, url] of [
      [materialMovements, materials, 'stock_id', mid, `/api/stock/list/${mid}?pageSize=1000`],
      [productMovements, products, 'product_id', pid, `/api/productStocks/list/${pid}?pageSize=1000`],
    ] as const) {
      // Each stored movement: sum_qty and sum_price as the domain's movementSums.
      const rows = rowsOf<{ type: string; qty: string; price: string; sq: string; sp: string }>(await db().execute(sql`
        select operation_type as type, trim_scale(qty)::text as qty, trim_scale(price)::text as price, trim_scale(sum_qty)::text as sq, trim_scale(sum_price)::text as sp
        from ${sql.raw(mv === materialMovements ? 'material_movements' : 'product_movements')} where ${sql.raw(fk)} = ${id}`));
      expect(rows.length).toBeGreaterThan(80 / 2);
      expect(new Set(rows.map((r) => r.type))).toEqual(new Set(OPERATION_TYPES));
      for (const r of rows) expect({ sumQty: r.sq, sumPrice: r.sp }, JSON.stringify(r)).toEqual(movementSums(r.type, r.qty, r.price));
      // The balances the ledger kept: the signed sum, and in / out as the domain counts them.
      const [o] = await db().select({ s: sql<string>`trim_scale(stock_sum)::text`, in: sql<string>`trim_scale(stock_in)::text`, out: sql<string>`trim_scale(stock_out)::text` })
        .from(owner).where(eq(owner.id, id));
      const summary = summarizeMovements(rows.map((r) => ({ operation_type: r.type, qty: r.qty })));
      expect(o).toEqual({ s: sum(rows.map((r) => signedQty(r.type, r.qty))).toFixed(), in: String(summary.totalIn), out: String(summary.totalOut) });
      // The ledger page: total in, total out, balance and every running total as the domain computes them from direction and quantity.
      const res = await t.call({ method: 'GET', url, token: t.tokens[2] });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { totalIn: number; totalOut: number; balance: number; stock: { operation_date: string; operation_type: string; qty: number; runTotal: number }[] };
      expect([page.totalIn, page.totalOut, page.balance]).toEqual([summary.totalIn, summary.totalOut, summary.balance]);
      const ascending = [...page.stock].reverse().map(({ operation_date, operation_type, qty }) => ({ operation_date, operation_type, qty }));
      expect(page.stock.map((m) => m.runTotal)).toEqual(withRunTotals(ascending).map((m) => m.runTotal));
    }
    // The ledger's SQL recompute (its in / out filters built from the domain) finds every balance as the ledger kept it.
    expect(await db().transaction((tx) => recomputeStockSums(tx))).toBe(0);
  });
});
