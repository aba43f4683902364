#!/usr/bin/env node
// Sums up a .cpuprofile (node --cpu-prof): self time by package (node_modules/<pkg>, our own folders, node
// internals, GC/idle) and the top functions. Usage: node bench/profile-summary.mjs FILE [TOP]
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
const where = (url) => {
  if (!url) return null;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const own = /packages\/(\w+)\/(?:src|dist)\/(?:modules\/)?([\w-]+)/.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  if (url.startsWith('node:')) return 'node internals';
  return url.split('/').slice(-2).join('/');
};
const groups = new Map();
const funcs = new Map();
let total = 0;
for (const [id, t] of self) {
  const n = byId.get(id);
  total += t;
  const cf = n.callFrame;
  const g = cf.functionName.startsWith('(') ? cf.functionName : (where(cf.url) ?? '(native)');
  groups.set(g, (groups.get(g) ?? 0) + t);
  const f = `${cf.functionName || '(anonymous)'} ${cf.url ? `${cf.url.split('/').slice(-2).join('/')}:${cf.lineNumber + 1}` : ''}`;
  funcs.set(f, (funcs.get(f) ?? 0) + t);
}
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log(`total ${(total / 1e6).toFixed(1)} s of samples`);
console.log('\nself time by package:');
for (const [g, t] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${pct(t)}  ${g}`);
console.log('\ntop functions:');
for (const [f, t] of [...funcs].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg || 25))) console.log(`  ${pct(t)}  ${f}`);
