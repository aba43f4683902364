#!/usr/bin/env node
// The soak of issue 27 (ADR 0042): N minutes of mixed load on a running `npm run cluster`, with every part's memory
// and PostgreSQL's connections sampled every few seconds; prints a table and a summary.
//
//   npm run cluster                                   # in one terminal (same PORT and DATA_DIR as below)
//   ADMIN_PASSWORD=… node scripts/soak.mjs --minutes 30 [--workers 8] [--every 5]
//
// Reads DATA_DIR/cluster.json (the parts and their pids, written by scripts/cluster.mjs) and signs in as ADMIN_EMAIL
// (default admin@example.com) with ADMIN_PASSWORD through the balancer on PORT (default 3000). The load, through
// the balancer: list reads (offers, companies, materials, products, order lines, the production dashboard), offer
// saves, production records on an order line of the data (when one has an operation with room left), the device
// service's readiness, and one live socket held open all along. PostgreSQL's connections come from
// pg_stat_activity (DATABASE_URL, else the embedded server of DATA_DIR). Any answer other than 200 (and a 409 of a
// production record that raced another) and any network error count as errors. Exits 1 when there were errors.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MINUTES = arg('minutes', 5);
const WORKERS = arg('workers', 8);
const EVERY_S = arg('every', 5);
const PORT = Number(process.env.PORT || 3000);
const DATA_DIR = path.resolve(process.env.DATA_DIR || './data');
const BASE = `http://127.0.0.1:${PORT}`;

