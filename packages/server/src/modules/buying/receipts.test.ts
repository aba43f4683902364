import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { buyingReceipts, buyings, materialMovements, tcmbRates, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { newId } from '../../lib/ids.js';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';
import { insertMaterial } from '../catalogue/test-fixtures.js';

/** Receiving purchases in parts (issue 25, ADR 0045). */
let t: TestContext;
let materialIndex = 500;

const db = () => t.database.db;
const BULLETIN = { tarih: '2026-11-20', bulletin_no: '2026/220', usd_selling: '40.5', usd_buying: '40.4', eur_selling: '45.25', eur_buying: '45.1' };
const newMaterial = () => insertMaterial(db(), materialIndex++, { material_unit: 'Kg', material_price: 2.5, material_doviz: '€' });

type Payload = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Payload, token: string | null = t.tokens[2], lang = 'en') =>
  t.call({ method, url, ...(payload ? { payload } : {}), token, lang });
const receive = (id: string, payload: Payload, token: string | null = t.tokens[2], lang = 'en') => call('POST', `/api/buying/receive/${id}`, payload, token, lang);
const removeReceipt = (id: string, token: string | null = t.tokens[2]) => call('DELETE', `/api/buying/receipts/${id}`, undefined, token);
const update = (id: string, payload: Payload) => call('POST', `/api/buying/update/${id}`, payload);
const detail = async (id: string) => (await call('GET', `/api/buying/${id}`)).json();

