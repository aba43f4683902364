// Import from Excel (issue 26; docs/performance.md): 10,000-row files of each kind, previewed and committed through the
// API in this process (app.inject: the HTTP layer without the network), on a fresh embedded PostgreSQL; then the same
// companies file again (10,000 updates). Prints the seconds of each step. Target: a 10,000-row import (preview + commit)
// in under 30 s. `npx tsx bench/import.ts`; not part of npm test or npm run bench. BENCH_IMPORT_ROWS (default 10000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { loadConfig } from '../packages/server/src/config.js';
import { createScratchDatabase, openDatabase } from '../packages/server/src/db/database.js';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded.js';
import { buildApp } from '../packages/server/src/app.js';
import { ensureAdmin } from '../packages/server/src/seed/seed.js';
import { insertModel } from '../packages/server/src/modules/catalogue/test-fixtures.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const ADMIN = { email: 'bench@bench.local', password: 'Bench12345!' };
const BOUNDARY = 'bench-import';

function csv(header: string[], row: (i: number) => (string | number)[]): Buffer {
  const lines = [header.join(',')];
  for (let i = 0; i < ROWS; i++) lines.push(row(i).join(','));
  return Buffer.from(lines.join('\n'));
}

async function xlsx(header: string[], row: (i: number) => (string | number)[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('import');
  ws.addRow(header);
  for (let i = 0; i < ROWS; i++) ws.addRow(row(i));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-bench-import-'));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: dir });
  const scratch = await createScratchDatabase(embedded.url, 'bench_import');
  const database = await openDatabase({ databaseUrl: scratch.url });
  const config = loadConfig({ JWT_SECRET: 'bench-secret-0123456789abcdef', LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATES_JOB: 'false' });
  await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
  await insertModel(database.db, 1, { model_kodu: 'BENCH' });
  const app = await buildApp({ config, database, logger: false });
  const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).json().token as string;

  async function run(label: string, kind: string, file: Buffer, name: string) {
    const t0 = performance.now();
    const payload = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`),
      file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const p = await app.inject({ method: 'POST', url: `/api/import/${kind}/preview`, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload });
    if (p.statusCode !== 200) throw new Error(`${label} preview ${p.statusCode} ${p.body.slice(0, 300)}`);
    const t1 = performance.now();
    const preview = p.json() as { previewId: string; invalid: number };
    const c = await app.inject({ method: 'POST', url: `/api/import/${kind}/commit`, headers: { authorization: `Bearer ${token}` }, payload: { previewId: preview.previewId, validOnly: false } });
    if (c.statusCode !== 200) throw new Error(`${label} commit ${c.statusCode} ${c.body.slice(0, 300)}`);
    const t2 = performance.now();
    const s = (ms: number) => (ms / 1000).toFixed(2);
    console.log(`| ${label} | ${ROWS} | ${s(t1 - t0)} | ${s(t2 - t1)} | ${s(t2 - t0)} | ${JSON.stringify(c.json())} |`);
  }

  try {
    console.log('| file | rows | preview s | commit s | total s | result |');
    console.log('|---|---|---|---|---|---|');
    const companyHeader = ['company_name', 'company_email', 'company_city', 'company_category', 'company_phone', 'company_taxno'];
    const companyRow = (city: string) => (i: number) => [`Bench Firma ${i} Aydınlatma`, `firma${i}@bench.local`, city, i % 3 ? 'Customer' : 'Suppliers', `+90 312 ${String(i).padStart(7, '0')}`, String(1e9 + i)];
    await run('companies, .csv (new)', 'companies', csv(companyHeader, companyRow('Ankara')), 'companies.csv');
    await run('companies, .csv again (updates)', 'companies', csv(companyHeader, companyRow('İzmir')), 'companies.csv');
    await run('materials with opening stock, .xlsx', 'materials', await xlsx(
      ['material_name', 'material_category', 'material_group', 'material_unit', 'material_price', 'material_doviz', 'opening_stock'],
      (i) => [`Bench Malzeme ${i}`, `Kategori ${i % 9}`, `Grup ${i % 40}`, 'Adet', (i % 100) / 4, '$', (i % 50) + 1],
    ), 'materials.xlsx');
    await run('products with their model, .csv', 'products', csv(
      ['urun_kodu', 'urun_adi_tr', 'urun_adi_en', 'model', 'urun_fiyat', 'urun_doviz', 'urun_guc'],
      (i) => [`BN-${i}`, `Bench Ürün ${i}`, `Bench Product ${i}`, 'BENCH', 10 + (i % 500), '$', 10 + (i % 200)],
    ), 'products.csv');
  } finally {
    await app.close();
    await database.close();
    await scratch.drop();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
