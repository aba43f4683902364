// The device benchmarks' burst of create calls in a worker thread (bench/devices-common.ts `burst`, thread = true), so
// the thread playing the gateways does not also run the HTTP client. Plain JavaScript: worker threads get no tsx loader.
// workerData: { targets: [{ base, token }], calls: [{ via, body }], concurrency }.
import { parentPort, workerData } from 'node:worker_threads';

const { targets, calls, concurrency } = workerData;
const createMs = [];
let createErrors = 0;
let next = 0;
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (next < calls.length) {
    const { via, body } = calls[next++];
    const started = performance.now();
    const res = await fetch(`${targets[via].base}/device-api/gateway_commands/create/`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${targets[via].token}` }, body,
    });
    const text = await res.text();
    createMs.push(performance.now() - started);
    if (!res.ok && createErrors++ === 0) console.error(`device bench: a create answered ${res.status}: ${text.slice(0, 300)}`);
  }
}));
parentPort.postMessage({ createMs, createErrors });
