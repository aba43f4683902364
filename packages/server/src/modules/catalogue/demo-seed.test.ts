import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { computeOffer, productionCostUsd, toUsd } from '@isik/domain';
import { files, images, materials, models, products, tcmbRates } from '../../db/schema.js';
import { seedDemo } from '../../seed/seed.js';
import { minimalPdf } from '../../seed/demo-images.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { createFilesService } from '../files/files-service.js';

/** The demo seed with pictures (DECISIONS 1) on a fresh database: every picture answers real bytes. */
let t: TestContext;
let seededMs = 0;
beforeAll(async () => {
  t = await createTestContext();
  const start = Date.now();
  expect(await seedDemo(t.database.db)).toBe(true);
  seededMs = Date.now() - start;
}, 120_000);
afterAll(async () => { await t?.close(); });

const db = () => t.database.db;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const fileCount = async () => Number((await db().select({ n: count() }).from(files))[0].n);

async function fetchFile(url: string) {
  const res = await t.call({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return { type: String(res.headers['content-type']), bytes: res.rawPayload };
}

describe('demo seed pictures', () => {
  it('gives every active product a main image that GET answers as a PNG, most a side image and a drawing', async () => {
    const rows = await db().select({ images: products.product_images, drawing: products.technical_drawing }).from(products).where(eq(products.urun_durumu, true));
    expect(rows.length).toBeGreaterThan(30);
    const mains = rows.map((r) => r.images.find((i) => i.description === 'Ana Görsel')?.image ?? '');
    for (const url of mains) expect(url).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    // Each distinct picture is fetched once: the original is a PNG, the small one a smaller image.
    for (const url of new Set(mains)) {
      const f = await fetchFile(url);
      expect(f.type).toBe('image/png');
      expect(f.bytes.subarray(0, 8).equals(PNG)).toBe(true);
      const small = await fetchFile(`${url}/small`);
      expect(small.type).toMatch(/^image\//);
      expect(small.bytes.length).toBeLessThan(f.bytes.length);
    }
    expect(new Set(mains).size).toBeGreaterThanOrEqual(9);
    const sides = rows.filter((r) => r.images.some((i) => i.description === 'Yan Görsel' && i.image));
    expect(sides.length).toBeGreaterThan(rows.length / 2);
    const drawings = rows.map((r) => r.drawing).filter(Boolean);
    expect(drawings.length).toBeGreaterThan(rows.length / 2);
    expect((await fetchFile(drawings[0])).bytes.subarray(0, 8).equals(PNG)).toBe(true);
  });

  it('shows the pictures on the public catalogue: cards, the product page and its PDF datasheet', async () => {
    const list = (await t.call({ method: 'GET', url: '/api/web/products?pageSize=100' })).json();
    expect(list.products.length).toBeGreaterThan(30);
    for (const p of list.products) expect(p.image).toMatch(/^\/api\/files\/[0-9a-f]{64}\/small$/);
    const withPdf = await db().select({ id: products.id, downloads: products.product_downloads }).from(products).where(eq(products.urun_durumu, true));
    const pdfProduct = withPdf.find((p) => p.downloads.length > 0)!;
    expect(withPdf.filter((p) => p.downloads.length > 0).length).toBeGreaterThanOrEqual(2);
    const page = (await t.call({ method: 'GET', url: `/api/web/products/${pdfProduct.id}` })).json();
    expect(page.images.length).toBeGreaterThanOrEqual(1);
    expect(page.downloads[0]).toMatchObject({ type: 'application/pdf' });
    const pdf = await fetchFile(page.downloads[0].file);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(page.downloads[0].size)).toBe(pdf.bytes.length);
  });

  it('gives every model a picture and the image library eight rows linked to models', async () => {
    const ms = await db().select({ id: models.id, resim: models.model_resim }).from(models);
    expect(ms.length).toBe(12);
    for (const m of ms) expect(m.resim).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    const lib = await t.call({ method: 'GET', url: '/api/images/list/none', token: t.tokens[0] });
    expect(lib.statusCode, lib.body).toBe(200);
    expect(lib.json().totalItemCount).toBe(8);
    const ids = new Set(ms.map((m) => m.id));
    for (const img of lib.json().img) {
      expect(ids.has(img.model[0].value)).toBe(true);
      expect(img.smallimage).toBe(`${img.image}/small`);
    }
    expect(Number((await db().select({ n: count() }).from(images))[0].n)).toBe(8);
  });

  it('stores each distinct picture once, is quick and does not run again', async () => {
    const n = await fileCount();
    // 12 models x (main + side + drawing) at most, a few datasheets, and the own company's
    // 4 report images and 3 certificates (file + black-and-white mark each).
    expect(n).toBeGreaterThan(20);
    expect(n).toBeLessThanOrEqual(12 * 3 + 12 + 4 + 3 * 2);
    expect(seededMs).toBeLessThan(60_000);
    expect(await seedDemo(db())).toBe(false);
    expect(await fileCount()).toBe(n);
  });

  it('builds a PDF that the file store accepts by its content', async () => {
    const store = createFilesService({ db: db(), maxBytes: 1024 * 1024 });
    const f = await store.storeBytes(db(), minimalPdf(['Test (1)', 'Işık ğ']), 'file');
    expect(f.mime).toBe('application/pdf');
    const text = minimalPdf(['x']).toString('latin1');
    // The xref offsets point at the objects.
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const first = Number(/xref\n0 \d+\n0000000000 65535 f \n(\d{10})/.exec(text)![1]);
    expect(text.slice(first, first + 7)).toBe('1 0 obj');
  });
});

describe('demo seed offers', () => {
  it('holds offers in every status, each with items and totals that equal the recomputation', async () => {
    const res = await t.call({ method: 'GET', url: '/api/offers/list?pageSize=1000', token: t.tokens[0] });
    expect(res.statusCode).toBe(200);
    const { offers } = res.json() as { offers: { _id: string; teklif_durumu: number; itemCount: number; teklif_gtoplamtl: number; firma_id: string | null }[] };
    expect(new Set(offers.map((o) => o.teklif_durumu))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(offers.every((o) => o.itemCount >= 2 && o.teklif_gtoplamtl > 0)).toBe(true);
    expect(offers.filter((o) => o.teklif_durumu !== 0).every((o) => o.firma_id !== null)).toBe(true);
    const one = (await t.call({ method: 'GET', url: `/api/offers/${offers[0]._id}`, token: t.tokens[0] })).json();
    const again = computeOffer(one.offeritem, { usd: one.teklif_usdkur, eur: one.teklif_eurkur }, one.teklif_dovizi);
    expect(one.teklif_gtoplamtl).toBe(again.totals.teklif_gtoplamtl);
    expect(one.teklif_gtoplamdoviz).toBe(again.totals.teklif_gtoplamdoviz);
  });
});

describe('demo production (issue 11)', () => {
  it('has order lines at various stages, completed and delivered orders, and stock production', async () => {
    const list = (await t.call({ method: 'GET', url: '/api/orders/list?type=detaillist&filter1=1&filter2=6', token: t.tokens[3] })).json();
    const ops = list.orders.flatMap((l: { Operations: { OperationStatus: number }[] }) => l.Operations);
    expect(ops.some((o: { OperationStatus: number }) => o.OperationStatus === 0)).toBe(true);
    expect(ops.some((o: { OperationStatus: number }) => o.OperationStatus === 1)).toBe(true);
    expect(ops.some((o: { OperationStatus: number }) => o.OperationStatus === 2)).toBe(true);
    expect(list.orders.some((l: { teklifno: unknown }) => l.teklifno === null)).toBe(true);
    expect(list.orders.some((l: { teslim_edilmis: number }) => l.teslim_edilmis > 0)).toBe(true);
    expect(list.status4).toBeGreaterThan(0);
    // A delivered material line (issue 23: Pamukkale's 16 of 16) is complete, not waiting on the production list.
    type L = { order_type: string; urun_miktari: number; teslim_edilmis: number; siparis_durumu: number; tamamlanmaOrani: number };
    const delivered = list.orders.filter((l: L) => l.order_type === 'material' && l.teslim_edilmis >= l.urun_miktari);
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.filter((l: L) => l.siparis_durumu !== 4 || l.tamamlanmaOrani !== 100)).toEqual([]);
    // Lines of the demo's orders carry their orders' dates (weeks ago), not the day the demo was seeded.
    const dayAgo = Date.now() - 86_400_000;
    expect(list.orders.some((l: { teklifno: unknown; siparis_tarihi: string }) => l.teklifno !== null && Date.parse(l.siparis_tarihi) < dayAgo)).toBe(true);
  });

  it("keeps every material's stock at or above zero after the demo orders' production (a factory's opening stock)", async () => {
    const balances = await db().select({ name: materials.material_name, stock: materials.stock_sum }).from(materials);
    expect(balances.length).toBeGreaterThan(0);
    expect(balances.filter((m) => Number(m.stock) < 0)).toEqual([]);
  });

  it('gives a share of the lines promised dates, so the production report shows late lines and lines on time (issue 26)', async () => {
    const list = (await t.call({ method: 'GET', url: '/api/orders/list?type=detaillist&filter1=1&filter2=6', token: t.tokens[0] })).json();
    type L = { teklifno: unknown; promised_date: string | null; siparis_tarihi: string };
    const ofOrders = list.orders.filter((l: L) => l.teklifno !== null);
    const promised = ofOrders.filter((l: L) => l.promised_date !== null);
    expect(promised.length).toBeGreaterThan(ofOrders.length / 2);
    expect(promised.length).toBeLessThan(ofOrders.length);
    // Each promise falls after its order date.
    for (const l of promised as L[]) expect(Date.parse(`${l.promised_date}T23:59:59+03:00`)).toBeGreaterThan(Date.parse(l.siparis_tarihi));
    const res = await t.call({ method: 'GET', url: '/api/reports/production?by=week', token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as { completed: number; late: number; promised: number }[];
    const sum = (k: 'completed' | 'late' | 'promised') => rows.reduce((a, r) => a + r[k], 0);
    expect(sum('late')).toBeGreaterThan(0);
    expect(sum('promised')).toBeGreaterThan(sum('late'));
    expect(sum('completed')).toBeGreaterThanOrEqual(sum('promised'));
  });
});

describe('demo bills of operations (issue 11)', () => {
  it('cost less than the price and fit the product (Astra 30 W: no MPPT card, no 150 W body)', async () => {
    const [rate] = await db().select().from(tcmbRates).orderBy(desc(tcmbRates.tarih)).limit(1);
    const rates = { usd: rate.usd_selling, eur: rate.eur_selling };
    const rows = await db().select().from(products);
    const withBill = rows.filter((p) => p.production.length > 0);
    expect(withBill.length).toBeGreaterThan(10);
    for (const p of withBill) {
      const cost = productionCostUsd(p.production, rates);
      expect(cost, `${p.urun_adi_tr}: ${cost} $ against ${p.urun_fiyat} ${p.urun_doviz}`).toBeLessThan(toUsd(p.urun_fiyat, p.urun_doviz, rates));
    }
    const astra = withBill.find((p) => p.urun_adi_tr === 'Astra LED Yol Armatürü 30 W')!;
    const names = (await db().select({ id: materials.id, name: materials.material_name }).from(materials)).filter((m) => astra.production.some((r) => r.information === m.id)).map((m) => m.name);
    expect(names).toContain('Basınçlı Döküm Gövde 60 W');
    expect(names).toContain('LED Sürücü 30 W 700 mA');
    expect(names.some((n) => n.includes('MPPT') || n.includes('150 W'))).toBe(false);
  });
});