const state = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'cluster.json'), 'utf8'));
const dbUrl = process.env.DATABASE_URL || (() => {
  const port = fs.readFileSync(path.join(DATA_DIR, 'postgres.port'), 'utf8').trim();
  const pw = fs.readFileSync(path.join(DATA_DIR, 'postgres.password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(pw)}@127.0.0.1:${port}/isik`;
})();

const login = await fetch(`${BASE}/api/auth/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: process.env.ADMIN_EMAIL || 'admin@example.com', password: process.env.ADMIN_PASSWORD }),
});
if (login.status !== 200) {
  console.error(`Signing in through ${BASE} failed (${login.status}): set ADMIN_EMAIL and ADMIN_PASSWORD as for npm run cluster.`);
  process.exit(1);
}
const token = (await login.json()).token;
const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en', 'content-type': 'application/json' };

const counts = { requests: 0, errors: 0 };
const errorsBy = new Map();
const latencies = [];
function fail(what) {
  counts.errors++;
  errorsBy.set(what, (errorsBy.get(what) ?? 0) + 1);
}
async function call(method, p, body, ok = [200]) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${BASE}${p}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    counts.requests++;
    latencies.push(performance.now() - t0);
    if (!ok.includes(res.status)) { fail(`${method} ${p.split('?')[0]} ${res.status}`); return undefined; }
    return res.status === 200 ? JSON.parse(text) : { status: res.status };
  } catch (e) {
    fail(`${method} ${p.split('?')[0]} ${e.cause?.code ?? e.message}`);
    return undefined;
  }
}

// ------------------------------------------------------------ what the writes use
const company = await call('POST', '/api/companies/create', { company_name: `Soak ${new Date().toISOString()}`, company_city: 'Ankara', company_email: 'soak@example.com' });
if (!company) { console.error('Could not create the soak\'s company'); process.exit(1); }
const lines = (await call('GET', '/api/orders/list?type=detaillist&filter1=1&filter2=5&pageSize=200'))?.orders ?? [];
// Production records go to the operations with the most room left, the next one when one is full.
const recordable = [];
for (const l of lines) {
  if ((l.urun_birimi ?? 'Adet') !== 'Adet') continue;
  for (const o of l.Operations ?? []) {
    const room = o.Qty - o.OperationComplated;
    if (o.OperationStatus !== 2 && room >= 1 && !(o.OperationDetails ?? []).some((d) => d.undetermined)) recordable.push({ line: l._id, op: o._id, room });
  }
}
recordable.sort((a, b) => b.room - a.room);
let recordOn = recordable.shift();
const offerBody = () => ({
  firma_id: company._id, firma_adi: company.company_name, firma_ulke: 'Türkiye', teklif_dovizi: '$', teklif_usdkur: 40, teklif_eurkur: 45, teklif_durumu: 0,
  offeritem: [{ urun_adi: 'Soak 30 W', urun_kodu: ['SOAK'], urun_miktari: 3, urun_birimi: 'Adet', urun_fiyati: 46.5, urun_dovizi: '$', urun_kdv: 20, order_type: 'default' }],
});

// ------------------------------------------------------------ the load
const reads = ['/api/offers/list?pageSize=50', '/api/companies/list', '/api/materials/list', '/api/products/list',
  '/api/orders/list?type=detaillist&filter1=1&filter2=6', '/api/orders/dashboard/production', '/device-api/health'];
let running = true;
const perKind = { reads: 0, offers: 0, records: 0 };
async function worker(n) {
  for (let i = 0; running; i++) {
    const pick = (i + n) % 10;
    if (pick === 0) {
      if (await call('POST', '/api/offers/create', offerBody())) perKind.offers++;
    } else if (pick === 1 && recordOn) {
      const target = recordOn;
      const res = await call('POST', `/api/orders/operations/${target.line}/${target.op}/record`, { qty: 1 }, [200, 409, 400]);
      if (res && res.status === undefined) perKind.records++;
      // Full (or a 400: it refuses records): the next operation.
      if (recordOn === target && ((res && res.status === undefined && --target.room <= 0) || res?.status === 400)) recordOn = recordable.shift();
    } else {
      await call('GET', reads[(i * 7 + n) % reads.length]);
      perKind.reads++;
    }
  }
}
let liveEvents = 0;
let liveReconnects = 0;
function live() {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws`, ['isik.live', `bearer.${token}`]);
  ws.on('message', () => { liveEvents++; });
  ws.on('error', () => undefined);
  ws.on('close', () => { if (running) { liveReconnects++; setTimeout(live, 500); } });
  return ws;
}
const socket = live();

// ------------------------------------------------------------ the samples
const pool = new pg.Pool({ connectionString: dbUrl, max: 1, application_name: 'isik soak' });
const rssMb = (pid) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch { return NaN; }
};
const partsNow = () => JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'cluster.json'), 'utf8')).parts.filter((p) => p.pid);
const names = state.parts.filter((p) => p.kind !== 'db').map((p) => p.name);
const samples = [];
const cols = ['t s', ...names.map((n) => `${n} MB`), 'pg conns', 'pg active', 'req/s', 'p95 ms', 'errors'];
console.log(`Soak: ${MINUTES} min, ${WORKERS} workers on ${BASE}${recordOn ? '' : ' (no order line with room for production records: none sent)'}; a sample every ${EVERY_S} s`);
console.log(cols.map((c) => c.padStart(11)).join(''));
const t0 = Date.now();
let lastRequests = 0;
async function sample() {
  const parts = partsNow();
  const { rows: [c] } = await pool.query("select count(*)::int as n, count(*) filter (where state = 'active')::int as active from pg_stat_activity where backend_type = 'client backend'");
  const lat = latencies.splice(0).sort((a, b) => a - b);
  const row = {
    t: Math.round((Date.now() - t0) / 1000),
    rss: Object.fromEntries(names.map((n) => [n, rssMb(parts.find((p) => p.name === n)?.pid)])),
    conns: c.n, active: c.active, rps: Math.round((counts.requests - lastRequests) / EVERY_S),
    p95: lat.length ? Math.round(lat[Math.floor(lat.length * 0.95)]) : 0, errors: counts.errors,
  };
  lastRequests = counts.requests;
  samples.push(row);
  console.log([row.t, ...names.map((n) => row.rss[n]), row.conns, row.active, row.rps, row.p95, row.errors].map((v) => String(v).padStart(11)).join(''));
}
const timer = setInterval(() => void sample().catch((e) => fail(`sample ${e.message}`)), EVERY_S * 1000);
const workers = Array.from({ length: WORKERS }, (_, n) => worker(n));
await new Promise((r) => setTimeout(r, MINUTES * 60_000));
running = false;
clearInterval(timer);
await Promise.all(workers);
socket.close();
await sample();
await pool.end();

// ------------------------------------------------------------ summary: growth after the warm-up (the first fifth)
const warm = samples.slice(Math.max(1, Math.floor(samples.length / 5)));
const first = warm[0] ?? samples[0];
const last = samples.at(-1);
console.log(`\nRequests ${counts.requests} (reads ${perKind.reads}, offer saves ${perKind.offers}, production records ${perKind.records}), errors ${counts.errors}; live socket: ${liveEvents} events, ${liveReconnects} reconnects`);
for (const n of names) {
  const max = Math.max(...warm.map((s) => s.rss[n]).filter(Number.isFinite));
  console.log(`  ${n.padEnd(8)} RSS after warm-up ${first.rss[n]} MB -> end ${last.rss[n]} MB (max ${max} MB)`);
}
console.log(`  PostgreSQL client connections after warm-up ${Math.min(...warm.map((s) => s.conns))}..${Math.max(...warm.map((s) => s.conns))} (end ${last.conns})`);
for (const [what, n] of errorsBy) console.log(`  error: ${what} x ${n}`);
process.exit(counts.errors > 0 ? 1 : 0);
