import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay, OPERATION_CENTERS } from '@isik/domain';
import { logs, offers, orderItems } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { insertMaterial, insertModel, insertProduct } from '../catalogue/test-fixtures.js';

let t: TestContext;
beforeAll(async () => { t = await createTestContext(); });
afterAll(async () => { await t?.close(); });

const today = () => businessDay();
const dotted = (day: string) => day.split('-').reverse().join('.');

describe('GET /logs/list/:date', () => {
  it("answers the day's log rows newest first, for YYYY-MM-DD and DD.MM.YYYY, only that day", async () => {
    await t.database.db.insert(logs).values([
      { title: 'Eski kayıt', form: 'companies', person: 'x', date: new Date('2024-03-10T20:59:00Z') },
      // 2024-03-10 21:30 UTC is already 11 March in Istanbul (UTC+3).
      { title: 'Gece kaydı', form: 'companies', person: 'x', date: new Date('2024-03-10T21:30:00Z') },
    ]);
    const res = await t.call({ method: 'GET', url: '/api/logs/list/11.03.2024', token: t.tokens[2] });
    expect(res.statusCode).toBe(200);
    expect(res.json().logs.map((l: { title: string }) => l.title)).toEqual(['Gece kaydı']);
    const iso = await t.call({ method: 'GET', url: '/api/logs/list/2024-03-10', token: t.tokens[2] });
    expect(iso.json().logs).toEqual([expect.objectContaining({ title: 'Eski kayıt', form: 'companies', person: 'x', description: '', operation_id: null, _id: expect.any(String), date: '2024-03-10T20:59:00.000Z' })]);

    const c = await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[0], payload: { company_name: 'Log Firma', company_city: 'Ankara', company_email: 'a@b.com' } });
    expect(c.statusCode).toBe(200);
    const todays = (await t.call({ method: 'GET', url: `/api/logs/list/${dotted(today())}`, token: t.tokens[1] })).json().logs;
    expect(todays[0]).toMatchObject({ title: 'Firma oluşturuldu', description: 'Log Firma', form: 'companies', operation_id: c.json()._id });
  });

  it('keeps the title as a message key and a movement description as a key with its values (units and centres as stored)', async () => {
    const mat = await insertMaterial(t.database.db, 7, { material_name: 'Log Vidası', material_unit: 'Adet' });
    const res = await t.call({ method: 'POST', url: '/api/stock/create', token: t.tokens[0], payload: { stock_id: mat, operation_type: 'giris', operation_center: 'ithalat', qty: '2', price: '1' } });
    expect(res.statusCode).toBe(200);
    const row = (await t.call({ method: 'GET', url: `/api/logs/list/${today()}`, token: t.tokens[0] })).json().logs
      .find((l: { description: string }) => l.description.startsWith('Log Vidası'));
    expect(row).toMatchObject({
      title: 'Stok hareketi oluşturuldu', title_key: 'log.stock.created',
      description: 'Log Vidası: +2 Adet (ithalat)', description_key: 'logText.movement',
      params: { name: 'Log Vidası', sign: '+', qty: '2', unit: 'Adet', center: 'ithalat' },
    });
    // Rows written before keys answer null keys and no values.
    const old = (await t.call({ method: 'GET', url: '/api/logs/list/2024-03-10', token: t.tokens[0] })).json().logs[0];
    expect(old).toMatchObject({ title_key: null, description_key: null, params: {} });
  });

  it('refuses a bad date naming the field, and roles above 2', async () => {
    for (const bad of ['2024-02-30', '31.13.2024', 'yesterday', '2024-1-1']) {
      const res = await t.call({ method: 'GET', url: `/api/logs/list/${bad}`, token: t.tokens[0], lang: 'tr' });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields.date).toContain('GG.AA.YYYY');
    }
    expect((await t.call({ method: 'GET', url: `/api/logs/list/${today()}`, token: t.tokens[3] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/logs/list/${today()}` })).statusCode).toBe(401);
  });

  it('has no way to edit or delete a log row', async () => {
    for (const [method, url] of [['POST', '/api/logs/update/1'], ['GET', '/api/logs/delete/1'], ['DELETE', '/api/logs/1']] as const) {
      expect((await t.call({ method, url, token: t.tokens[0], payload: method === 'POST' ? {} : undefined })).statusCode).toBe(404);
    }
  });
});

describe('GET /stock/outlist/:date', () => {
  it("lists today's material movements out, with the product of their order line; not ins, not undone ones", async () => {
    const db = t.database.db;
    const mat = await insertMaterial(db, 1, { material_name: 'LED Chip 3030', material_category: 'Elektronik', material_group: 'LED', material_unit: 'Adet' });
    const model = await insertModel(db, 1);
    const product = await insertProduct(db, 1, { id: model, index: 1 });
    const offerId = newId();
    await db.insert(offers).values({ id: offerId, teklif_no: 'T-1', teklif_yil: 2000, teklif_sira: 1, teklif_durumu: 1 });
    const lineId = newId();
    await db.insert(orderItems).values({ id: lineId, offer_id: offerId, product_id: product, urun_adi: 'Sokak Armatürü 60W' });
    const move = (body: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/stock/create', token: t.tokens[0], payload: { stock_id: mat, operation_center: OPERATION_CENTERS[0], price: '2', ...body } });
    const out = await move({ operation_type: 'cikis', qty: '12.5', order_id: offerId, orderitem_id: lineId, description: 'Üretim' });
    expect(out.statusCode, out.body).toBe(200);
    expect((await move({ operation_type: 'giris', qty: '100' })).statusCode).toBe(200);
    const undone = await move({ operation_type: 'cikis', qty: '3' });
    expect((await t.call({ method: 'GET', url: `/api/stock/delete/${undone.json()._id}/${mat}`, token: t.tokens[0] })).statusCode).toBe(200);
    await move({ operation_type: 'cikis', qty: '1', operation_date: '2020-01-01T10:00:00.000Z' });

    const res = await t.call({ method: 'GET', url: `/api/stock/outlist/${today()}`, token: t.tokens[2] });
    expect(res.statusCode).toBe(200);
    expect(res.json().stock).toEqual([expect.objectContaining({
      _id: out.json()._id, stock_id: mat, stock_name: 'LED Chip 3030', stock_category: 'Elektronik', stock_group: 'LED', qty: 12.5, unit: 'Adet',
      productname: 'Sokak Armatürü 60W', product_id: product, order_id: offerId, orderitem_id: lineId, description: 'Üretim',
    })]);
    const old = await t.call({ method: 'GET', url: '/api/stock/outlist/01.01.2020', token: t.tokens[2] });
    expect(old.json().stock).toHaveLength(1);
    expect(old.json().stock[0]).toMatchObject({ qty: 1, productname: '', product_id: null });
    expect((await t.call({ method: 'GET', url: '/api/stock/outlist/2020-13-01', token: t.tokens[2] })).json().fields).toHaveProperty('date');
    expect((await t.call({ method: 'GET', url: `/api/stock/outlist/${today()}`, token: t.tokens[3] })).statusCode).toBe(403);
  });
});

describe('GET /dashboard/counts', () => {
  it('counts products, offers of status 0, orders of status 1, order lines, companies and users', async () => {
    const before = (await t.call({ method: 'GET', url: '/api/dashboard/counts', token: t.tokens[2] })).json();
    const db = t.database.db;
    await db.insert(offers).values([
      { id: newId(), teklif_no: 'C-1', teklif_yil: 2001, teklif_sira: 1, teklif_durumu: 0 },
      { id: newId(), teklif_no: 'C-2', teklif_yil: 2001, teklif_sira: 2, teklif_durumu: 0 },
      { id: newId(), teklif_no: 'C-3', teklif_yil: 2001, teklif_sira: 3, teklif_durumu: 1 },
      { id: newId(), teklif_no: 'C-4', teklif_yil: 2001, teklif_sira: 4, teklif_durumu: 4 },
    ]);
    await db.insert(orderItems).values({ id: newId(), urun_adi: 'Stok üretimi' });
    const res = await t.call({ method: 'GET', url: '/api/dashboard/counts', token: t.tokens[2] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...before, offers: before.offers + 2, orders: before.orders + 1, orderItems: before.orderItems + 1 });
    expect(res.json().users).toBe(8);
    // The dashboard is level 2 (spec 000 2.1): the production staff (role 3) do not read its tiles.
    expect((await t.call({ method: 'GET', url: '/api/dashboard/counts', token: t.tokens[3] })).statusCode).toBe(403);
  });
});
