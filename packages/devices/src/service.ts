import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { validatorCompiler, serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GATEWAY_LINK_PATH, LINK_MAX_FRAME_BYTES, commandCreateSchema, commandListQuerySchema, commandListSchema, commandSchema, deviceAccountCreateSchema,
  deviceAccountListSchema, deviceAccountSchema, deviceAccountUpdateSchema, deviceConfigSchema, gatewayListQuerySchema,
  gatewayListSchema, gatewayMapSchema, gatewayRegisterSchema, gatewayRegisteredSchema, gatewaySchema, loginSchema,
  LIVE_CLOSE_UNAUTHORIZED, chooseLiveProtocol, createLiveSessions, pickLang, programCreateSchema, programListSchema, programSchema, programUpdateSchema, sessionUserSchema, socketToken, translate,
  energyQuerySchema, gatewayEnergySchema, type CommandPayload,
} from '@isik/domain';
import type { DeviceConfig } from './config.js';
import type { DeviceDb } from './db/types.js';
import { migrateDevices } from './db/migrate.js';
import { realClock, type Clock } from './clock.js';
import { DeviceEvents } from './events.js';
import { AppError, installErrorHandler } from './errors.js';
import { createAccountsService, ensureDeviceAdmin, ensureDeviceSecret, type DeviceSession } from './accounts.js';
import { createGatewaysService } from './gateways.js';
import { createDispatcher } from './dispatcher.js';
import { createProgramsService } from './programs.js';
import { createLinkHub } from './link.js';
import { gatewayEnergy } from './energy.js';
import { createCluster, type ClusterMessage } from './cluster.js';

export type DeviceAccess = 'public' | 'account' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a device-service route; missing means any signed-in device account. */
    device?: DeviceAccess;
  }
  interface FastifyRequest { deviceSession: DeviceSession | null }
}

export interface DeviceServiceOptions {
  db: DeviceDb;
  config: DeviceConfig;
  clock?: Clock;
  log?: (msg: string, err?: unknown) => void;
  /**
   * The database's URL for a listening connection of the service's own: given, several instances may share the
   * database (ADR 0043): commands, programs, account changes and live events reach the instance that needs them.
   */
  listenUrl?: string;
}

const err = z.object({ message: z.string(), code: z.string(), fields: z.record(z.string(), z.string()).optional() }).loose();
const errors = { 400: err, 401: err, 403: err, 404: err, 409: err, 429: err } as const;
const ok = z.object({ status: z.literal('ok') });
const idParams = z.object({ id: z.string().min(1).max(64) });
const deviceIdParams = z.object({ deviceId: z.string().min(1).max(64) });
const tags = ['devices'];
/** How often open browser sockets are checked again for changes the accounts service did not make itself. */
const LIVE_SWEEP_MS = 60_000;

function bearer(req: FastifyRequest): string | null {
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return m ? m[1].trim() : null;
}

export function requireDeviceSession(req: FastifyRequest): DeviceSession {
  if (!req.deviceSession) throw new AppError(401, 'error.unauthorized');
  return req.deviceSession;
}

/**
 * The device service (DECISIONS 1, 10): its own accounts, token secret and tables, the gateways' links, the
 * command dispatcher and the browser socket. `createDeviceService` prepares the database (migrations, secret,
 * first admin, commands left on the wire); `plugin` is registered by the host under /device-api, either in the
 * back-office server (all-in-one) or alone (src/main.ts).
 */
