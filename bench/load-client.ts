// The load generators side by side (`npx tsx bench/load-client.ts`): a static answer of BODY_KB (default 600 KB, the
// offer list's 1,000-row page) from a plain node:http server in a child process, loaded for 5 s at 10 connections by
// autocannon and by bench/lean-load.ts in turn; prints each client's own CPU per request (process.cpuUsage), which
// on a 2-core machine is CPU the server under test does not get (docs/performance.md, "The bench's load generator").
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { leanLoad } from './lean-load.js';

if (process.argv[2] === 'serve') {
  const kb = Number(process.env.BODY_KB ?? 600);
  const row = JSON.stringify({ _id: 'x', firma_adi: 'Işık Aydınlatma A.Ş.', teklif_konu: 'Sokak aydınlatması' });
  const body = Buffer.from(`{"rows":[${Array.from({ length: Math.ceil((kb * 1024) / row.length) }, () => row).join(',')}]}`);
  const srv = http.createServer((_q, r) => { r.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); r.end(body); });
  srv.listen(0, '127.0.0.1', () => process.send?.({ port: (srv.address() as { port: number }).port, bytes: body.length }));
} else {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { execArgv: ['--import', 'tsx'] });
  const { port, bytes } = await new Promise<{ port: number; bytes: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number; bytes: number })));
  const url = `http://127.0.0.1:${port}`;
  const seconds = 5;
  const run = async (name: string, go: (count: () => void) => Promise<unknown>) => {
    let n = 0;
    const c0 = process.cpuUsage();
    await go(() => { n++; });
    const c = process.cpuUsage(c0);
    console.log(`${name}: ${(n / seconds).toFixed(0)} req/s, ${((c.user + c.system) / 1000 / n).toFixed(2)} ms of the client's CPU a request`);
  };
  console.log(`answer ${bytes} bytes, 10 connections, ${seconds} s each`);
  for (let i = 0; i < 2; i++) {
    await run('autocannon', (count) => new Promise((resolve, reject) => {
      const inst = autocannon({ url, connections: 10, duration: seconds }, (e, r) => (e ? reject(e) : resolve(r)));
      inst.on('response', count);
    }));
    await run('lean-load ', (count) => leanLoad(url, { connections: 10, seconds, headers: {}, request: { method: 'GET', path: '/' } }, count));
  }
  child.kill();
}
