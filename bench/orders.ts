// Order scenarios of the benchmark (issue 11): the order-line list over 20,000 lines with operations, and operation
// records under 50 concurrent users (each record locks its line, takes materials out of stock through the ledger,
// writes the history entry and the log in one transaction). bench/server.ts calls seedBenchOrders after the offers;
// bench/run.ts appends orderScenarios(...). Environment: BENCH_ORDER_LINES (default 20000).
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/database.js';
import { materials, orderItems, products } from '../packages/server/src/db/schema.js';
import { newId } from '../packages/server/src/lib/ids.js';

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);
export const orderSizes = { lines: num(process.env.BENCH_ORDER_LINES, 20_000), hotLines: 20 };

export interface BenchOrders { lines: number; seedMs: number; hot: { line: string; op: string }[]; searches: string[] }

const OPS = ['Dizgi', 'Mekanik Montaj', 'E-Test', 'Paketleme'];
const NAMES = ['Astra LED Yol Armatürü', 'Nova Projektör', 'Solar Bahçe Armatürü', 'Lityum Akü', 'Güneş Paneli'];

/** 20,000 order lines (statuses 1-4 and 6) with four operations of two material rows each, in multi-row inserts; 20 hot lines with a large quantity for the record scenario. */
export async function seedBenchOrders(db: Db, log: (m: string) => void): Promise<BenchOrders> {
  const t0 = Date.now();
  const mats = (await db.select({ id: materials.id, name: materials.material_name, cat: materials.material_category, grp: materials.material_group }).from(materials).limit(200));
  // Issue 25: every fifth material is bought in multiples of 25 from 50 up (the component list's suggestion), and
  // every tenth line has a 'Yarı Mamül' operation taking one of 50 products (its product shortages), when products exist.
  await db.execute(sql`update materials set purchase_multiple = 25, purchase_min = 50 where id in (select id from materials order by id limit 200) and abs(hashtext(id)) % 5 = 0`);
  const comps = await db.select({ id: products.id, name: products.urun_adi_tr }).from(products).limit(50);
  const hot: BenchOrders['hot'] = [];
  let batch: (typeof orderItems.$inferInsert)[] = [];
  for (let i = 0; i < orderSizes.lines; i++) {
    const isHot = i < orderSizes.hotLines;
    const qty = isHot ? 1_000_000 : 10 + (i % 90);
    const status = isHot ? 2 : [1, 1, 2, 2, 3, 4, 6, 1, 2, 4][i % 10];
    const ops = OPS.map((name, k) => {
      // Hot lines: nothing done yet, so the record scenario's operation (the first) takes records of 1 for a long time.
      const done = isHot ? 0 : status === 4 ? qty : status === 1 ? 0 : k < (i % 4) ? qty : 0;
      return {
        _id: newId(), Operation: name, Qty: qty, OperationStartTime: done ? new Date().toISOString() : null, OperationFinishTime: null, OperationStaff: done ? 'bench' : '',
        OperationStatus: done >= qty ? 2 : 0, OperationPercent: done >= qty ? 100 : 0, OperationDescription: '', OperationComplated: done, OperationComplatedList: [], OperationComponent: [],
        OperationDetails: [0, 1].map((n) => {
          const m = mats[(i * 7 + k * 3 + n) % mats.length];
          return { material: m.id, material_name: m.name, material_category: m.cat, material_group: m.grp, component: false, materialQty: n + 1, totalQty: (n + 1) * qty, unit: 'Adet', StockUpdate: true, status: 0 };
        }),
      };
    });
    if (comps.length && !isHot && i % 10 === 3) {
      const p = comps[i % comps.length];
      ops.push({
        _id: newId(), Operation: 'Yarı Mamül', Qty: qty, OperationStartTime: null, OperationFinishTime: null, OperationStaff: '', OperationStatus: 0, OperationPercent: 0,
        OperationDescription: '', OperationComplated: 0, OperationComplatedList: [], OperationComponent: [],
        OperationDetails: [{ material: p.id, material_name: p.name, material_category: '', material_group: '', component: true, materialQty: 1, totalQty: qty, unit: 'Adet', StockUpdate: true, status: 0 }],
      });
    }
    const id = newId();
    if (isHot) hot.push({ line: id, op: ops[0]._id });
    const completion = ops.reduce((n, o) => n + o.OperationPercent, 0) / ops.length;
    batch.push({
      id, urun_adi: `${NAMES[i % NAMES.length]} ${10 + (i % 15) * 10} W`, urun_kodu: ['ISK', `P${i % 9}`, `${10 + (i % 15) * 10}W`], firma_adi: `Bench Müşteri ${i % 200}`,
      urun_miktari: String(qty), siparis_tarihi: new Date(Date.now() - (i % 400) * 86_400_000), siparis_durumu: status, tamamlanma_orani: String(completion),
      order_type: status === 6 ? 'takeoff_stock' : 'default', ready: true, operations: (status === 6 ? [] : ops) as unknown as Record<string, unknown>[],
    });
    if (batch.length >= 500) {
      await db.insert(orderItems).values(batch);
      batch = [];
    }
  }
  if (batch.length) await db.insert(orderItems).values(batch);
  await db.execute(sql`analyze order_items`);
  const seedMs = Date.now() - t0;
  log(`  ${orderSizes.lines} order lines in ${seedMs} ms`);
  return { lines: orderSizes.lines, seedMs, hot, searches: ['astra', 'bench müşteri 12', 'projektör', 'akü'] };
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const randInt = (n: number) => 1 + Math.floor(Math.random() * n);

/** The order scenarios, as [name, autocannon request, connections] for bench/run.ts (target: the list in 100 ms or less). */
export function orderScenarios(o: BenchOrders): [string, autocannon.Request, number][] {
  const size = `${o.lines} lines`;
  return [
    [`order-line list (${size}, status 1-4, 12/page, random page, newest first)`, {
      method: 'GET', path: '/api/orders/list',
      setupRequest: (req) => ({ ...req, path: `/api/orders/list?type=list&filter1=1&filter2=4&pageSize=12&page=${randInt(Math.ceil((o.lines * 0.8) / 12))}` }),
    }, 10],
    [`order-line list search (${size})`, {
      method: 'GET', path: '/api/orders/list',
      setupRequest: (req) => ({ ...req, path: `/api/orders/list?type=list&pageSize=12&page=1&search=${encodeURIComponent(pick(o.searches))}` }),
    }, 10],
    // Issue 25: the component list with suggested purchases and the component products' shortages (target: 100 ms p95).
    [`component list with suggestions (${size}, materials and component products)`, { method: 'GET', path: '/api/orders/components' }, 10],
    [`write: operation record of 1 (${o.hot.length} lines, line lock, stock out through the ledger)`, {
      method: 'POST', path: '/api/orders/operations', headers: { 'content-type': 'application/json' },
      setupRequest: (req) => {
        const h = pick(o.hot);
        return { ...req, path: `/api/orders/operations/${h.line}/${h.op}/record`, body: JSON.stringify({ qty: 1 }) };
      },
    }, 50],
  ];
}