export async function createDeviceService(opts: DeviceServiceOptions) {
  const { db, config } = opts;
  const clock = opts.clock ?? realClock;
  await migrateDevices(db);
  const secret = await ensureDeviceSecret(db, config.secret);
  const admin = await ensureDeviceAdmin(db, config.adminEmail, config.adminPassword);
  const events = new DeviceEvents();
  events.setMaxListeners(0);
  const cluster = createCluster({ db, listenUrl: opts.listenUrl, log: opts.log });
  // What the links and commands are marked with (linked_to, sent_by): the instance's id when it shares the database
  // (ADR 0043). Alone (no listenUrl) it is in no heartbeat table, so a shared instance on the same database would sweep
  // what it marked as a dead instance's; unmarked, its rows are left alone, as in the one-instance design (ADR 0024).
  const instance = cluster.shared ? cluster.id : undefined;
  const publish = (m: ClusterMessage) => { void cluster.publish(m); };
  const accounts = createAccountsService({
    db, secret, tokenTtl: config.tokenTtl, signIn: config.signIn, now: () => clock.now(), announce: (id) => cluster.publish({ k: 'acct', id }),
  });
  const gateways = createGatewaysService({ db, events, clock, instance });
  const dispatcher = createDispatcher({ db, clock, events, gateways, ttlMs: config.commandTtlMs, log: opts.log, instance, announce: (g) => publish({ k: 'cmd', g }) });
  const programs = createProgramsService({ db, events, gateways, announce: (g) => publish({ k: 'prog', g }) });
  const links = createLinkHub({
    gateways, dispatcher, programs, clock, limits: { maxLights: config.maxLights, queue: config.linkQueue }, log: opts.log,
    announce: (g, at) => publish({ k: 'link', g, at }),
  });
  dispatcher.attach(links.sender);
  programs.attach(links.sender);
  const logErr = (what: string) => (e: unknown) => opts.log?.(what, e);
  if (cluster.shared) {
    // Several instances (ADR 0043): the tables are the truth, the messages say where to look now.
    events.relay = (e) => publish({ k: 'ev', e });
    cluster.on((m) => {
      switch (m.k) {
        case 'cmd': dispatcher.flushSoon(m.g); return;
        case 'prog': void programs.push(m.g).catch(logErr('programs push')); return;
        case 'acct': accounts.changedElsewhere(m.id); return;
        case 'link': links.replacedElsewhere(m.g, m.at); return;
        case 'ev': events.receive(m.e); return;
      }
    });
    /** Looks at the tables for what the messages would have said: queued commands and programs of the links here. */
    const catchUp = async () => {
      const ids = links.ids();
      await dispatcher.flushMany(await dispatcher.waiting(ids));
      for (const g of await programs.behind(ids)) await programs.push(g);
    };
    cluster.onResume(() => {
      accounts.changedElsewhere(null);
      void catchUp().catch(logErr('device cluster catch-up'));
    });
    cluster.onBeat(async (rejoined) => {
      // Taken for dead by another instance (a pause longer than INSTANCE_STALE_MS): its links are here all the same.
      await gateways.claimLinks(links.ids(), rejoined);
      for (const g of await cluster.sweep()) publish({ k: 'cmd', g });
      await dispatcher.flushMany(await dispatcher.waiting(links.ids()));
      // The same safety net for programs: a gateway linked here still behind its programs' revision gets them again.
      for (const g of await programs.behind(links.ids())) await programs.push(g);
    });
    await cluster.start();
    for (const g of await cluster.sweep()) publish({ k: 'cmd', g });
    await dispatcher.recover({ requeue: false });
  } else {
    await gateways.allOffline();
    await dispatcher.recover();
  }

  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get('/config', { config: { device: 'public' }, schema: { tags, summary: 'Slug of the IoT product and the map tiles', response: { 200: deviceConfigSchema } } },
      async () => ({ slug: config.slug, mapTileUrl: config.mapTileUrl === 'none' ? '' : config.mapTileUrl, mapAttribution: config.mapAttribution }));

    app.post('/auth/login', { config: { device: 'public' }, schema: { tags, summary: 'Sign in to the device service', body: loginSchema, response: { 200: z.object({ status: z.literal('successful'), token: z.string(), expiresAt: z.string(), user: sessionUserSchema }), ...errors } } },
      async (req) => accounts.login(req.body.email, req.body.password, req.ip));
    app.get('/auth/verifytoken', { schema: { tags, summary: 'Check a device token', response: { 200: sessionUserSchema, ...errors } } },
      async (req) => accounts.verify(requireDeviceSession(req)));
    app.post('/auth/logout', { schema: { tags, summary: 'Sign out: revokes the account\'s device tokens', response: { 200: ok, ...errors } } },
      async (req) => { await accounts.logout(requireDeviceSession(req)); return { status: 'ok' as const }; });

    app.get('/gateway/list', { schema: { tags, summary: 'Gateways, 10 a page, searched by MAC, name or city', querystring: gatewayListQuerySchema, response: { 200: gatewayListSchema, ...errors } } },
      async (req) => gateways.list(req.query));
    app.get('/gateway/map', { schema: { tags, summary: 'Every gateway and mesh light with coordinates', response: { 200: gatewayMapSchema, ...errors } } },
      async () => gateways.map());
    app.get('/gateway/details/:id', { schema: { tags, summary: 'One gateway with its meter and mesh lights', params: idParams, response: { 200: gatewaySchema, ...errors } } },
      async (req) => gateways.details(req.params.id));
    app.get('/gateway/energy/:id', { schema: { tags, summary: 'Energy per day (kWh) of a gateway from its meter readings, and the saving against full brightness over the same hours; from/to are days in the gateway\'s time zone (default the last 7)', params: idParams, querystring: energyQuerySchema, response: { 200: gatewayEnergySchema, ...errors } } },
      async (req) => gatewayEnergy(db, req.params.id, req.query, new Date(clock.now())));
    app.post('/gateway/register', { config: { device: 'admin' }, schema: { tags, summary: 'Register a gateway (or give it a new key); answers the key once', body: gatewayRegisterSchema, response: { 200: gatewayRegisteredSchema, ...errors } } },
      async (req) => gateways.register(requireDeviceSession(req), req.body));

    app.post('/gateway_commands/create', { schema: { tags, summary: 'Queue a brightness command (set_mesh_status)', body: commandCreateSchema, response: { 200: commandSchema, ...errors } } },
      async (req) => dispatcher.create(requireDeviceSession(req), { ...req.body, payload: req.body.payload as CommandPayload }));
    app.get('/gateway_commands/list/:deviceId', { schema: { tags, summary: 'Command history of a gateway, newest first', params: deviceIdParams, querystring: commandListQuerySchema, response: { 200: commandListSchema, ...errors } } },
      async (req) => dispatcher.list(req.params.deviceId, req.query));

    app.get('/gateway_programs/list/:deviceId', { schema: { tags, summary: 'Programs of a gateway', params: deviceIdParams, response: { 200: programListSchema, ...errors } } },
      async (req) => programs.list(req.params.deviceId));
    app.post('/gateway_programs/create', { schema: { tags, summary: 'Create a program; pushed to the gateway', body: programCreateSchema, response: { 200: programSchema, ...errors } } },
      async (req) => { const { device_id, ...fields } = req.body; return programs.create(requireDeviceSession(req), device_id, fields); });
    app.post('/gateway_programs/update/:id', { schema: { tags, summary: 'Edit a program; __v must be the version read; pushed to the gateway', params: idParams, body: programUpdateSchema, response: { 200: programSchema, ...errors } } },
      async (req) => programs.update(requireDeviceSession(req), req.params.id, req.body));
    for (const method of ['GET', 'DELETE'] as const) {
      app.route({ method, url: '/gateway_programs/delete/:id', schema: { tags, summary: 'Remove a program; pushed to the gateway', params: idParams, response: { 200: ok, ...errors } },
        handler: async (req) => programs.remove(requireDeviceSession(req), req.params.id) });
    }

    app.get('/accounts/list', { config: { device: 'admin' }, schema: { tags, summary: 'Device accounts (admin)', response: { 200: deviceAccountListSchema, ...errors } } },
      async () => accounts.list());
    app.post('/accounts/create', { config: { device: 'admin' }, schema: { tags, summary: 'Create a device account (admin)', body: deviceAccountCreateSchema, response: { 200: deviceAccountSchema, ...errors } } },
      async (req) => accounts.create(requireDeviceSession(req), req.body));
    app.post('/accounts/update/:id', { config: { device: 'admin' }, schema: { tags, summary: 'Rename, (de)activate, set admin or password of a device account (admin)', params: idParams, body: deviceAccountUpdateSchema, response: { 200: deviceAccountSchema, ...errors } } },
      async (req) => accounts.update(requireDeviceSession(req), req.params.id, req.body));
  };

  /**
   * The browser socket: small events ({ entity, id, device_id, action }) after each change; clients refetch. Like the
   * back office's /ws, a socket is closed with 4401 when its session ends: sign-out, new password, deactivation (the
   * accounts service tells, for a change made through another instance too: ADR 0043), the token's expiry (a timer on
   * the service's clock), and, for a change written straight to the table, at the next check (every minute).
   */
  const sockets: FastifyPluginAsyncZod = async (app) => {
    const live = createLiveSessions<import('ws').WebSocket>({
      check: async (token) => typeof (await accounts.session(token)) !== 'string',
      timers: clock,
    });
    const unsubscribe = events.subscribe((e) => live.broadcast(JSON.stringify(e)));
    const unwatch = accounts.onSessionsChanged((id) => { void live.revalidate(id); });
    let sweep: unknown;
    const armSweep = () => { sweep = clock.setTimeout(() => { void live.revalidate(); armSweep(); }, LIVE_SWEEP_MS); };
    armSweep();
    app.addHook('onClose', async () => {
      unsubscribe();
      unwatch();
      clock.clearTimeout(sweep);
      // 1012 (service restart): the browsers reconnect, to another instance when this one is going away, and refetch.
      live.closeAll(1012, 'server stopping');
    });
    app.get('/ws', { websocket: true, config: { device: 'public' }, schema: { hide: true } }, async (socket, req) => {
      // Browsers send an Origin: only pages of this host may open the socket.
      const origin = req.headers.origin;
      let sameHost = true;
      try { sameHost = !origin || new URL(origin).host === req.headers.host; } catch { sameHost = false; }
      if (!sameHost) { socket.close(1008, 'origin not allowed'); return; }
      // The token comes in Sec-WebSocket-Protocol (`bearer.<token>`), never in the query: addresses are logged.
      const token = socketToken(req.headers['sec-websocket-protocol']);
      const s = await accounts.session(token);
      if (typeof s === 'string' || !token) { socket.close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized'); return; }
      // Closed by the browser while its token was checked.
      if (socket.readyState !== 1) return;
      live.add(socket, { token, owner: s.id, expiresAt: s.expiresAt ?? Number.POSITIVE_INFINITY });
      socket.on('close', () => live.remove(socket));
      socket.on('message', () => { /* browsers only listen */ });
      socket.send(JSON.stringify({ entity: 'hello', action: 'changed' }));
    });
    app.get(GATEWAY_LINK_PATH, { websocket: true, config: { device: 'public' }, schema: { hide: true } }, (socket, req) => {
      links.accept(socket, req.ip);
    });
  };

  const plugin = async (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandler(app);
    // Mounted in the back office, its WebSocket server (the same LINK_MAX_FRAME_BYTES) serves these sockets too.
    if (!app.hasDecorator('websocketServer')) {
      await app.register(websocket, {
        options: { maxPayload: LINK_MAX_FRAME_BYTES, handleProtocols: chooseLiveProtocol },
        // Closing (SIGTERM): 1012 (service restart), so browsers and gateways reconnect at once, to another instance.
        preClose(done) {
          for (const client of this.websocketServer.clients) client.close(1012, 'server stopping');
          this.websocketServer.close();
          done();
        },
      });
    }
    app.decorateRequest('deviceSession', null);
    app.addHook('onRequest', async (req) => {
      const access = req.routeOptions.config?.device ?? 'account';
      if (access === 'public') return;
      const s = await accounts.session(bearer(req));
      if (s === 'notDevice') throw new AppError(401, 'device.notDeviceToken');
      if (s === 'missing') throw new AppError(401, 'error.unauthorized');
      if (s === 'invalid') throw new AppError(401, 'error.tokenInvalid');
      if (access === 'admin' && !s.admin) throw new AppError(403, 'device.adminOnly');
      req.deviceSession = s;
    });
    app.setNotFoundHandler((req, reply) => reply.status(404).send({ message: translate('error.routeNotFound', pickLang(req.headers['accept-language'])), code: 'error.routeNotFound' }));
    app.addHook('onClose', async () => {
      const flushed = links.close();
      dispatcher.close();
      await flushed;
      await gateways.flushMeters().catch(logErr('device meter readings'));
      if (cluster.shared) {
        // A clean stop: its gateways are offline until they link to another instance, which then sends what was on the wire here.
        await gateways.releaseLinks().catch(logErr('device links release'));
        for (const g of await dispatcher.release().catch(() => [])) publish({ k: 'cmd', g });
      }
      await cluster.close();
    });
    await app.register(routes);
    await app.register(sockets);
  };

  return { plugin, accounts, gateways, dispatcher, programs, links, events, clock, admin, secret, cluster };
}
export type DeviceService = Awaited<ReturnType<typeof createDeviceService>>;
