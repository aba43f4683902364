import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIGHTNESS_STEP } from '@isik/domain';
import { SimClock } from './clock.js';
import { SimGateway } from './gateway.js';

/**
 * A gateway works through its commands one at a time: however its answer delays fall, it answers them in the order
 * they came, and the brightness its lights keep is the last command's (the service writes a gateway's queued commands
 * to its link together).
 */
describe('simulated gateway answers', () => {
  const stops: (() => void)[] = [];
  afterEach(() => { for (const s of stops.splice(0)) s(); });

  it('answers commands sent together in the order they came, and keeps the last brightness', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => server.on('listening', () => r()));
    stops.push(() => server.close());
    const clock = new SimClock('manual', new Date('2026-03-02T12:00:00Z'));
    stops.push(() => clock.stop());
    const g = new SimGateway({
      linkUrl: `ws://127.0.0.1:${(server.address() as { port: number }).port}`, index: 1, mac: 'AA:BB:CC:00:00:01', key: 'k', name: 'GW', lat: 39.92, lng: 32.85, lights: 6, seed: 11,
      clock, timeZone: 'Europe/Istanbul', answerDelay: [1, 80], meterIntervalMs: 0,
    });
    stops.push(() => g.stop());
    const light = (g.lights as unknown as { mac_addr: string; connected: boolean }[]).find((l) => l.connected)!.mac_addr;
    const values = Array.from({ length: 12 }, (_, i) => (i + 1) * BRIGHTNESS_STEP);
    const acks: string[] = [];
    const done = new Promise<void>((resolve) => {
      server.on('connection', (ws: WebSocket) => {
        ws.on('message', (raw) => {
          const m = JSON.parse(raw.toString()) as { type: string; id?: string };
          if (m.type === 'hello') {
            ws.send(JSON.stringify({ type: 'welcome', gateway_id: 'g1', time: new Date().toISOString() }));
            // All at once, as the service flushes a gateway's queue.
            values.forEach((value, i) => ws.send(JSON.stringify({ type: 'command', id: `c${i}`, attempt: 1, command: 'set_mesh_status', payload: { macs: [light], cid: 1, value } })));
          } else if (m.type === 'ack') {
            acks.push(m.id!);
            if (acks.length === values.length) resolve();
          }
        });
      });
    });
    g.start();
    await done;
    expect(acks).toEqual(values.map((_, i) => `c${i}`));
    expect((g.lights as unknown as { mac_addr: string; brightness: number }[]).find((l) => l.mac_addr === light)!.brightness).toBe(values.at(-1));
  });
});
