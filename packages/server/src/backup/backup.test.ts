import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import WebSocket from 'ws';
import { ADMIN, createTestContext, type TestContext } from '../test/helper.js';
import { seedDemo } from '../seed/seed.js';
import { createScratchDatabase, openDatabase, runningEmbeddedUrl } from '../db/database.js';
import { backupFileName, msUntil, pruneBackups, restoreBackup, runNightlyBackup, writeBackup, type RestoreSummary } from './backup.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(SRC, 'backup', 'cli.ts');
const MAIN = path.join(SRC, 'main.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-backup-test-'));
// Reachable by the system user the embedded PostgreSQL runs as when the tests run as root.
fs.chmodSync(tmp, 0o755);
const children: ChildProcess[] = [];
let ctx: TestContext;
/** The device service's gateways of the backed-up database, with the keys their links sign in with. */
const gatewayKeys: { mac: string; key: string }[] = [];
const OPERATOR = { email: 'operator@test.local', password: 'Operator12345!' };

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.database.db);
  await seedDevices();
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

/**
 * The device service's side of the system, as its users make it: gateways (with their link keys), a second
 * account, programs, and (as the links leave them) lights, a command history and log rows.
 */
async function seedDevices() {
  const devices = ctx.app.devices;
  const gatewayIds: string[] = [];
  for (let i = 1; i <= 3; i++) {
    const mac = `AA:BB:CC:00:00:0${i}`;
    const g = await devices.gateways.register(null, { mac_addr: mac, device_name: `Gateway ${i}`, device_description: '', city: 'Ankara', map_lat: 39.9 + i / 100, map_lng: 32.85, time_zone: 'Europe/Istanbul' });
    gatewayKeys.push({ mac, key: g.key });
    gatewayIds.push(g._id);
  }
  // A failed sign-in: the device service's lockout counts it (devices.login_attempts), and a backup keeps the count.
  const guess = await ctx.call({ method: 'POST', url: '/device-api/auth/login', payload: { email: 'guesser@test.local', password: 'wrong-password' } });
  expect(guess.statusCode, guess.body).toBe(401);
  const login = await ctx.call({ method: 'POST', url: '/device-api/auth/login', payload: { email: devices.admin.email, password: devices.admin.password } });
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json<{ token: string }>().token;
  const account = await ctx.call({ method: 'POST', url: '/device-api/accounts/create', token, payload: { ...OPERATOR, name: 'Operator' } });
  expect(account.statusCode, account.body).toBe(200);
  for (const [n, id] of gatewayIds.entries()) {
    const program = await ctx.call({ method: 'POST', url: '/device-api/gateway_programs/create', token, payload: { device_id: id, user_defined_time: `1${n}:30`, brightness: 80, monday: true, friday: true } });
    expect(program.statusCode, program.body).toBe(200);
  }
  await withClient(ctx.databaseUrl!, async (c) => {
    await c.query(`insert into devices.mesh_items (gateway_id, mac_addr, name, rssi, brightness, connected, map_lat, map_lng)
      select g.id, 'LL:' || g.mac_addr || ':' || i, 'Light ' || i, -40 - i, 50, true, g.map_lat + i / 1000.0, g.map_lng from devices.gateways g, generate_series(1, 5) i`);
    await c.query(`insert into devices.commands (id, gateway_id, command, payload, user_name, status, sends, created_at, expires_at, sent_at, updated_at)
      select 'cmd-' || g.mac_addr || '-' || s, g.id, 'set_mesh_status', jsonb_build_object('macs', jsonb_build_array('LL:' || g.mac_addr || ':1'), 'cid', 1, 'value', 40),
        'Operator', s, 1, now() - interval '1 hour', now() - interval '50 minutes', now() - interval '1 hour', now() - interval '59 minutes'
      from devices.gateways g, unnest(array['completed', 'failed']) s`);
    // The meters' readings (issue 26: kept for the energy per day).
    await c.query(`insert into devices.meter_readings (gateway_id, read_at, voltage, current, power_w, brightness)
      select g.id, now() - make_interval(mins => 10 * i), '[230, 231, 229]'::jsonb, '[0.5, 0.4, 0.6]'::jsonb, 345, 80 from devices.gateways g, generate_series(1, 3) i`);
  });
}

