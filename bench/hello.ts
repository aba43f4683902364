// The yardstick of `npm run bench`: a Fastify hello-world in its own process, measured in the same run as the
// product, so every figure can also be given as a ratio to what this machine does at that moment.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ type: 'ready', port: (app.server.address() as { port: number }).port });
process.on('message', (m: { type: string }) => { if (m.type === 'stop') void app.close().then(() => process.exit(0)); });
process.on('disconnect', () => process.exit(0));
