import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, type TestContext } from '../test/helper.js';
import { seedDemo } from '../seed/seed.js';
import { appTables } from '../db/transfer.js';
import { openDatabase, runningEmbeddedUrl } from '../db/database.js';
import { backupFileName, msUntil, pruneBackups, restoreBackup, runNightlyBackup, writeBackup } from './backup.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(SRC, 'backup', 'cli.ts');
const MAIN = path.join(SRC, 'main.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-backup-test-'));
// Reachable by the system user the embedded PostgreSQL runs as when the tests run as root.
fs.chmodSync(tmp, 0o755);
const children: ChildProcess[] = [];
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.database.db);
}, 240_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await ctx?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Runs `work` with a client of the database at `url`, closed afterwards. */
async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Row count and a hash of every row of every application table. */
function fingerprint(url: string): Promise<Record<string, string>> {
  return withClient(url, async (c) => {
    await c.query("set timezone = 'UTC'");
    const out: Record<string, string> = {};
    for (const t of await appTables(c)) {
      const r = await c.query<{ n: string; h: string }>(
        `select count(*)::text as n, md5(coalesce(string_agg(md5(x), '' order by md5(x)), '')) as h from (select row_to_json(t)::text as x from "${t}" t) s`,
      );
      out[t] = `${r.rows[0].n} rows, ${r.rows[0].h}`;
    }
    return out;
  });
}

/** The stock ledger in order: every movement's material, quantity, price and the balance after it. */
function ledgerHash(url: string): Promise<string> {
  return withClient(url, async (c) => {
    const r = await c.query<{ h: string }>(`select md5(string_agg(concat_ws(':', seq, stock_id, qty, price, operation_type), ',' order by seq)) as h from material_movements`);
    return r.rows[0].h;
  });
}

interface Run { child: ChildProcess; out: () => string; exited: Promise<number | null> }
function run(file: string, args: string[], env: Record<string, string>): Run {
  const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', RATES_JOB: 'false', SEED_DEMO: 'false', ...env };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (d) => { text += String(d); });
  child.stderr?.on('data', (d) => { text += String(d); });
  return { child, out: () => text, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

/** Waits for the start banner on the child's output (an event, not polling); fails when the child exits first. */
function banner(r: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = /running at (http:\/\/localhost:\d+)/.exec(r.out());
      if (!m) return;
      r.child.stdout?.off('data', check);
      r.child.stderr?.off('data', check);
      resolve(m[1]);
    };
    r.child.stdout?.on('data', check);
    r.child.stderr?.on('data', check);
    void r.exited.then(() => reject(new Error(`server exited: ${r.out()}`)));
    check();
  });
}

