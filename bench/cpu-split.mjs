// CPU per request of one bench scenario, split by process (issue 27): `node bench/cpu-split.mjs BENCH_PID LOG MARK`
// next to `npm run bench > LOG` (BENCH_PID: the pid of that npm process). Waits until LOG shows MARK (a part of the
// scenario's name, e.g. 1000/page), reads utime + stime of every descendant of BENCH_PID from /proc, waits for the
// scenario's result line, reads them again and prints each process's CPU and CPU per request (requests = req/s × BENCH_DURATION,
// default 5). PostgreSQL = every postgres process; the load generator = bench/run.ts's process (autocannon).
import fs from 'node:fs';
const [root, log, mark] = process.argv.slice(2);
const stat = (pid) => { try { const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return { ppid: +f[1], ms: (+f[11] + +f[12]) * 10 }; } catch { return null; } };
const cmd = (pid) => { try { return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '); } catch { return ''; } };
function snap() {
  const all = new Map();
  for (const d of fs.readdirSync('/proc')) if (/^\d+$/.test(d)) { const s = stat(d); if (s) all.set(+d, s); }
  const kids = new Map(); for (const [p, s] of all) { if (!kids.has(s.ppid)) kids.set(s.ppid, []); kids.get(s.ppid).push(p); }
  const out = new Map(); const stack = [+root];
  while (stack.length) { const p = stack.pop(); if (all.has(p)) out.set(p, { ms: all.get(p).ms, cmd: cmd(p) }); for (const k of kids.get(p) ?? []) stack.push(k); }
  return out;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const text = () => { try { return fs.readFileSync(log, 'utf8'); } catch { return ''; } };
while (!text().includes(mark)) await sleep(20);
const a = snap(); const t0 = Date.now();
let after = text().slice(text().indexOf(mark));
while (!/req\/s, p50/.test(after)) { await sleep(20); after = text().slice(text().indexOf(mark)); }
const b = snap(); const t1 = Date.now();
const res = after.match(/([\d.]+) req\/s/); const rps = Number(res[1]); const n = rps * Number(process.env.BENCH_DURATION || 5);
const groups = {};
for (const [p, v] of b) { const d = v.ms - (a.get(p)?.ms ?? 0); if (d <= 0) continue; const g = /postgres/.test(v.cmd) ? 'postgres' : /run\.ts/.test(v.cmd) ? 'loadgen(run.ts)' : `node ${p}: ${v.cmd.slice(0, 80)}`; groups[g] = (groups[g] ?? 0) + d; }
console.log(`window ${t1 - t0} ms, ${rps} req/s, ~${n} requests`);
for (const [g, ms] of Object.entries(groups)) console.log(`${g}: ${ms} ms, ${(ms / n).toFixed(2)} ms/req`);