/**
 * Row count and a hash of every row of every table of every schema: the back office's, the device service's, and
 * the migrations' bookkeeping (made again by the restore's migrations, so equal too).
 */
function fingerprint(url: string): Promise<Record<string, string>> {
  return withClient(url, async (c) => {
    await c.query("set timezone = 'UTC'");
    const out: Record<string, string> = {};
    const tables = await c.query<{ s: string; t: string }>(
      // devices.instances: which device-service processes run now (ADR 0043), not data: neither backed up nor compared.
      "select schemaname as s, tablename as t from pg_tables where schemaname not in ('pg_catalog', 'information_schema') and not (schemaname = 'devices' and tablename = 'instances') order by 1, 2",
    );
    for (const { s, t } of tables.rows) {
      const r = await c.query<{ n: string; h: string }>(
        `select count(*)::text as n, md5(coalesce(string_agg(md5(x), '' order by md5(x)), '')) as h from (select row_to_json(t)::text as x from "${s}"."${t}" t) x`,
      );
      out[`${s}.${t}`] = `${r.rows[0].n} rows, ${r.rows[0].h}`;
    }
    return out;
  });
}

const rowsOf = (fp: Record<string, string>, table: string) => Number(fp[table].split(' ')[0]);
const isEmpty = async (url: string) => Object.entries(await fingerprint(url)).filter(([t, v]) => !/^(drizzle|devices)\.__/.test(t) && !v.startsWith('0 rows'));

/** The lines of a backup file (gzip'd), and a file of such lines. */
const linesOf = (file: string) => zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
const writeLines = (file: string, lines: string[]) => fs.writeFileSync(file, zlib.gzipSync(`${lines.join('\n')}\n`));

/**
 * A backup's lines after a change that should restore (as an earlier version wrote them): its end line carries the
 * checksum of the changed content, as the writer makes it (the SHA-256 of every line before it, each with its \n).
 */
function resealed(lines: string[]): string[] {
  const body = lines.slice(0, -1);
  const done = JSON.parse(lines.at(-1)!.slice(1));
  const sha256 = createHash('sha256').update(body.map((l) => `${l}\n`).join('')).digest('hex');
  return [...body, `#${JSON.stringify({ ...done, sha256 })}`];
}

/** A backup's lines without the sections of a table (or, for a name ending in '.', of every table of that schema). */
function withoutTables(lines: string[], name: string): string[] {
  const named = name.endsWith('.') ? name : `${name}"`;
  let skip = false;
  return lines.filter((line) => {
    if (line.startsWith(`#{"table":"${named}`)) skip = true;
    const keep = !skip;
    if (line.startsWith(`#{"end":"${named}`)) skip = false;
    return keep;
  });
}

/**
 * The test database's backup as a version before `migration` wrote it (`asOld` makes its lines that version's),
 * restored into an empty data folder: the restore's summary and what `read` finds in the restored database.
 */