describe('backup and restore', () => {
  it('round trip: backs up the demo, restores into a fresh data folder, starts on it with every table and the stock ledger the same', async () => {
    const url = ctx.databaseUrl!;
    const before = await fingerprint(url);
    const ledger = await ledgerHash(url);
    expect(Number(before.material_movements.split(' ')[0])).toBeGreaterThan(0);
    expect(Number(before.files.split(' ')[0])).toBeGreaterThan(0);

    const dir = path.join(tmp, 'backups');
    fs.mkdirSync(dir);
    const backup = run(CLI, ['backup', dir], { DATABASE_URL: url });
    expect(await backup.exited, backup.out()).toBe(0);
    const [name] = fs.readdirSync(dir);
    expect(name).toMatch(/^isik-backup-\d{4}-\d{2}-\d{2}_\d{6}\.jsonl\.gz$/);
    expect(backup.out()).toContain('Backup written');

    const fresh = path.join(tmp, 'restored');
    const restore = run(CLI, ['restore', path.join(dir, name)], { DATA_DIR: fresh });
    expect(await restore.exited, restore.out()).toBe(0);
    expect(restore.out()).toMatch(/Restored \d+ rows of \d+ tables/);

    // A second restore into the same (now full) folder is refused and changes nothing.
    const again = run(CLI, ['restore', path.join(dir, name)], { DATA_DIR: fresh });
    expect(await again.exited).toBe(1);
    expect(again.out()).toContain('is not empty');

    const server = run(MAIN, [], { DATA_DIR: fresh, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: 'test-secret-0123456789abcdef', ADMIN_EMAIL: ADMIN.email, BACKUP_KEEP: '0' });
    const base = await banner(server);
    const restoredUrl = runningEmbeddedUrl(fresh)!;
    expect(await fingerprint(restoredUrl)).toEqual(before);
    expect(await ledgerHash(restoredUrl)).toBe(ledger);
    // And it serves the data: the admin of the backup signs in and sees the companies.
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { token: string }).token;
    const list = await fetch(`${base}/api/companies/list`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await list.json()) as { totalItemCount: number }).totalItemCount).toBe(Number(before.companies.split(' ')[0]));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);

  it('refuses an incomplete backup file and restores nothing from it', async () => {
    const file = path.join(tmp, 'whole.jsonl.gz');
    await writeBackup(ctx.databaseUrl!, file);
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const cut = path.join(tmp, 'cut.jsonl.gz');
    fs.writeFileSync(cut, zlib.gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const empty = await openDatabase({ dataDir: path.join(tmp, 'empty'), durable: false });
    try {
      await expect(restoreBackup(cut, empty.url)).rejects.toThrow(/is incomplete/);
      const counts = Object.values(await fingerprint(empty.url)).map((v) => v.split(' ')[0]);
      expect(new Set(counts)).toEqual(new Set(['0']));
    } finally {
      await empty.close();
    }
  }, 120_000);

  // Tables kept by triggers from others: a backup made before their migration lacks them, and the restore (triggers
  // off) fills them from the restored rows.
  it.each([
    ['0015', 'order_material_needs', `select material_id, operation, sum(required)::text as r, sum(entries)::int as e, sum(lines)::int as l from order_material_needs
      group by 1, 2 having sum(required) <> 0 or sum(entries) <> 0 or sum(lines) <> 0 order by 1, 2`],
    ['0017', 'product_counts', 'select model_category, active, n from product_counts where n <> 0 order by 1, 2'],
    ['0022', 'offer_sums', 'select teklif_durumu, teklif_dovizi, slot, n, tl::text, kdv_tl::text, g_tl::text, dv::text, kdv_dv::text, g_dv::text from offer_sums where n <> 0 order by 1, 2, 3'],
  ])('a backup made before migration %s (no %s) restores with that table filled from the rows it derives from', async (migration, table, query) => {
    const read = (url: string) => withClient(url, async (c) => (await c.query(query)).rows);
    const want = await read(ctx.databaseUrl!);
    expect(want.length).toBeGreaterThan(0);
    const file = path.join(tmp, `whole-${migration}.jsonl.gz`);
    await writeBackup(ctx.databaseUrl!, file);
    let skip = false;
    const kept = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n').filter((line) => {
      if (line.startsWith(`#{"table":"${table}"`)) skip = true;
      const keep = !skip;
      if (line.startsWith(`#{"end":"${table}"`)) skip = false;
      return keep;
    });
    expect(kept.length).toBeLessThan(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n').length);
    const old = path.join(tmp, `before-${migration}.jsonl.gz`);
    fs.writeFileSync(old, zlib.gzipSync(`${kept.join('\n')}\n`));
    const empty = await openDatabase({ dataDir: path.join(tmp, `empty-${migration}`), durable: false });
    try {
      await restoreBackup(old, empty.url);
      expect(await read(empty.url)).toEqual(want);
    } finally {
      await empty.close();
    }
  }, 120_000);

  it('a backup made before migration 0020 (day buckets; full stored answers, or none) restores with hour buckets and answers rebuilt', async () => {
    const read = (url: string) => withClient(url, async (c) => ({
      answers: (await c.query(`select id, answer_head from material_movements union all select id, answer_head from product_movements order by 1`)).rows,
      hours: (await c.query(`select 'm' as k, stock_id as o, hour::text, moves, sum_qty::text, older_moves, older_qty::text from material_ledger_hours
        union all select 'p', product_id, hour::text, moves, sum_qty::text, older_moves, older_qty::text from product_ledger_hours order by 1, 2, 3`)).rows,
    }));
    const want = await read(ctx.databaseUrl!);
    expect(want.answers.length).toBeGreaterThan(0);
    expect(want.answers.every((r) => typeof r.answer_head === 'string' && r.answer_head.startsWith('{"_id":') && !r.answer_head.endsWith('}'))).toBe(true);
    // Some hour of the demo has movements in earlier hours: positions that a restore must not leave at 0.
    expect(want.hours.some((h) => h.older_moves > 0)).toBe(true);
    const file = path.join(tmp, 'whole-0020.jsonl.gz');
    await writeBackup(ctx.databaseUrl!, file);
    // The same backup as earlier versions wrote it: day buckets instead of hour buckets, material movements with the
    // full answer text (migration 0019), product movements with no answer at all (before 0019).
    let table = '';
    const old: string[] = [];
    for (const line of zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n')) {
      if (line.startsWith('#{"table":')) {
        const h = JSON.parse(line.slice(1));
        table = h.table;
        if (table.endsWith('_ledger_hours')) {
          const fk = table === 'material_ledger_hours' ? 'stock_id' : 'product_id';
          old.push(`#${JSON.stringify({ table: table.replace('_hours', '_days'), columns: [fk, 'day', 'sum_qty', 'moves'] })}`);
        } else {
          const columns = h.columns.filter((c: string) => c !== 'answer_head');
          if (table === 'material_movements') columns.push('answer_json');
          old.push(`#${JSON.stringify({ ...h, columns })}`);
        }
        continue;
      }
      if (line.startsWith('#{"end":')) {
        old.push(table.endsWith('_ledger_hours') ? `#${JSON.stringify({ ...JSON.parse(line.slice(1)), end: table.replace('_hours', '_days') })}` : line);
        table = '';
        continue;
      }
      if (line.startsWith('#') || !table.endsWith('_movements') && !table.endsWith('_ledger_hours')) { old.push(line); continue; }
      const row = JSON.parse(line);
      if (table.endsWith('_ledger_hours')) {
        // (a day bucket per hour bucket is not what the old version kept, but the restore must ignore them either way)
        const { hour, older_moves: _m, older_qty: _q, ...rest } = row;
        old.push(JSON.stringify({ ...rest, day: String(hour).slice(0, 10) }));
      } else {
        const { answer_head: head, ...rest } = row;
        old.push(JSON.stringify(table === 'material_movements' ? { ...rest, answer_json: `${head}}` } : rest));
      }
    }
    const text = old.join('\n');
    expect(text).not.toContain('answer_head');
    expect(text).not.toContain('_ledger_hours');
    expect(text).toContain('"table":"material_ledger_days"');
    const before = path.join(tmp, 'before-0020.jsonl.gz');
    fs.writeFileSync(before, zlib.gzipSync(`${text}\n`));
    const empty = await openDatabase({ dataDir: path.join(tmp, 'empty-0020'), durable: false });
    try {
      await restoreBackup(before, empty.url);
      expect(await read(empty.url)).toEqual(want);
    } finally {
      await empty.close();
    }
  }, 120_000);

  it('the nightly job writes a dated backup and keeps only the newest BACKUP_KEEP', async () => {
    const dir = path.join(tmp, 'nightly');
    fs.mkdirSync(dir);
    // Older backups of earlier nights.
    for (const day of ['2026-01-01', '2026-01-02', '2026-01-03']) fs.writeFileSync(path.join(dir, `isik-backup-${day}_023000.jsonl.gz`), 'old');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a backup');
    const logs: string[] = [];
    const s = await runNightlyBackup({ url: ctx.databaseUrl!, dir, keep: 2, log: (_l, m) => logs.push(m) });
    expect(s?.rows).toBeGreaterThan(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['isik-backup-2026-01-03_023000.jsonl.gz', path.basename(s!.file), 'notes.txt'].sort());
    expect(logs.join('\n')).toContain('removed isik-backup-2026-01-01_023000.jsonl.gz, isik-backup-2026-01-02_023000.jsonl.gz');
    expect(pruneBackups(dir, 5)).toEqual([]);
  }, 120_000);

  it('names files by date and schedules the next run at BACKUP_AT', () => {
    expect(backupFileName(new Date('2026-11-23T02:30:05Z'))).toBe('isik-backup-2026-11-23_023005.jsonl.gz');
    const now = new Date(2026, 10, 23, 1, 0, 0);
    expect(msUntil('02:30', now)).toBe(90 * 60_000);
    expect(msUntil('01:00', now)).toBe(24 * 3600_000);
  });
});
