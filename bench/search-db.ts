// Measurement aid for the searches (issue 27, ADR 0054): seeds the bench's offers and order lines (a small catalogue,
// few movements) on an embedded PostgreSQL in DIR as one database, copies it and grows the copy 10× (growth-seed.ts),
// prints both URLs (also DIR/urls) and keeps PostgreSQL running until interrupted. `npx tsx bench/search-db.ts DIR`.
import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createScratchDatabase, openDatabase } from '../packages/server/src/db/database.js';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded.js';
import { ensureAdmin } from '../packages/server/src/seed/seed.js';
import { bulkSeed } from './seed.js';
import { seedBenchOffers } from './offers.js';
import { seedBenchOrders } from './orders.js';
import { growData, linkOrders } from './growth-seed.js';

async function main() {
  const dir = process.argv[2];
  const factor = Number(process.argv[3] ?? 10);
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: dir });
  const one = await createScratchDatabase(embedded.url, 'search1');
  const database = await openDatabase({ databaseUrl: one.url });
  await ensureAdmin(database.db, 'bench@bench.local', 'Bench12345!');
  await bulkSeed(database.db, { products: 5000, materials: 2000, movements: 2000, models: 60, hotShare: 0.5 }, console.log);
  await seedBenchOffers(database.db, console.log);
  await seedBenchOrders(database.db, console.log);
  await linkOrders(database.db);
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  const name1 = new URL(one.url).pathname.slice(1);
  const c = new pg.Client({ connectionString: embedded.url });
  await c.connect();
  await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name1]);
  await c.end();
  const ten = await createScratchDatabase(embedded.url, `search${factor}`, name1);
  const grown = await openDatabase({ databaseUrl: ten.url });
  await growData(grown.db, 1, factor, console.log, true);
  await grown.db.execute(sql`vacuum analyze`);
  await grown.close();
  console.log(`READY ${one.url} ${ten.url}`);
  fs.writeFileSync(`${dir}/urls`, `${one.url}\n${ten.url}\n`);
  const keep = setInterval(() => undefined, 60_000);
  const stop = () => { clearInterval(keep); void embedded.stop().then(() => process.exit(0)); };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
main().catch((e) => { console.error(e); process.exit(1); });
