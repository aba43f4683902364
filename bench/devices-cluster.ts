// Device service on two instances (issue 27, ADR 0043): N simulated gateways (default 5,000) spread over two
// device-service processes (bench/devices-server.ts, BENCH_SHARED=1) on one PostgreSQL, gateway n linking first to
// instance n mod 2 and to the other when its link drops. Measures:
// - the command round trip (created -> completed, the service's own timestamps) at a stated offered load: an open loop
//   of BENCH_RATE commands a second (default 25) to random gateways for BENCH_RATE_SECONDS (default 60), while every
//   gateway stays linked and sends its meter reading every BENCH_METER_MS (default 30,000, the simulator's own);
//   target p95 <= 200 ms (docs/performance.md says why the rate is the operator's);
// - the saturation throughput: a burst of one command per gateway, `BENCH_BURST_CONCURRENCY` in flight (a closed
//   loop: its round trip is in-flight ÷ throughput, not the service's latency); commands completed a second;
// - in both, each command created through the instance that does NOT hold its link half of the time (NOTIFY);
// - kill -9 of one instance: the time until every gateway is linked again (to the other), from the database's view
//   (status online, linked_to the survivor); target <= 30 s.
//
// It also reports the CPU each command cost (ms, during a burst: each instance, PostgreSQL's backends of the
// database, and this process, which plays the gateways and sends the creates), the figure to judge by when the
// machine is shared: on 2 cores a burst cannot go faster than (A + B + pg + bench) per command allows.
//
// `npx tsx bench/devices-cluster.ts`. Environment: BENCH_GATEWAYS (default 5000), BENCH_LIGHTS (default 5-10),
// BENCH_RATE (0: no open loop), BENCH_RATE_SECONDS, BENCH_METER_MS (0: no periodic readings), BENCH_SETTLE_MS (the
// pause between the last link and the open loop, default 30,000: the fleet's start-up traffic drains),
// BENCH_BURST_CONCURRENCY (default 50), BENCH_BURSTS (bursts before the kill, default 1; the figures of each),
// BENCH_CLIENT_THREAD=0 (the creates from this thread, not a worker), BENCH_KILL=0 (no kill), BENCH_CPU_PROF=1
// (both instances' CPU profiles over the last burst, in bench/results/profiles), BENCH_DATABASE_URL (a PostgreSQL
// server whose role may CREATE DATABASE; else an embedded PostgreSQL is started).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { SimClock, SimGateway, seeded } from '@isik/gateway-sim';
import { ask, burst, forkDeviceServer, gatewayPlan, num, pause, pct, postgresCpu, r1, stopDeviceServer, withScratchDatabase, type BurstCall } from './devices-common.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** CPU used so far (ms): each instance, PostgreSQL's backends of the database, this process (gateways and client). */
async function cpuNow(instances: { child: import('node:child_process').ChildProcess }[], pids: number[]) {
  const each = await Promise.all(instances.map(async (x) => (x.child.exitCode === null && x.child.signalCode === null ? (await ask<{ ms: number }>(x.child, { type: 'cpu' }, 'cpu')).ms : 0)));
  const u = process.cpuUsage();
  return { each, postgres: postgresCpu(pids), bench: (u.user + u.system) / 1000 };
}

