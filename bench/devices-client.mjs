// The device benchmarks' create calls (bench/devices-common.ts `burst`), the one implementation, run in the calling
// thread or in a worker thread (so the thread playing the gateways does not also run the HTTP client). Plain
// JavaScript: worker threads get no tsx loader. Types: devices-client.d.mts.
// - closed loop (rate 0): `concurrency` calls in flight, the next sent when one answers: measures throughput;
// - open loop (rate > 0): call i sent at i / rate seconds, whatever the earlier ones do (at most `concurrency` in
//   flight as a safety cap; calls held back by it are counted): measures the round trip at that offered load.
// As a worker: workerData { devicesClient: { targets, calls, concurrency, rate } }, posts the result.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/** @param {{ targets: { base: string, token: string }[], calls: { via: number, body: string }[], concurrency: number, rate?: number }} o */
export async function sendCalls({ targets, calls, concurrency, rate = 0 }) {
  const createMs = [];
  let createErrors = 0;
  let heldBack = 0;
  const one = async ({ via, body }) => {
    const started = performance.now();
    try {
      const res = await fetch(`${targets[via].base}/device-api/gateway_commands/create/`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${targets[via].token}` }, body,
      });
      const text = await res.text();
      if (!res.ok && createErrors++ === 0) console.error(`device bench: a create answered ${res.status}: ${text.slice(0, 300)}`);
    } catch (e) {
      if (createErrors++ === 0) console.error(`device bench: a create failed: ${e.message}`);
    }
    createMs.push(performance.now() - started);
  };
  const t0 = performance.now();
  if (rate > 0) {
    const inFlight = new Set();
    for (let i = 0; i < calls.length; i++) {
      const due = t0 + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      if (inFlight.size >= concurrency) {
        heldBack++;
        await Promise.race(inFlight);
      }
      const p = one(calls[i]).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
  } else {
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < calls.length) await one(calls[next++]);
    }));
  }
  return { createMs, createErrors, heldBack, sentMs: performance.now() - t0 };
}

if (!isMainThread && workerData?.devicesClient) parentPort.postMessage(await sendCalls(workerData.devicesClient));