/** A purchase of `qty` Kg at 1.25 $ in status `status`. */
async function purchase(qty: number | string, status = 1, materialId?: string) {
  const mid = materialId ?? await newMaterial();
  const res = await call('POST', '/api/buying/create/', { material_id: mid, material_qty: qty, material_price: '1.25', material_doviz: '$', satinalma_durumu: status, siparis_no: 'PO-7' });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json()._id as string, mid };
}
async function ok(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function stockOf(id: string): Promise<number> {
  const res = await call('GET', `/api/materials/${id}`, undefined, t.tokens[0]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().stockSum;
}
const movementsOf = (buyingId: string) => db().select().from(materialMovements)
  .where(and(eq(materialMovements.ref_id, buyingId), eq(materialMovements.source, 'purchase'))).orderBy(asc(materialMovements.seq));

beforeAll(async () => {
  t = await createTestContext();
  await db().insert(tcmbRates).values(BULLETIN);
});
afterAll(async () => { await t?.close(); });

describe('POST /api/buying/receive/{id}', () => {
  it('two partial receipts enter stock through the ledger and the purchase shows received and due', async () => {
    const { id, mid } = await purchase(10);
    const first = await ok(await receive(id, { qty: 4, date: '20.11.2026', note: 'ilk parti' }));
    expect(first).toMatchObject({ satinalma_durumu: 1, received: 4, due: 6, teslim_tarihi: null });
    expect(first.receipts).toHaveLength(1);
    expect(first.receipts[0]).toMatchObject({ purchase_id: id, qty: 4, note: 'ilk parti', person: 'Role2 Tester' });
    expect(new Date(first.receipts[0].date).getDate()).toBe(20);
    expect(await stockOf(mid)).toBe(4);

    const second = await ok(await receive(id, { qty: '2,5', note: '' }));
    expect(second).toMatchObject({ satinalma_durumu: 1, received: 6.5, due: 3.5 });
    expect(second.receipts.map((r: { qty: number }) => r.qty)).toEqual([4, 2.5]);
    expect(await stockOf(mid)).toBe(6.5);

    const moves = await movementsOf(id);
    expect(moves).toHaveLength(2);
    for (const m of moves) expect(m).toMatchObject({ operation_type: 'giris', operation_center: 'fatura', source: 'purchase', ref_id: id, price: '1.2500', doviz: '$', unit: 'Kg', reverses_id: null });
    expect(moves.map((m) => m.qty)).toEqual(['4.0000', '2.5000']);
    expect(second.receipts.map((r: { movement_id: string }) => r.movement_id)).toEqual(moves.map((m) => m.id));

    // The list carries the figures too.
    const list = await ok(await call('GET', '/api/buying/list?filter1=1&filter2=1'));
    expect(list.find((b: { _id: string }) => b._id === id)).toMatchObject({ received: 6.5, due: 3.5 });
    // A receipt's stock entry cannot be deleted on the stock screens: 409 naming the purchase.
    const del = await call('GET', `/api/stock/delete/${moves[0].id}/${mid}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('stock.locked.purchase');
  });

  it('reaching the ordered quantity completes the purchase (3) on the last receipt date; decimals are exact', async () => {
    const { id, mid } = await purchase('0.3', 2);
    expect(await ok(await receive(id, { qty: '0.1' }))).toMatchObject({ satinalma_durumu: 2, due: 0.2 });
    const done = await ok(await receive(id, { qty: '0,2', date: '2026-11-22T10:00:00.000Z' }));
    expect(done).toMatchObject({ satinalma_durumu: 3, received: 0.3, due: 0, teslim_tarihi: '2026-11-22T10:00:00.000Z' });
    expect(await stockOf(mid)).toBe(0.3);
    // Completed: no more receipts.
    const more = await receive(id, { qty: 1, overReceipt: true });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'receipt.status', message: 'Only purchases in status Order or Control can be received.' });
  });

  it('refuses more than is due on qty, in the caller language, unless overReceipt is sent', async () => {
    const { id, mid } = await purchase(10);
    await ok(await receive(id, { qty: 8 }));
    const over = await receive(id, { qty: 3 }, t.tokens[2], 'tr');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'receipt.qty.over', fields: { qty: 'Bu miktar kalan miktarı (2,00 Kg) aşıyor. Fazlasını teslim almak için onaylayın.' } });
    expect(await stockOf(mid)).toBe(8);
    expect((await receive(id, { qty: 3, overReceipt: false })).statusCode).toBe(409);
    const accepted = await ok(await receive(id, { qty: 3, overReceipt: true }));
    expect(accepted).toMatchObject({ satinalma_durumu: 3, received: 11, due: 0 });
    expect(await stockOf(mid)).toBe(11);
  });

  it('refuses a purchase that is not at 1 or 2 with 409 and writes nothing', async () => {
    for (const status of [0, 3, 4]) {
      const { id, mid } = await purchase(5, status);
      const res = await receive(id, { qty: 1 }, t.tokens[2], 'es');
      expect(res.statusCode, `status ${status}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'receipt.status', fields: { satinalma_durumu: 'Solo se pueden recibir compras en estado Pedido o Control.' } });
      expect(await stockOf(mid)).toBe(status === 3 ? 5 : 0);
    }
  });

  it('refuses a bad quantity, date or note with the field and the reason', async () => {
    const { id, mid } = await purchase(5);
    const cases: [Payload, Record<string, string>][] = [
      [{ qty: 0 }, { qty: 'The received quantity must be a number above 0.' }],
      [{ qty: -2 }, { qty: 'The received quantity must be a number above 0.' }],
      [{ qty: '0,001' }, { qty: 'The received quantity must be a number above 0.' }],
      [{ qty: 'abc' }, { qty: 'The quantity is not a readable number: write it as 1234,56 or 1234.56.' }],
      [{}, { qty: 'The received quantity must be a number above 0.' }],
      [{ qty: [1] }, { qty: 'The received quantity must be a number above 0.' }],
      [{ qty: 1, date: 'yarın' }, { date: 'The receipt date is not valid.' }],
      [{ qty: 1, note: 'x'.repeat(501) }, { note: 'This field is too long.' }],
      [{ qty: 1, overReceipt: 'yes' }, { overReceipt: 'This field has the wrong type.' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await receive(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toEqual(fields);
    }
    const tr = await receive(id, { qty: 'abc' }, t.tokens[2], 'tr');
    expect(tr.json().fields).toEqual({ qty: 'Miktar sayı olarak okunamadı: 1234,56 ya da 1234.56 biçiminde yazınız.' });
    expect((await call('POST', `/api/buying/receive/${id}`, [] as unknown as Payload)).statusCode).toBe(400);
    expect(await stockOf(mid)).toBe(0);
    expect((await detail(id)).receipts).toEqual([]);
  });

  it('answers 404 for an unknown purchase, 401 without a token and 403 below level 2 or without the buying write right', async () => {
    const { id, mid } = await purchase(5);
    expect((await receive('unknown', { qty: 1 })).statusCode).toBe(404);
    expect((await receive(id, { qty: 1 }, null)).statusCode).toBe(401);
    for (const role of [3, 4, 7]) expect((await receive(id, { qty: 1 }, t.tokens[role])).statusCode, `role ${role}`).toBe(403);
    await db().insert(users).values({
      id: newId(), firstname: 'Satın', lastname: 'Okur', email: 'receipt-read@test.local', role: 2,
      permissions: { buying: { read: true, write: false, delete: false } }, password_hash: await hashPassword(USER_PASSWORD),
    });
    const reader = (await call('POST', '/api/auth/login', { email: 'receipt-read@test.local', password: USER_PASSWORD }, null)).json().token;
    const denied = await receive(id, { qty: 1 }, reader);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('error.modulePermission');
    expect(await stockOf(mid)).toBe(0);
    expect((await receive(id, { qty: 1 }, t.tokens[1])).statusCode).toBe(200);
    expect((await receive(id, { qty: 1 }, t.tokens[0])).statusCode).toBe(200);
    expect(await stockOf(mid)).toBe(2);
  });

  it('two receipts at once cannot both pass the due check', async () => {
    const { id, mid } = await purchase(10);
    const both = await Promise.all([receive(id, { qty: 6 }), receive(id, { qty: 6 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(mid)).toBe(6);
    // Eight receipts of 1 at once on 5 due (through two API instances): exactly five pass.
    const p = await purchase(5);
    const second = await t.openSecondInstance();
    try {
      const viaSecond = () => second.app.inject({ method: 'POST', url: `/api/buying/receive/${p.id}`, payload: { qty: 1 }, headers: { authorization: `Bearer ${t.tokens[2]}` } });
      const res = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? viaSecond() : receive(p.id, { qty: 1 }))));
      expect(res.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(res.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    } finally {
      await second.close();
    }
    expect(await stockOf(p.mid)).toBe(5);
    expect(await detail(p.id)).toMatchObject({ satinalma_durumu: 3, received: 5, due: 0 });
    expect(await movementsOf(p.id)).toHaveLength(5);
  });
});

describe('DELETE /api/buying/receipts/{id}', () => {
  it('writes the reversal, removes the receipt and takes a completed purchase back to 2', async () => {
    const { id, mid } = await purchase(10);
    await ok(await receive(id, { qty: 4 }));
    const done = await ok(await receive(id, { qty: 6 }));
    expect(done.satinalma_durumu).toBe(3);
    const [a, b] = done.receipts;
    const back = await ok(await removeReceipt(b._id));
    expect(back).toMatchObject({ satinalma_durumu: 2, received: 4, due: 6, teslim_tarihi: null });
    expect(back.receipts.map((r: { _id: string }) => r._id)).toEqual([a._id]);
    expect(await stockOf(mid)).toBe(4);
    const moves = await movementsOf(id);
    expect(moves.map((m) => [m.operation_type, m.qty])).toEqual([['giris', '4.0000'], ['giris', '6.0000'], ['cikis', '6.0000']]);
    expect(moves[2]).toMatchObject({ reverses_id: b.movement_id, source: 'purchase', ref_id: id });
    // Deleting again: 404; at 2 the purchase stays at 2.
    expect((await removeReceipt(b._id)).statusCode).toBe(404);
    expect(await ok(await removeReceipt(a._id))).toMatchObject({ satinalma_durumu: 2, received: 0, due: 10, receipts: [] });
    expect(await stockOf(mid)).toBe(0);
  });

  it('answers 404 for an unknown receipt, 401 without a token and 403 below level 2', async () => {
    const { id } = await purchase(3);
    const r = (await ok(await receive(id, { qty: 1 }))).receipts[0];
    expect((await removeReceipt('unknown')).statusCode).toBe(404);
    expect((await removeReceipt(r._id, null)).statusCode).toBe(401);
    expect((await removeReceipt(r._id, t.tokens[3])).statusCode).toBe(403);
    expect((await detail(id)).receipts).toHaveLength(1);
  });
});

describe('receipts and the status radio', () => {
  it('radio 3 receives what is still due, once', async () => {
    const { id, mid } = await purchase(10);
    await ok(await receive(id, { qty: 4 }));
    const done = await ok(await update(id, { satinalma_durumu: 3 }));
    expect(done).toMatchObject({ satinalma_durumu: 3, received: 10, due: 0 });
    expect(done.receipts.map((r: { qty: number }) => r.qty)).toEqual([4, 6]);
    expect(done.movement_id).toBe(done.receipts[1].movement_id);
    expect(await stockOf(mid)).toBe(10);
    // The same move again (and twice at once on another purchase) receives nothing more.
    await ok(await update(id, { satinalma_durumu: 3, siparis_notu: 'tamam' }));
    expect(await stockOf(mid)).toBe(10);
    expect(await movementsOf(id)).toHaveLength(2);
    const p = await purchase(7, 2, mid);
    await ok(await receive(p.id, { qty: 2 }));
    const both = await Promise.all([update(p.id, { satinalma_durumu: 3 }), update(p.id, { satinalma_durumu: 3 })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await stockOf(mid)).toBe(17);
    expect((await detail(p.id)).receipts.map((r: { qty: number }) => r.qty)).toEqual([2, 5]);
  });

  it('the one-step flow of a purchase without receipts receives its whole quantity in one receipt', async () => {
    const { id, mid } = await purchase(3, 0);
    const done = await ok(await update(id, { satinalma_durumu: 3 }));
    expect(done).toMatchObject({ received: 3, due: 0 });
    expect(done.receipts).toHaveLength(1);
    expect(await stockOf(mid)).toBe(3);
    // A purchase created at 3 too.
    const direct = await purchase(2, 3, mid);
    expect(await detail(direct.id)).toMatchObject({ received: 2, due: 0 });
    expect(await stockOf(mid)).toBe(5);
  });

  it('cancelling a purchase with receipts keeps them and its stock and cancels only what is due', async () => {
    const { id, mid } = await purchase(10);
    await ok(await receive(id, { qty: 4 }));
    const canceled = await ok(await update(id, { satinalma_durumu: 4 }));
    expect(canceled).toMatchObject({ satinalma_durumu: 4, received: 4, due: 0 });
    expect(canceled.receipts).toHaveLength(1);
    expect(await stockOf(mid)).toBe(4);
    expect((await movementsOf(id)).map((m) => m.operation_type)).toEqual(['giris']);
    // It takes no more receipts, and cannot be deleted while it has receipts (the stock it brought stays explained).
    expect((await receive(id, { qty: 1, overReceipt: true })).statusCode).toBe(409);
    const del = await call('DELETE', `/api/buying/delete/${id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'receipt.delete.hasReceipts', message: 'A purchase with receipts cannot be deleted: delete its receipts first.' });
    // Its receipt can still be taken back; then the canceled purchase can be deleted.
    expect(await ok(await removeReceipt(canceled.receipts[0]._id))).toMatchObject({ satinalma_durumu: 4, received: 0, due: 0 });
    expect(await stockOf(mid)).toBe(0);
    expect((await call('DELETE', `/api/buying/delete/${id}`)).statusCode).toBe(200);
  });

  it('cancelling a completed purchase (3 -> 4) reverses and removes every receipt', async () => {
    const { id, mid } = await purchase(10);
    await ok(await receive(id, { qty: 4 }));
    await ok(await receive(id, { qty: 6 }));
    const canceled = await ok(await update(id, { satinalma_durumu: 4 }));
    expect(canceled).toMatchObject({ satinalma_durumu: 4, received: 0, due: 0, receipts: [] });
    expect(await stockOf(mid)).toBe(0);
    expect((await movementsOf(id)).map((m) => `${m.operation_type} ${m.qty}`)).toEqual(['giris 4.0000', 'giris 6.0000', 'cikis 4.0000', 'cikis 6.0000']);
  });

  it('an open purchase with receipts keeps the material, unit, price and currency of its stock entries and at least the received quantity', async () => {
    const { id } = await purchase(10, 2);
    await ok(await receive(id, { qty: 4 }));
    const res = await update(id, { material_price: 2, material_doviz: '€', material_unit: 'Adet' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'receipt.locked', fields: { material_price: expect.any(String), material_doviz: expect.any(String), material_unit: expect.any(String) } });
    const below = await update(id, { material_qty: 3 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ code: 'receipt.qty.belowReceived', fields: { material_qty: 'The quantity cannot be less than what was received (4,00 Kg).' } });
    expect(await ok(await update(id, { material_qty: 12 }))).toMatchObject({ received: 4, due: 8 });
    const [row] = await db().select().from(buyings).where(eq(buyings.id, id));
    expect(row.received_qty).toBe('4.0000');
  });
});

describe('migration 0026', () => {
  it('makes the stock entry of each purchase completed before receipts existed its one receipt', async () => {
    const { id, mid } = await purchase(5, 3);
    const canceled = await purchase(2, 3, mid);
    await ok(await update(canceled.id, { satinalma_durumu: 4 }));
    const entry = (await detail(id)).movement_id;
    // As the one-step flow left them: a movement, no receipt, nothing received.
    await db().delete(buyingReceipts).where(eq(buyingReceipts.purchase_id, id));
    await db().update(buyings).set({ received_qty: '0' }).where(eq(buyings.id, id));
    expect(await detail(id)).toMatchObject({ received: 0, receipts: [] });

    const text = readFileSync(new URL('../../../drizzle/0028_partial_receipts.sql', import.meta.url), 'utf8');
    const backfill = text.split('--> statement-breakpoint').filter((s) => /INSERT INTO "buying_receipts"|UPDATE "buyings"/.test(s));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await db().execute(sql.raw(statement));

    const after = await detail(id);
    expect(after).toMatchObject({ satinalma_durumu: 3, received: 5, due: 0 });
    expect(after.receipts).toHaveLength(1);
    expect(after.receipts[0]).toMatchObject({ qty: 5, movement_id: entry, person: 'Role2 Tester' });
    expect(await detail(canceled.id)).toMatchObject({ received: 0, receipts: [] });
    expect(await stockOf(mid)).toBe(5);
  });
});
