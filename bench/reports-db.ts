// Profiling aid for the reports (issue 26): seeds the bench's data set on an embedded PostgreSQL in DIR and keeps it
// running, printing its URL (also written to DIR/url), until interrupted (Ctrl-C stops PostgreSQL too). `npx tsx bench/reports-db.ts DIR`.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { createScratchDatabase, openDatabase } from '../packages/server/src/db/database.js';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded.js';
import { ensureAdmin } from '../packages/server/src/seed/seed.js';
import { bulkSeed } from './seed.js';
import { seedBenchOffers } from './offers.js';
import { seedBenchOrders } from './orders.js';

async function main() {
  const dir = process.argv[2];
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: dir });
  const scratch = await createScratchDatabase(embedded.url, 'reports');
  const database = await openDatabase({ databaseUrl: scratch.url });
  await ensureAdmin(database.db, 'bench@bench.local', 'Bench12345!');
  await bulkSeed(database.db, { products: 5000, materials: 2000, movements: 200_000, models: 60, hotShare: 0.5 }, console.log);
  await seedBenchOffers(database.db, console.log);
  await seedBenchOrders(database.db, console.log);
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  console.log(`READY ${scratch.url}`);
  fs.writeFileSync(`${dir}/url`, scratch.url);
  // Kept running until interrupted; then PostgreSQL is stopped (its data stay in DIR).
  const keep = setInterval(() => undefined, 60_000);
  const stop = () => { clearInterval(keep); void embedded.stop().then(() => process.exit(0)); };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
main().catch((e) => { console.error(e); process.exit(1); });
