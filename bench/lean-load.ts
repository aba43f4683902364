// The bench's load generator (bench/run.ts; BENCH_CLIENT=autocannon for the former one). N keep-alive connections,
// each sending its next request when the last answer has been read, for a number of seconds; the answers' bodies are
// read and dropped as Buffers. autocannon appends every body chunk to a JavaScript string (`req.body += data` in its
// pipelinedRequestsQueue.js), which decodes each answer as UTF-8: for the offer list's 640 KB page that was about
// 3.7 ms of CPU a request on this 2-core machine, CPU the server under test then lacked (docs/performance.md, "The
// bench's load generator"). This client takes the same request shapes as autocannon's `requests` (method, path,
// headers, body, setupRequest) so the scenarios did not change.
import http from 'node:http';

export interface LeanRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (req: LeanRequest) => LeanRequest;
}

export interface LeanResult { errors: number; timeouts: number }

/** One request on `agent` (one socket); resolves with the status when the whole body has been read, or null on error. */
function once(base: URL, agent: http.Agent, req: LeanRequest, timeoutMs: number): Promise<number | 'timeout' | null> {
  return new Promise((resolve) => {
    const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
    const headers = { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const r = http.request({ host: base.hostname, port: base.port, method: req.method ?? 'GET', path: req.path ?? '/', headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(null));
    });
    r.setTimeout(timeoutMs, () => { r.destroy(); resolve('timeout'); });
    r.on('error', () => resolve(null));
    r.end(body);
  });
}

/**
 * `connections` loops over their own keep-alive socket for `seconds`; `onResponse(status, ms)` after each answer
 * (a request that failed or timed out is counted in the result instead, as autocannon does). A request still running at the end is awaited and counted.
 */
export async function leanLoad(
  url: string,
  o: { connections: number; seconds: number; headers: Record<string, string>; request: LeanRequest; timeoutSeconds?: number },
  onResponse: (status: number, ms: number) => void,
): Promise<LeanResult> {
  const base = new URL(url);
  const end = Date.now() + o.seconds * 1000;
  const result: LeanResult = { errors: 0, timeouts: 0 };
  const base0: LeanRequest = { ...o.request, headers: { ...o.headers, ...o.request.headers } };
  await Promise.all(Array.from({ length: o.connections }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (Date.now() < end) {
        const req = o.request.setupRequest ? o.request.setupRequest({ ...base0 }) : base0;
        const t0 = performance.now();
        const status = await once(base, agent, req, (o.timeoutSeconds ?? 30) * 1000);
        const ms = performance.now() - t0;
        if (status === 'timeout') result.timeouts++;
        else if (status === null) result.errors++;
        else onResponse(status, ms);
      }
    } finally {
      agent.destroy();
    }
  }));
  return result;
}
