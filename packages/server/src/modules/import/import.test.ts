import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { companies, logs, materialMovements, materials, products, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { createTestContext, USER_PASSWORD, type TestContext } from '../../test/helper.js';
import { insertModel } from '../catalogue/test-fixtures.js';
import { parseCsv } from './import-files.js';

let t: TestContext;
beforeAll(async () => { t = await createTestContext(); }, 60_000);
afterAll(async () => { await t?.close(); });

const BOUNDARY = 'import-test-boundary';
function multipart(bytes: Buffer, name: string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

function preview(kind: string, bytes: Buffer, o: { name?: string; role?: number; lang?: string } = {}) {
  return t.call({
    method: 'POST', url: `/api/import/${kind}/preview`, token: t.tokens[o.role ?? 1], lang: o.lang ?? 'en',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipart(bytes, o.name ?? `${kind}.csv`),
  });
}
function commit(kind: string, previewId: string, validOnly = false, role = 1) {
  return t.call({ method: 'POST', url: `/api/import/${kind}/commit`, token: t.tokens[role], lang: 'en', payload: { previewId, validOnly } });
}
interface Row { row: number; code: string; action: string; errors: { field: string; message: string }[] }
const errorsOf = (rows: Row[], n: number) => rows.find((r) => r.row === n)!.errors;

async function countOf(table: typeof companies | typeof materials | typeof products, where?: ReturnType<typeof sql>) {
  const [{ n }] = await t.database.db.select({ n: count() }).from(table).where(where);
  return Number(n);
}

describe('GET /api/import/:kind/template', () => {
  it("answers an .xlsx with the kind's columns in the caller's language and an example row", async () => {
    for (const [lang, first] of [['en', 'Company name'], ['tr', 'Firma adı'], ['es', 'Nombre de la empresa']] as const) {
      const res = await t.call({ method: 'GET', url: '/api/import/companies/template', token: t.tokens[1], lang });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws.getRow(1).getCell(1).value).toBe(first);
      expect(ws.getRow(2).getCell(1).value).toBe('Örnek Aydınlatma A.Ş.');
    }
  });

  it('refuses an unknown kind with 400 naming the kinds, in the caller\'s language', async () => {
    const res = await t.call({ method: 'GET', url: '/api/import/people/template', token: t.tokens[1], lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The import kind must be companies, materials or products.');
  });
});

describe('levels', () => {
  it('is level 1: roles 0-1 may import, role 2 and above are refused with 403, no session 401', async () => {
    const file = csv(['company_name,company_email,company_city', 'Seviye Firma,s@example.com,Ankara']);
    expect((await t.call({ method: 'GET', url: '/api/import/companies/template', token: t.tokens[2] })).statusCode).toBe(403);
    expect((await preview('companies', file, { role: 2 })).statusCode).toBe(403);
    expect((await preview('companies', file, { role: 7 })).statusCode).toBe(403);
    expect((await commit('companies', 'x', false, 2)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/import/companies/template', token: null })).statusCode).toBe(401);
    expect((await preview('companies', file, { role: 0 })).statusCode).toBe(200);
    expect((await preview('companies', file, { role: 1 })).statusCode).toBe(200);
  });

  it("needs the write right of the kind's module in the permission grid", async () => {
    await t.database.db.insert(users).values({
      id: newId(), firstname: 'İthal', lastname: 'Okur', email: 'import-read@test.local', role: 1,
      permissions: { companies: { read: true, write: false, delete: false } }, password_hash: await hashPassword(USER_PASSWORD),
    });
    const token = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'import-read@test.local', password: USER_PASSWORD } })).json().token as string;
    const res = await t.call({
      method: 'POST', url: '/api/import/companies/preview', token, lang: 'en',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipart(csv(['company_name,company_email,company_city', 'İzinsiz Firma,i@example.com,Ankara']), 'c.csv'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('error.modulePermission');
    expect((await t.call({ method: 'POST', url: '/api/import/companies/commit', token, payload: { previewId: 'x', validOnly: true } })).statusCode).toBe(403);
  });
});

describe('companies', () => {
  it('previews every row with its errors (field and reason in the caller\'s language), writing nothing', async () => {
    await t.call({ method: 'POST', url: '/api/companies/create', token: t.tokens[1], payload: { company_name: 'Kayıtlı Firma', company_city: 'Ankara', company_email: 'k@example.com' } });
    const before = await countOf(companies);
    const res = await preview('companies', csv([
      'company_name,company_email,company_city,company_category',
      'Yeni Firma,yeni@example.com,İzmir,Customer',
      'Eposta Yok,,Ankara,Customer',
      'Bozuk Eposta,not-an-email,Ankara,Suppliers',
      'yeni firma,ikinci@example.com,Bursa,Customer',
      'Kategori Firma,c@example.com,Ankara,Partner',
      'KAYITLI FIRMA,k@example.com,Konya,Tedarikçi',
      'X,x@example.com,Ankara,Customer',
    ]));
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ kind: 'companies', total: 7, valid: 2, invalid: 5, previewId: expect.any(String) });
    expect(errorsOf(p.rows, 2)).toEqual([]);
    expect(errorsOf(p.rows, 3)).toEqual([{ field: 'company_email', message: 'Email is not valid!' }]);
    expect(errorsOf(p.rows, 4)).toEqual([{ field: 'company_email', message: 'Email is not valid!' }]);
    expect(errorsOf(p.rows, 5)).toEqual([{ field: 'company_name', message: 'This code is also in row 2 of the file.' }]);
    expect(errorsOf(p.rows, 6)).toEqual([{ field: 'company_category', message: 'The category must be Customer or Suppliers.' }]);
    expect(errorsOf(p.rows, 8)).toEqual([{ field: 'company_name', message: expect.stringMatching(/.+/) }]);
    expect(p.rows.find((r: Row) => r.row === 7)).toMatchObject({ action: 'update', errors: [] });
    expect(p.rows.find((r: Row) => r.row === 2)).toMatchObject({ action: 'create' });
    // Turkish for a Turkish caller.
    const tr = (await preview('companies', csv(['Firma adı,E-posta,Şehir', 'Türkçe Firma,bozuk,Ankara']), { lang: 'tr' })).json();
    expect(tr.rows[0].errors).toEqual([{ field: 'company_email', message: expect.stringContaining('') }]);
    expect(tr.rows[0].errors[0].message).not.toBe('Email is not valid!');
    expect(await countOf(companies)).toBe(before);
  });

  it('commits all or nothing: with an error nothing is written; validOnly writes the valid rows; a log row says who imported what', async () => {
    const file = csv(['company_name,company_email,company_city', 'Toplu Bir,bir@example.com,Ankara', 'Toplu İki,,Ankara', 'Toplu Üç,uc@example.com,Sivas']);
    const p = (await preview('companies', file, { name: 'firmalar.csv' })).json();
    const before = await countOf(companies);
    const all = await commit('companies', p.previewId);
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe('1 rows have errors: nothing was written. Correct them or import the valid rows only.');
    expect(await countOf(companies)).toBe(before);

    const valid = await commit('companies', p.previewId, true);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ kind: 'companies', created: 2, updated: 0, skipped: 1, movements: 0 });
    expect(await countOf(companies)).toBe(before + 2);
    const list = (await t.call({ method: 'GET', url: '/api/companies/list?search=Toplu', token: t.tokens[2] })).json();
    expect(list.companyList.map((c: { company_name: string }) => c.company_name).sort()).toEqual(['Toplu Bir', 'Toplu Üç']);
    const [log] = await t.database.db.select().from(logs).where(eq(logs.form, 'import')).orderBy(sql`${logs.date} desc`).limit(1);
    expect(log).toMatchObject({ title_key: 'log.import.done', person_id: t.userIds[1], description: 'companies (firmalar.csv): 2 yeni, 0 güncellendi, 1 atlandı' });
    // A preview commits once.
    expect((await commit('companies', p.previewId, true)).statusCode).toBe(404);
  });

  it('importing the same file again updates by code (name) instead of duplicating', async () => {
    const lines = ['company_name,company_email,company_city', 'Tekrar Firma,t@example.com,Ankara', 'Tekrar İkinci,t2@example.com,Ankara'];
    const first = (await preview('companies', csv(lines))).json();
    expect((await commit('companies', first.previewId)).json()).toMatchObject({ created: 2, updated: 0 });
    const before = await countOf(companies);
    const [{ id }] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.company_name, 'Tekrar Firma'));
    const again = (await preview('companies', csv([lines[0], 'TEKRAR FİRMA,t@example.com,Eskişehir', lines[2]]))).json();
    expect(again.rows.map((r: Row) => r.action)).toEqual(['update', 'update']);
    expect((await commit('companies', again.previewId)).json()).toMatchObject({ created: 0, updated: 2 });
    expect(await countOf(companies)).toBe(before);
    const [c] = await t.database.db.select().from(companies).where(eq(companies.id, id));
    // The file's spelling of the name and its other columns are stored.
    expect(c).toMatchObject({ company_name: 'TEKRAR FİRMA', company_city: 'Eskişehir' });
    expect(c.version).toBe(1);
  });

  it('rolls the whole commit back when a row fails while writing (a code made ambiguous after the preview)', async () => {
    const header = 'material_name,material_category,material_group,material_price,opening_stock';
    await commit('materials', (await preview('materials', csv([header, 'Geri Al Var,Elektrik,Kablo,1,5']))).json().previewId);
    const p = (await preview('materials', csv([header, 'Geri Al Var,Elektrik,Kablo,2,5', 'Geri Al Yeni,Elektrik,Kablo,1,7', 'Geri Al Çift,Elektrik,Kablo,1,1']))).json();
    expect(p.invalid).toBe(0);
    for (let i = 0; i < 2; i++) {
      const made = await t.call({ method: 'POST', url: '/api/materials/create', token: t.tokens[1], payload: { material_name: 'Geri Al Çift', material_category: 'Elektrik', material_group: 'Kablo' } });
      expect(made.statusCode).toBe(200);
    }
    const res = await commit('materials', p.previewId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Several stored records have this code; which one to update is not clear.');
    // The first row's update, written before the failing row, was rolled back with the rest.
    const [kept] = await t.database.db.select().from(materials).where(eq(materials.material_name, 'Geri Al Var'));
    expect(kept).toMatchObject({ material_price: '1.0000', version: 0 });
    expect(await countOf(materials, sql`${materials.material_name} = 'Geri Al Yeni'`)).toBe(0);
  });

  it('answers bad files with 400 and a reason, never 500', async () => {
    expect((await preview('companies', Buffer.from([0, 1, 2, 3, 0xff, 0xfe]))).json()).toMatchObject({ code: 'import.file.unreadable' });
    expect((await preview('companies', Buffer.from('PK\u0003\u0004garbage'))).json()).toMatchObject({ code: 'import.file.unreadable' });
    expect((await preview('companies', csv(['foo,bar', '1,2']))).json()).toMatchObject({ code: 'import.file.noColumns' });
    expect((await preview('companies', csv(['company_name,company_email']))).json()).toMatchObject({ code: 'import.file.empty' });
    const many = csv(['company_name,company_email,company_city', ...Array.from({ length: 10_001 }, (_, i) => `F${i},f${i}@example.com,Ankara`)]);
    const tooMany = await preview('companies', many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('A file may have at most 10000 rows; this one has 10001.');
    const noFile = await t.call({ method: 'POST', url: '/api/import/companies/preview', token: t.tokens[1], lang: 'en', payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Choose an .xlsx or .csv file.');
    const unknown = await commit('companies', 'no-such-preview');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The preview was not found or has expired; upload the file again.');
    expect((await t.call({ method: 'POST', url: '/api/import/companies/commit', token: t.tokens[1], payload: { previewId: 3 } })).statusCode).toBe(400);
    // Another user's preview is not theirs to commit.
    const p = (await preview('companies', csv(['company_name,company_email,company_city', 'Başkası Firma,b@example.com,Ankara']), { role: 0 })).json();
    expect((await commit('companies', p.previewId, false, 1)).statusCode).toBe(404);
  });

  it('reads quoted CSV fields with commas, quotes and line breaks, and semicolon files', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n')).toEqual([['a', 'b'], ['x, y', 'say "hi"\nthere']]);
    expect(parseCsv('\ufeffa;b\n1,5;2\n')).toEqual([['a', 'b'], ['1,5', '2']]);
  });
});

describe('materials with opening stock', () => {
  async function filledTemplate(rows: string[][]) {
    const res = await t.call({ method: 'GET', url: '/api/import/materials/template', token: t.tokens[1], lang: 'tr' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    ws.spliceRows(2, 1);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('previews the .xlsx template filled in, writes the materials and their opening stock through the ledger (giris, devir), and a re-import does not add it again', async () => {
    const file = await filledTemplate([
      ['Açılış Vidası', 'Mekanik', 'Vida', 'Adet', '0,25', '₺', '120'],
      ['Açılış Kablosu', 'Elektrik', 'Kablo', 'Metre', '3.5', '$', '40,5'],
      ['Stoksuz Malzeme', 'Elektrik', 'Kablo', '', '', '', ''],
      ['Eksi Stok', 'Elektrik', 'Kablo', 'Adet', '1', '$', '-5'],
      ['Birimi Bozuk', 'Elektrik', 'Kablo', 'Kutu', '1', '$', '1'],
      ['', 'Elektrik', 'Kablo', 'Adet', '1', '$', '1'],
    ]);
    const p = (await preview('materials', file, { name: 'malzemeler.xlsx' })).json();
    expect(p).toMatchObject({ total: 6, valid: 3, invalid: 3 });
    expect(errorsOf(p.rows, 5)).toEqual([{ field: 'opening_stock', message: 'The opening stock must be 0 or a positive number.' }]);
    expect(errorsOf(p.rows, 6).map((e: { field: string }) => e.field)).toEqual(['material_unit']);
    expect(errorsOf(p.rows, 7).map((e: { field: string }) => e.field)).toEqual(['material_name']);
    const res = await commit('materials', p.previewId, true);
    expect(res.json()).toEqual({ kind: 'materials', created: 3, updated: 0, skipped: 3, movements: 2 });

    const [vida] = await t.database.db.select().from(materials).where(eq(materials.material_name, 'Açılış Vidası'));
    const [kablo] = await t.database.db.select().from(materials).where(eq(materials.material_name, 'Açılış Kablosu'));
    const m = (await t.call({ method: 'GET', url: `/api/materials/${kablo.id}`, token: t.tokens[2] })).json();
    expect(m).toMatchObject({ material_unit: 'Metre', material_price: 3.5, material_doviz: '$', stockSum: 40.5, stockIn: 40.5, stockOut: 0 });
    const ledger = (await t.call({ method: 'GET', url: `/api/stock/list/${vida.id}?pageSize=100`, token: t.tokens[2] })).json();
    expect(ledger).toMatchObject({ totalItemCount: 1, balance: 120 });
    const moves = await t.database.db.select().from(materialMovements).where(eq(materialMovements.stock_id, vida.id));
    expect(moves).toEqual([expect.objectContaining({ operation_type: 'giris', operation_center: 'devir', qty: '120.0000', price: '0.2500', doviz: '₺', unit: 'Adet', person_id: t.userIds[1] })]);
    // The ledger goes on from the opening balance: a later movement's running total and the balance agree with the rows.
    const out = await t.call({ method: 'POST', url: '/api/stock/create', token: t.tokens[0], payload: { stock_id: vida.id, operation_type: 'cikis', operation_center: 'fatura', qty: '20', price: '1' } });
    expect(out.statusCode).toBe(200);
    const after = (await t.call({ method: 'GET', url: `/api/stock/list/${vida.id}?pageSize=100`, token: t.tokens[2] })).json();
    expect(after).toMatchObject({ totalItemCount: 2, balance: 100 });
    expect(after.stock.map((r: { operation_center: string; runTotal: number }) => [r.operation_center, r.runTotal]).sort()).toEqual([['devir', 120], ['fatura', 100]]);
    expect((await t.call({ method: 'GET', url: `/api/materials/${vida.id}`, token: t.tokens[2] })).json()).toMatchObject({ stockSum: 100, stockIn: 120, stockOut: 20 });
    // Every imported material's balance columns and hour buckets equal the sums of its movements.
    const ids = [vida.id, kablo.id];
    const off = await t.database.db.execute(sql`select count(*)::int as n from ${materials} m
      left join (select stock_id, sum(sum_qty) s, count(*)::int c from ${materialMovements} group by 1) v on v.stock_id = m.id
      left join (select stock_id, sum(sum_qty) s, sum(moves)::int c, min(older_moves) om, min(older_qty) oq from material_ledger_hours group by 1) h on h.stock_id = m.id
      where m.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
        and (m.stock_sum <> coalesce(v.s, 0) or m.stock_moves <> coalesce(v.c, 0) or coalesce(h.s, 0) <> coalesce(v.s, 0) or coalesce(h.c, 0) <> coalesce(v.c, 0) or h.om <> 0 or h.oq <> 0)`);
    expect((off as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);

    const again = (await preview('materials', file)).json();
    expect(again.rows.filter((r: Row) => r.errors.length === 0).map((r: Row) => r.action)).toEqual(['update', 'update', 'update']);
    expect((await commit('materials', again.previewId, true)).json()).toMatchObject({ created: 0, updated: 3, movements: 0 });
    expect((await t.call({ method: 'GET', url: `/api/stock/list/${vida.id}?pageSize=100`, token: t.tokens[2] })).json()).toMatchObject({ totalItemCount: 2, balance: 100 });
    expect(await countOf(materials, sql`${materials.material_name} = 'Açılış Vidası'`)).toBe(1);
  });
});

describe('products with their model', () => {
  it('previews an unknown model and a duplicate code as errors, writes the products with their model, and a re-import updates by code', async () => {
    const modelId = await insertModel(t.database.db, 901, { model_kodu: 'IMPSL' });
    const header = 'urun_kodu,urun_adi_tr,urun_adi_en,model,urun_fiyat,urun_doviz,urun_guc';
    const p = (await preview('products', csv([
      header,
      'IMP-001,İthal Armatür 30W,Import Light 30W,impsl,85,$,30',
      'IMP-002,İthal Armatür 60W,,IMPSL,120,€,60',
      'IMP-003,Modelsiz Ürün,,YOKMODEL,10,$,5',
      'imp-001,Aynı Kod,,IMPSL,1,$,1',
      'IMP-004,İth,,IMPSL,abc,$,1',
    ]))).json();
    expect(p).toMatchObject({ total: 5, valid: 2, invalid: 3 });
    expect(errorsOf(p.rows, 4)).toEqual([{ field: 'model', message: 'No model has this code.' }]);
    expect(errorsOf(p.rows, 5)).toEqual([{ field: 'urun_kodu', message: 'This code is also in row 2 of the file.' }]);
    expect(errorsOf(p.rows, 6).map((e: { field: string }) => e.field).sort()).toEqual(['urun_adi_tr', 'urun_fiyat']);
    expect((await commit('products', p.previewId)).statusCode).toBe(400);
    expect(await countOf(products, sql`${products.urun_kodu} like 'IMP-%'`)).toBe(0);
    expect((await commit('products', p.previewId, true)).json()).toMatchObject({ created: 2, skipped: 3 });
    const [row] = await t.database.db.select().from(products).where(eq(products.urun_kodu, 'IMP-001'));
    const prod = (await t.call({ method: 'GET', url: `/api/products/${row.id}`, token: t.tokens[2] })).json();
    expect(prod).toMatchObject({ urun_kodu: 'IMP-001', urun_adi: ['İthal Armatür 30W', 'Import Light 30W'], urun_fiyat: 85, urun_guc: 30, urun_model: { _id: modelId, model_kodu: 'IMPSL' } });

    const again = (await preview('products', csv(['urun_kodu,urun_adi_tr,model,urun_fiyat', 'IMP-001,İthal Armatür 30W,IMPSL,90']))).json();
    expect(again.rows[0]).toMatchObject({ action: 'update', errors: [] });
    expect((await commit('products', again.previewId)).json()).toMatchObject({ created: 0, updated: 1 });
    const after = (await t.call({ method: 'GET', url: `/api/products/${row.id}`, token: t.tokens[2] })).json();
    // The columns the file has change; the English name and the power, not in the file, are kept.
    expect(after).toMatchObject({ urun_fiyat: 90, urun_adi: ['İthal Armatür 30W', 'Import Light 30W'], urun_guc: 30 });
    expect(await countOf(products, sql`${products.urun_kodu} like 'IMP-%'`)).toBe(2);
  });
});
