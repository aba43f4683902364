// The order views of issue 11 measured on their own: `npx tsx bench/orders-views.ts`. An embedded PostgreSQL in a
// temporary folder, 200 materials, the 20,000 order lines of bench/orders.ts (14,006 open, statuses 1-3, with 112,048
// material rows; 4,000 of them in 1,000 orders), then each call through app.inject (one client: the server's time
// without the network), a warm-up and BENCH_RUNS runs (default 30), p50/p95. Also 200 sequential operation records
// of 1 on the hot lines and 500 at 50 concurrent (the write path the requirement table's trigger adds to). Environment: BENCH_ORDER_LINES (default 20000), BENCH_RUNS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { materialInputSchema } from '@isik/domain';
import { loadConfig } from '../packages/server/src/config.js';
import { createScratchDatabase, openDatabase } from '../packages/server/src/db/database.js';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded.js';
import { materials } from '../packages/server/src/db/schema.js';
import { newId } from '../packages/server/src/lib/ids.js';
import { buildApp } from '../packages/server/src/app.js';
import { ensureAdmin } from '../packages/server/src/seed/seed.js';
import { makeMaterial } from '../packages/server/src/modules/catalogue/catalogue-factory.js';
import { materialColumns } from '../packages/server/src/modules/materials/materials-repository.js';
import { seedBenchOrders } from './orders.js';

const ADMIN = { email: 'bench@bench.local', password: 'Bench12345!' };
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-bench-orders-'));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: dir });
  const scratch = await createScratchDatabase(embedded.url, 'bench');
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    const config = loadConfig({ JWT_SECRET: 'bench-secret-0123456789abcdef', LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATES_JOB: 'false' });
    await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
    const rows = Array.from({ length: 200 }, (_, i) => {
      const d = materialInputSchema.parse(makeMaterial(i));
      return { id: newId(), ...materialColumns(d), material_name: d.material_name, material_category: d.material_category, material_group: d.material_group, material_img: '' };
    });
    await database.db.insert(materials).values(rows);
    const orders = await seedBenchOrders(database.db, (m) => console.log(m));
    // 1,000 orders (offers in status 1) of 4 lines each from the open lines, for the overview's order part.
    await database.db.execute(sql`
      insert into offers (id, teklif_no, teklif_yil, teklif_sira, teklif_durumu, firma_adi, siparis_tarihi)
      select 'bo' || g, 'B-' || g, 2026, g, 1, 'Bench Müşteri ' || (g % 200), now() - (g % 90) * interval '1 day' from generate_series(1, 1000) g`);
    await database.db.execute(sql`
      update order_items l set offer_id = 'bo' || (1 + (x.n - 1) / 4)
      from (select id, row_number() over (order by id) as n from order_items where siparis_durumu between 1 and 3 and urun_miktari < 1000000) x
      where l.id = x.id and x.n <= 4000`);
    await database.db.execute(sql`analyze`);
    const app = await buildApp({ config, database, logger: false });
    const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const measure = async (url: string) => {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        size = res.body.length;
        if (i >= 3) times.push(ms);
      }
      console.log(`| \`GET ${url}\` | ${pct(times, 50).toFixed(0)} ms | ${pct(times, 95).toFixed(0)} ms | ${(size / 1024).toFixed(0)} KB |`);
    };
    console.log(`load average before: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    console.log('| call | p50 | p95 | answer |\n|---|---|---|---|');
    await measure('/api/orders/components');
    await measure('/api/orders/overview');
    await measure('/api/orders/dashboard/production');
    const rec: number[] = [];
    for (let i = 0; i < 200; i++) {
      const h = orders.hot[i % orders.hot.length];
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: `/api/orders/operations/${h.line}/${h.op}/record`, headers, payload: { qty: 1 } });
      rec.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`record: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    console.log(`| \`POST …/record\` (qty 1, sequential, 200) | ${pct(rec, 50).toFixed(1)} ms | ${pct(rec, 95).toFixed(1)} ms | |`);
    // 500 records at 50 at a time on the 20 hot lines (each locks its line; the ledger locks the materials' balances).
    const conc: number[] = [];
    const c0 = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: 50 }, async () => {
      while (next < 500) {
        const h = orders.hot[next++ % orders.hot.length];
        const t0 = performance.now();
        const res = await app.inject({ method: 'POST', url: `/api/orders/operations/${h.line}/${h.op}/record`, headers, payload: { qty: 1 } });
        conc.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`record: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }));
    console.log(`| \`POST …/record\` (qty 1, 500 at 50 concurrent, ${(performance.now() - c0).toFixed(0)} ms in all) | ${pct(conc, 50).toFixed(1)} ms | ${pct(conc, 95).toFixed(1)} ms | |`);
    await measure('/api/orders/components');
    console.log(`load average after: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    await app.close();
  } finally {
    await database.close();
    await scratch.drop();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
