import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startFleet, type Fleet } from '@isik/gateway-sim';
import type { Config } from '../config.js';

/**
 * The demo start's street lights (DECISIONS 10): three simulated gateways in Ankara near 39.92, 32.85 with
 * their lights, registered with the in-process device service on first start. Their keys are kept in the
 * data folder so a restart reconnects the same gateways (on DATABASE_URL they get new keys at each start).
 * Runs in this process; GATEWAY_SIM=false turns it off.
 */
export async function startDemoGateways(o: { app: FastifyInstance; port: number; config: Config }): Promise<Fleet | undefined> {
  try {
    return await startFleet({
      url: `http://127.0.0.1:${o.port}`,
      count: 3,
      register: async (g) => (await o.app.devices.gateways.register(null, g)).key,
      lat: 39.92,
      lng: 32.85,
      city: 'Ankara',
      seed: 1,
      statePath: o.config.DATABASE_URL ? undefined : path.join(o.config.dataDir, 'gateway-sim.json'),
      lights: [8, 16],
      meterIntervalMs: 15_000,
    });
  } catch (err) {
    o.app.log.warn({ err }, 'gateway simulator not started');
    return undefined;
  }
}