async function run(url: string) {
  const count = num(process.env.BENCH_GATEWAYS, 5000);
  const [lo, hi] = (process.env.BENCH_LIGHTS ?? '5-10').split('-').map(Number);
  const concurrency = num(process.env.BENCH_BURST_CONCURRENCY, 50);
  const bursts = Math.max(1, num(process.env.BENCH_BURSTS, 1));
  const rate = num(process.env.BENCH_RATE, 25);
  const rateSeconds = num(process.env.BENCH_RATE_SECONDS, 60);
  const meterIntervalMs = num(process.env.BENCH_METER_MS, 30_000);
  const settleMs = num(process.env.BENCH_SETTLE_MS, 30_000);
  const clientThread = process.env.BENCH_CLIENT_THREAD !== '0';
  const kill = process.env.BENCH_KILL !== '0';
  const profileDir = process.env.BENCH_CPU_PROF ? path.join(HERE, 'results', 'profiles') : undefined;
  const db = new pg.Client({ connectionString: url });
  // One after the other: the first prepares the database.
  const one = forkDeviceServer(url, { shared: true });
  const a = await one.ready;
  const two = forkDeviceServer(url, { shared: true });
  const b = await two.ready;
  await db.connect();
  const q = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
  const say = (m: string) => console.log(`[devices-cluster ${new Date().toISOString().slice(11, 19)}] ${m}`);
  try {
    const plan = gatewayPlan(count, 'BC', 'CLUSTER');
    say(`registering ${count} gateways`);
    const { keys, ids } = await ask<{ keys: Record<string, string>; ids: Record<string, string> }>(one.child, { type: 'register', gateways: plan }, 'registered');
    const links = [`ws://127.0.0.1:${a.port}/device-api/link`, `ws://127.0.0.1:${b.port}/device-api/link`];
    const clock = new SimClock('real');
    const sims = plan.map((p, i) => new SimGateway({
      linkUrl: i % 2 === 0 ? links : [links[1], links[0]], index: i + 1, mac: p.mac_addr, key: keys[p.mac_addr], name: p.device_name,
      lat: p.map_lat, lng: p.map_lng, lights: lo + (i % (hi - lo + 1)), seed: 9, clock, timeZone: 'Europe/Istanbul', answerDelay: [0, 0], meterIntervalMs,
    }));
    say('connecting');
    const t0 = performance.now();
    for (const s of sims) s.start();
    const lights = sims.reduce((n, s) => n + s.lights.length, 0);
    // Every gateway linked (the database says so) and every light stored (a command names stored lights only).
    for (;;) {
      const [{ online }] = await q<{ online: number }>("select count(*)::int as online from devices.gateways where status = 'online'");
      const [{ n }] = await q<{ n: number }>('select count(*)::int as n from devices.mesh_items');
      if (online === count && n >= lights) break;
      if (performance.now() - t0 > 300_000) { say(`only ${online} of ${count} gateways linked after 300 s`); break; }
      await pause(100);
    }
    const connectMs = Math.round(performance.now() - t0);
    const perInstance = await q<{ linked_to: string; n: number }>('select linked_to, count(*)::int as n from devices.gateways group by 1 order by 1');
    const pids = (await q<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')).map((r) => r.pid);
    const targets = [{ base: `http://127.0.0.1:${a.port}`, token: a.token }, { base: `http://127.0.0.1:${b.port}`, token: b.token }];
    const holder = new Map((await q<{ id: string; linked_to: string }>('select id, linked_to from devices.gateways')).map((r) => [r.id, r.linked_to]));
    const open = async () => (await q<{ open: number }>("select count(*)::int as open from devices.commands where status not in ('completed', 'failed', 'expired')"))[0].open;

    /**
     * The commands `calls` through their instances: `concurrency` in flight (a burst, `rateNow` 0) or an open loop of
     * `rateNow` a second; waits until none is open. Answers the round trips (created -> completed, ms) of its commands,
     * the create errors, the CPU per command of each part and the meter readings stored meanwhile.
     */
    async function oneBurst(calls: BurstCall[], instances: { child: import('node:child_process').ChildProcess }[], rateNow = 0) {
      const [{ c0 }] = await q<{ c0: string }>('select clock_timestamp()::text as c0');
      const lag = monitorEventLoopDelay({ resolution: 5 });
      lag.enable();
      const cpu0 = await cpuNow(instances, pids);
      const b0 = performance.now();
      const { createErrors, createMs, heldBack, sentMs } = await burst(targets, calls, concurrency, clientThread, rateNow);
      for (let tries = 0; tries < 600 && (await open()) > 0; tries++) await pause(100);
      const ms = Math.round(performance.now() - b0);
      const cpu1 = await cpuNow(instances, pids);
      lag.disable();
      const rows = await q<{ status: string; ms: number; at: number }>(
        'select status, extract(epoch from (updated_at - created_at)) * 1000 as ms, extract(epoch from (created_at - $1::timestamptz)) as at from devices.commands where created_at >= $1', [c0]);
      const [{ meters }] = await q<{ meters: number }>('select count(*)::int as meters from devices.meter_readings where read_at >= $1', [c0]);
      const done = rows.filter((r) => r.status === 'completed').map((r) => Number(r.ms)).sort((x, y) => x - y);
      const per = (v: number) => Math.round((v / Math.max(1, rows.length)) * 100) / 100;
      const created = createMs.sort((x, y) => x - y);
      return {
        commands: rows.length, completed: done.length, createErrors, ms, heldBack, offeredPerS: r1(calls.length / (sentMs / 1000)),
        throughputPerS: r1(done.length / (ms / 1000)), metersPerS: r1(meters / (ms / 1000)),
        serverCpuPct: r1((cpu1.each.reduce((n, v, i) => n + v - cpu0.each[i], 0) + cpu1.postgres - cpu0.postgres) / ms * 100),
        p50: r1(pct(done, 50)), p95: r1(pct(done, 95)), max: r1(done[done.length - 1] ?? 0), createP95: r1(pct(created, 95)),
        cpu: `${cpu1.each.map((v, i) => per(v - cpu0.each[i])).join(' + ')} | pg ${per(cpu1.postgres - cpu0.postgres)} | bench ${per(cpu1.bench - cpu0.bench)}`,
        serverCpuPerCommand: per(cpu1.each.reduce((n, v, i) => n + v - cpu0.each[i], 0) + cpu1.postgres - cpu0.postgres),
        simLagP99: Math.round(lag.percentile(99) / 1e4) / 100,
        // Where the tail is: the p95 round trip of the commands created in each 10 s.
        p95By10s: [...rows.filter((r) => r.status === 'completed').reduce((m, r) => m.set(Math.floor(Number(r.at) / 10), [...(m.get(Math.floor(Number(r.at) / 10)) ?? []), Number(r.ms)]), new Map<number, number[]>())]
          .sort(([x], [y]) => x - y).map(([, g]) => r1(pct(g.sort((x, y) => x - y), 95))).join(' '),
      };
    }

    // The bursts: one command per gateway, created through instance A for gateways 0, 1, 4, 5, ... and B for the
    // others; gateway n links first to instance n mod 2, so half the creates land where the link is not (cross-instance).
    // BENCH_CPU_PROF=1: a CPU profile of both instances over the last burst (bench/results/profiles).
    const via = (i: number) => Math.floor(i / 2) % 2;
    const call = (i: number, value: number, through = via(i)): BurstCall => ({ via: through, body: JSON.stringify({ device_id: ids[plan[i].mac_addr], command: 'set_mesh_status', payload: { macs: [sims[i].lights[0].mac_addr], cid: 1, value } }) });
    const everyGateway = (value: number, through?: number) => plan.map((_, i) => call(i, value, through));
    const crossed = plan.filter((p, i) => holder.get(ids[p.mac_addr]) !== [a.instance, b.instance][via(i)]).length;
    const load = os.loadavg()[0].toFixed(2);
    // The open loop: `rate` commands a second to random gateways (repeatable), through a random instance.
    let steady: Awaited<ReturnType<typeof oneBurst>> | undefined;
    if (rate > 0) {
      // Steady state first: the fleet's start-up (37,000 lights' mesh reports, programs, first readings) drains.
      say(`settling for ${settleMs} ms`);
      await pause(settleMs);
      const rnd = seeded(27);
      const calls = Array.from({ length: Math.round(rate * rateSeconds) }, (_, n) => call(Math.floor(rnd() * count), 5 * (n % 21), rnd() < 0.5 ? 0 : 1));
      say(`open loop: ${rate} commands a second for ${rateSeconds} s`);
      steady = await oneBurst(calls, [one, two], rate);
    }
    const runs: Awaited<ReturnType<typeof oneBurst>>[] = [];
    for (let n = 0; n < bursts; n++) {
      const last = n === bursts - 1;
      if (last && profileDir) for (const x of [one, two]) await ask(x.child, { type: 'burst-start', dir: profileDir }, 'burst-started');
      say(`burst ${n + 1} of ${bursts}`);
      runs.push(await oneBurst(everyGateway(5 * ((10 + n) % 21)), [one, two]));
      if (last && profileDir) {
        for (const x of [one, two]) {
          const { profile } = await ask<{ profile?: string }>(x.child, { type: 'burst-end', dir: profileDir }, 'burst-ended');
          say(`CPU profile of an instance over the burst: ${profile}`);
        }
      }
    }
    const loadBurst = os.loadavg()[0].toFixed(2);
    const result = {
      gateways: count, lights, connectMs, perInstance: perInstance.map((r) => r.n).join(' + '), crossInstance: crossed, load,
      ...(steady ? {
        'open loop: offered / completed per s': `${steady.offeredPerS} / ${steady.throughputPerS} (${steady.completed}/${steady.commands}, held back ${steady.heldBack})`,
        'open loop: roundTrip p50/p95/max': `${steady.p50} / ${steady.p95} / ${steady.max}`,
        'open loop: meter readings per s': steady.metersPerS,
        'open loop: server CPU % of one core': steady.serverCpuPct,
        'open loop: cpu ms/command A + B | pg | bench': steady.cpu,
        'open loop: createP95': steady.createP95, 'open loop: p95 per 10 s': steady.p95By10s, 'open loop: simLagP99': steady.simLagP99, 'open loop: load': os.loadavg()[0].toFixed(2),
      } : {}),
      ...Object.fromEntries(runs.flatMap((r, n) => {
        const k = bursts > 1 ? `${n + 1}:` : '';
        return [[`${k}completed`, `${r.completed}/${r.commands}`], [`${k}burstMs`, r.ms], [`${k}roundTrip p50/p95/max`, `${r.p50} / ${r.p95} / ${r.max}`],
          [`${k}cpu ms/command A + B | pg | bench`, r.cpu], [`${k}saturation: completed per s`, r.throughputPerS], [`${k}meter readings per s`, r.metersPerS], [`${k}simLagP99`, r.simLagP99]];
      })),
      createErrors: runs.reduce((n, r) => n + r.createErrors, 0),
      openLoopP95: steady?.p95, roundTripP95: runs[runs.length - 1].p95, serverCpuPerCommand: runs[runs.length - 1].serverCpuPerCommand, loadBurst,
    };
    if (!kill) {
      for (const s of sims) s.stop();
      clock.stop();
      await Promise.all([stopDeviceServer(one.child), stopDeviceServer(two.child)]);
      return result;
    }

    say('kill -9 of instance A');
    // kill -9 of instance A: every gateway linked again, to B.
    const k0 = performance.now();
    one.child.kill('SIGKILL');
    let backMs = -1;
    for (;;) {
      const [{ n }] = await q<{ n: number }>("select count(*)::int as n from devices.gateways where status = 'online' and linked_to = $1", [b.instance]);
      if (n === count) { backMs = Math.round(performance.now() - k0); break; }
      if (performance.now() - k0 > 120_000) break;
      await pause(100);
    }
    const simsOnline = sims.filter((s) => s.online).length;
    // A burst after the kill, all through B: it serves every gateway.
    const after = await oneBurst(everyGateway(70, 1), [two]);
    for (const s of sims) s.stop();
    clock.stop();
    await stopDeviceServer(two.child);
    return {
      ...result, allBackAfterKillMs: backMs, simsOnline,
      afterKillCompleted: `${after.completed}/${after.commands}`, afterKillP95: after.p95, afterKillCpu: after.cpu, loadAfter: os.loadavg()[0].toFixed(2),
    };
  } finally {
    await db.end().catch(() => undefined);
    for (const c of [one.child, two.child]) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
}

withScratchDatabase('bench_devices_cluster', (url) => run(url))
  .then((r) => { console.table(Object.entries(r).map(([figure, value]) => ({ figure, value }))); })
  .catch((e) => { console.error(e); process.exit(1); });