async function restoreAsBefore<T>(migration: string, asOld: (lines: string[]) => string[], read: (url: string) => Promise<T>): Promise<{ summary: RestoreSummary; restored: T }> {
  const file = path.join(tmp, `whole-${migration}.jsonl.gz`);
  await writeBackup(ctx.databaseUrl!, file);
  const old = path.join(tmp, `before-${migration}.jsonl.gz`);
  writeLines(old, asOld(linesOf(file)));
  const empty = await openDatabase({ dataDir: path.join(tmp, `empty-${migration}`), durable: false });
  try {
    const summary = await restoreBackup(old, empty.url);
    return { summary, restored: await read(empty.url) };
  } finally {
    await empty.close();
  }
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
  it('round trip: backs up the whole system, restores into a fresh data folder, starts on it with every table of every schema, the stock ledger and the gateways\' links the same', async () => {
    const url = ctx.databaseUrl!;
    const before = await fingerprint(url);
    const ledger = await ledgerHash(url);
    expect(rowsOf(before, 'public.material_movements')).toBeGreaterThan(0);
    expect(rowsOf(before, 'public.files')).toBeGreaterThan(0);
    // The device service's side: every one of its tables has rows to lose.
    const deviceTables = Object.keys(before).filter((t) => t.startsWith('devices.') && t !== 'devices.__device_migrations');
    expect(deviceTables.sort()).toEqual(['devices.accounts', 'devices.commands', 'devices.gateways', 'devices.login_attempts', 'devices.logs', 'devices.mesh_items', 'devices.meter_readings', 'devices.programs', 'devices.settings']);
    for (const t of deviceTables) expect(rowsOf(before, t), t).toBeGreaterThan(0);

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
    expect(restore.out()).toMatch(/its checksum matches \(sha256 [0-9a-f]{64}\)/);
    expect(restore.out()).toMatch(/devices\.gateways +3 -> +3/);
    expect(restore.out()).not.toContain('Warning');

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
    expect(((await list.json()) as { totalItemCount: number }).totalItemCount).toBe(rowsOf(before, 'public.companies'));
    // The device service's account of the backup signs in and sees its gateways and their programs…
    const deviceLogin = await fetch(`${base}/device-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OPERATOR) });
    expect(deviceLogin.status).toBe(200);
    const deviceAuth = { authorization: `Bearer ${((await deviceLogin.json()) as { token: string }).token}` };
    const gateways = (await (await fetch(`${base}/device-api/gateway/list`, { headers: deviceAuth })).json()) as { totalItemCount: number; gatewayList: { _id: string }[] };
    expect(gateways.totalItemCount).toBe(3);
    const programs = (await (await fetch(`${base}/device-api/gateway_programs/list/${gateways.gatewayList[0]._id}`, { headers: deviceAuth })).json()) as { programList: unknown[] };
    expect(programs.programList).toHaveLength(1);
    // …and a gateway's link signs in again with the key it was given before the backup.
    const { mac, key } = gatewayKeys[0];
    const link = new WebSocket(`${base.replace('http', 'ws')}/device-api/link`);
    const first = new Promise<string>((resolve, reject) => {
      link.once('message', (d) => resolve(String(d)));
      link.once('close', (code) => reject(new Error(`link closed ${code}`)));
      link.once('error', reject);
    });
    await new Promise((resolve, reject) => { link.once('open', resolve); link.once('error', reject); });
    link.send(JSON.stringify({ type: 'hello', mac, key }));
    expect(JSON.parse(await first)).toMatchObject({ type: 'welcome' });
    link.close();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);

  it('refuses an incomplete backup file and restores nothing from it', async () => {
    const file = path.join(tmp, 'whole.jsonl.gz');
    await writeBackup(ctx.databaseUrl!, file);
    const cut = path.join(tmp, 'cut.jsonl.gz');
    writeLines(cut, linesOf(file).slice(0, -1));
    const empty = await openDatabase({ dataDir: path.join(tmp, 'empty'), durable: false });
    try {
      await expect(restoreBackup(cut, empty.url)).rejects.toThrow(/is incomplete/);
      expect(await isEmpty(empty.url)).toEqual([]);
    } finally {
      await empty.close();
    }
  }, 120_000);

  it('refuses a backup whose content was changed (one quantity, re-gzipped), naming why, and leaves the target untouched', async () => {
    const file = path.join(tmp, 'to-change.jsonl.gz');
    await writeBackup(ctx.databaseUrl!, file);
    let table = '';
    let changed = 0;
    const lines = linesOf(file).map((line) => {
      if (line.startsWith('#{"table":')) table = JSON.parse(line.slice(1)).table;
      if (table !== 'material_movements' || changed || line.startsWith('#')) return line;
      changed++;
      return line.replace(/"qty":(-?\d+)/, (_m, n: string) => `"qty":${Number(n) + 1}`);
    });
    expect(lines).not.toEqual(linesOf(file));
    const bad = path.join(tmp, 'changed.jsonl.gz');
    writeLines(bad, lines);
    const target = await createScratchDatabase(inject('testDatabase').serverUrl, 'r', inject('testDatabase').template);
    try {
      const restore = run(CLI, ['restore', bad], { DATABASE_URL: target.url });
      expect(await restore.exited, restore.out()).toBe(1);
      expect(restore.out()).toContain(`${bad} was changed or damaged after it was written: its content does not match its checksum`);
      expect(restore.out()).toContain('Nothing was restored.');
      expect(await isEmpty(target.url)).toEqual([]);
    } finally {
      await target.drop();
    }
  }, 120_000);

  describe('refuses a damaged or foreign file, naming why, and leaves the target untouched', () => {
    let good: string[];
    let gz: Buffer;
    beforeAll(async () => {
      const file = path.join(tmp, 'source.jsonl.gz');
      await writeBackup(ctx.databaseUrl!, file);
      gz = fs.readFileSync(file);
      good = linesOf(file);
    }, 120_000);
    const header = () => JSON.parse(good[0].slice(1));
    const edit = (match: (l: string) => boolean, change: (l: string) => string[]) => good.flatMap((l) => (match(l) ? change(l) : [l]));
    const firstRow = (table: string) => good[good.findIndex((l) => l.startsWith(`#{"table":"${table}"`)) + 1];
    it.each<[string, () => Buffer, RegExp]>([
      ['not gzip', () => Buffer.from(good.join('\n')), /is not a backup of this product: it is not gzip data/],
      ['gzip cut in the middle', () => gz.subarray(0, Math.floor(gz.length / 2)), /is incomplete: its compressed data ends early/],
      ['gzip with a damaged byte', () => { const b = Buffer.from(gz); b[Math.floor(b.length / 2)] ^= 0xff; return b; }, /is damaged: its compressed data cannot be read|does not match its checksum/],
      ['an empty file', () => Buffer.alloc(0), /is empty/],
      ['another program\'s file', () => zlib.gzipSync('{"hello":"world"}\n'), /is not a backup of this product/],
      ['a newer backup format', () => zlib.gzipSync(`${[`#${JSON.stringify({ ...header(), version: 3 })}`, ...good.slice(1)].join('\n')}\n`), /made by a newer version of the product \(1\.0\.0\) in backup format 3/],
      ['a newer migration level', () => zlib.gzipSync(`${resealed([`#${JSON.stringify({ ...header(), migrations: { ...header().migrations, public: header().migrations.public + 1 } })}`, ...good.slice(1)]).join('\n')}\n`),
        /made by a newer version of the product \(1\.0\.0\): it has \d+ migrations of the back office/],
      ['a table this version does not know', () => zlib.gzipSync(`${resealed(edit((l) => l.startsWith('#{"done"'), (l) => ['#{"table":"devices.future","columns":["id"]}', '{"id":1}', '#{"end":"devices.future","rows":1}', l])).join('\n')}\n`),
        /has a table "devices.future" this version does not know/],
      ['a row less than its end line says', () => zlib.gzipSync(`${resealed(edit((l) => l === firstRow('devices.gateways'), () => [])).join('\n')}\n`), /table "devices.gateways" has 2 rows where its end line says 3/],
      ['no checksum', () => zlib.gzipSync(`${edit((l) => l.startsWith('#{"done"'), (l) => [l.replace(/,"sha256":"[0-9a-f]+"/, '')]).join('\n')}\n`), /has no checksum/],
      ['content after its end line', () => zlib.gzipSync(`${[...good, firstRow('companies')].join('\n')}\n`), /has content after its end line/],
    ])('%s', async (_kind, make, reason) => {
      const file = path.join(tmp, `bad-${Math.random().toString(36).slice(2)}.jsonl.gz`);
      fs.writeFileSync(file, make());
      const target = await createScratchDatabase(inject('testDatabase').serverUrl, 'r', inject('testDatabase').template);
      try {
        await expect(restoreBackup(file, target.url)).rejects.toThrow(reason);
        expect(await isEmpty(target.url)).toEqual([]);
      } finally {
        await target.drop();
      }
    }, 60_000);
  });

  // Tables kept by triggers from others: a backup made before their migration lacks them, and the restore (triggers
  // off) fills them from the restored rows.
  it.each([
    ['0015', 'order_material_needs', `select component, material_id, operation, sum(required)::text as r, sum(entries)::int as e, sum(lines)::int as l from order_material_needs
      group by 1, 2, 3 having sum(required) <> 0 or sum(entries) <> 0 or sum(lines) <> 0 order by 1, 2, 3`],
    ['0017', 'product_counts', 'select model_category, active, n from product_counts where n <> 0 order by 1, 2'],
    ['0022', 'offer_sums', 'select teklif_durumu, teklif_dovizi, slot, n, tl::text, kdv_tl::text, g_tl::text, dv::text, kdv_dv::text, g_dv::text from offer_sums where n <> 0 order by 1, 2, 3'],
    ['0041', 'production_weeks', `select week::text, bucket, sum(n)::int as n, sum(promised)::int as p, sum(late)::int as l from production_weeks
      group by 1, 2 having sum(n) <> 0 order by 1, 2`],
    // (The same migration; the label names this case's files.)
    ['0041 (counts)', 'table_counts', 'select name, sum(n)::int as n from table_counts group by 1 order by 1'],
    ['0044', 'material_stock_sums', `select category, unit, sum(n)::int as n, sum(stock)::text as s, sum(avg_value)::text as a, sum(usd_price)::text as u,
      sum(eur_price)::text as e, sum(try_value)::text as t, sum(below)::int as b from material_stock_sums group by 1, 2 having sum(n) <> 0 or sum(below) <> 0 order by 1, 2`],
  ])('a backup made before migration %s (no %s) restores with that table filled from the rows it derives from', async (migration, table, query) => {
    const read = (url: string) => withClient(url, async (c) => (await c.query(query)).rows);
    const want = await read(ctx.databaseUrl!);
    expect(want.length).toBeGreaterThan(0);
    const { restored } = await restoreAsBefore(migration, (lines) => {
      const kept = withoutTables(lines, table);
      expect(kept.length).toBeLessThan(lines.length);
      return resealed(kept);
    }, read);
    expect(restored).toEqual(want);
  }, 120_000);

  it('a backup made before migration 0043 (table_counts without the materials\' count) restores with the materials counted (ADR 0056)', async () => {
    const query = 'select name, sum(n)::int as n from table_counts group by 1 order by 1';
    const read = (url: string) => withClient(url, async (c) => (await c.query(query)).rows);
    const want = await read(ctx.databaseUrl!);
    expect(want.map((r) => r.name)).toContain('materials');
    const { restored } = await restoreAsBefore('0043', (lines) => {
      let inCounts = false;
      let dropped = 0;
      const kept = lines.filter((line) => {
        if (line.startsWith('#{"table":"table_counts"')) inCounts = true;
        else if (line.startsWith('#{"end":"table_counts"')) inCounts = false;
        else if (inCounts && JSON.parse(line).name === 'materials') { dropped++; return false; }
        return true;
      }).map((line) => (line.startsWith('#{"end":"table_counts"') ? line.replace(/"rows":(\d+)/, (_, n) => `"rows":${Number(n) - dropped}`) : line));
      expect(dropped).toBeGreaterThan(0);
      return resealed(kept);
    }, read);
    expect(restored).toEqual(want);
  }, 120_000);

  it('a backup made before migration 0034 (no order_operation_wip, materials without last_movement_at) restores with both filled from the rows they derive from', async () => {
    const wip = 'select operation, sum(lines)::int as l, sum(started)::int as s, sum(units)::text as u from order_operation_wip group by 1 having sum(lines) <> 0 order by 1';
    const last = 'select id, last_movement_at from materials order by id';
    const read = (url: string) => withClient(url, async (c) => ({ wip: (await c.query(wip)).rows, last: (await c.query(last)).rows }));
    const want = await read(ctx.databaseUrl!);
    expect(want.wip.length).toBeGreaterThan(0);
    expect(want.last.filter((r) => r.last_movement_at !== null).length).toBeGreaterThan(0);
    const { restored } = await restoreAsBefore('0034', (lines) => {
      const kept = withoutTables(lines, 'order_operation_wip')
        .map((line) => (line.startsWith('#{"table":"materials"') ? line.replace(',"last_movement_at"', '') : line));
      expect(kept.filter((line) => line.startsWith('#{"table":"materials"') && !line.includes('last_movement_at'))).toHaveLength(1);
      return resealed(kept);
    }, read);
    expect(restored).toEqual(want);
  }, 120_000);

  it('a backup made before migration 0047 (order lines without order_in_production) restores with each line flagged as its order says (ADR 0058)', async () => {
    const query = 'select l.id, l.order_in_production as kept, coalesce(o.teklif_durumu between 1 and 3, false) as said from order_items l left join offers o on o.id = l.offer_id order by l.id';
    const read = (url: string) => withClient(url, async (c) => (await c.query(query)).rows);
    const want = await read(ctx.databaseUrl!);
    expect(want.filter((r) => r.kept).length).toBeGreaterThan(0);
    expect(want.every((r) => r.kept === r.said)).toBe(true);
    const { restored } = await restoreAsBefore('0047', (lines) => {
      const kept = lines.map((line) => (line.startsWith('#{"table":"order_items"') ? line.replace(',"order_in_production"', '') : line));
      expect(kept.filter((line) => line.startsWith('#{"table":"order_items"') && !line.includes('order_in_production'))).toHaveLength(1);
      return resealed(kept);
    }, read);
    expect(restored).toEqual(want);
  }, 120_000);

  it('a backup made before migration 0020 (format 1: no checksum, no device service; day buckets; full stored answers, or none) restores with a warning, hour buckets and answers rebuilt', async () => {
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
    // The same backup as earlier versions wrote it: format 1 (the back office's tables only, `migrations` one number,
    // no checksum), day buckets instead of hour buckets, material movements with the full answer text (migration
    // 0019), product movements with no answer at all (before 0019).
    const { restored, summary: s } = await restoreAsBefore('0020', (lines) => {
      const format1 = withoutTables(lines, 'devices.').map((line, i, all) => {
        if (i === 0) return `#${JSON.stringify({ format: 'isik-backup', version: 1, createdAt: '2026-11-01T02:30:00.000Z', server: 'PostgreSQL 16', migrations: 19 })}`;
        if (i < all.length - 1) return line;
        const { sha256: _s, ...done } = JSON.parse(line.slice(1));
        return `#${JSON.stringify({ ...done, tables: all.filter((l) => l.startsWith('#{"table":')).length })}`;
      });
      let table = '';
      const old: string[] = [];
      for (const line of format1) {
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
      expect(text).not.toContain('sha256');
      expect(text).not.toContain('"table":"devices.');
      expect(text).toContain('"table":"material_ledger_days"');
      return old;
    }, async (url) => ({ ...(await read(url)), gateways: rowsOf(await fingerprint(url), 'devices.gateways') }));
    // Accepted, with a warning that says what it could not check and what it does not hold.
    expect(s.warnings.join('\n')).toMatch(/made by an earlier version \(backup format 1\): it carries no checksum.*no device service data/);
    expect(s.sha256).toBeUndefined();
    expect(restored).toEqual({ ...want, gateways: 0 });
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

  it('a nightly backup whose connections the database drops fails with a logged reason, and the process lives', async () => {
    const dir = path.join(tmp, 'nightly-dropped');
    fs.mkdirSync(dir);
    const admin = new pg.Client({ connectionString: ctx.databaseUrl! });
    const blocker = new pg.Client({ connectionString: ctx.databaseUrl! });
    await admin.connect();
    await blocker.connect();
    try {
      // Holds the backup at its first read of the companies table, so both of its connections are open when they drop.
      await blocker.query('begin');
      await blocker.query('lock table companies in access exclusive mode');
      const logs: string[] = [];
      const run = runNightlyBackup({ url: ctx.databaseUrl!, dir, keep: 2, log: (_l, m) => logs.push(m) });
      await vi.waitFor(async () => {
        const r = await admin.query(`select 1 from pg_stat_activity where application_name = 'isik backup' and wait_event_type = 'Lock'`);
        expect(r.rowCount).toBe(1);
      }, { timeout: 20_000, interval: 25 });
      // Without an 'error' listener on each client, a dropped connection is an uncaught error: the server would end.
      const ended = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name in ('isik backup', 'isik backup lock')`);
      expect(ended.rowCount).toBe(2);
      expect(await run).toBeUndefined();
      expect(logs.join('\n')).toMatch(/^nightly backup failed: /);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl.gz'))).toEqual([]);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
      await admin.end();
    }
  }, 60_000);

  it('names files by date and schedules the next run at BACKUP_AT', () => {
    expect(backupFileName(new Date('2026-11-23T02:30:05Z'))).toBe('isik-backup-2026-11-23_023005.jsonl.gz');
    const now = new Date(2026, 10, 23, 1, 0, 0);
    expect(msUntil('02:30', now)).toBe(90 * 60_000);
    expect(msUntil('01:00', now)).toBe(24 * 3600_000);
  });
});
