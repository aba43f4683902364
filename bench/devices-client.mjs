// The device benchmark's burst of create calls in a worker thread (bench/devices.ts, BENCH_CLIENT_THREAD=1), so the
// thread playing the gateways does not also run the HTTP client. Plain JavaScript: worker threads get no tsx loader.
import { parentPort, workerData } from 'node:worker_threads';

const { base, token, bodies, concurrency } = workerData;
const createMs = [];
let createErrors = 0;
let next = 0;
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (next < bodies.length) {
    const i = next++;
    const started = performance.now();
    const res = await fetch(`${base}/device-api/gateway_commands/create/`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: bodies[i],
    });
    const body = await res.text();
    createMs.push(performance.now() - started);
    if (!res.ok && createErrors++ === 0) console.error(`device bench: a create answered ${res.status}: ${body.slice(0, 300)}`);
  }
}));
parentPort.postMessage({ createMs, createErrors });
