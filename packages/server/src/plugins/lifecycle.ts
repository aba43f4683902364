// Draining (issue 27, ADR 0037). On SIGTERM the entry point calls drain() and then app.close(): from that moment
// readiness (/api/health, /device-api/health) answers 503 with state `draining`, liveness (/api/live,
// /device-api/live) still 200, and any other new request 503 with `connection: close` (in place of Fastify's own
// return503OnClosing, which would also answer the probes with a bare 503); requests already in flight finish, and
// Fastify's close waits for them. The live sockets are told 1012 (service restart) by realtime.ts / the device service.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { pickLang, translate } from '@isik/domain';

export interface Lifecycle {
  /** True from drain() on. */
  readonly draining: boolean;
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance { lifecycle: Lifecycle }
}

/** Fastify's options for draining: our own 503 (the probes answer theirs), idle keep-alive connections closed at once. */
export const drainOptions = { return503OnClosing: false, forceCloseConnections: 'idle' } satisfies Pick<FastifyServerOptions, 'return503OnClosing' | 'forceCloseConnections'>;

export interface LifecycleOptions {
  /** The probes' paths, answered by their own routes while draining (readiness tells `draining` itself). */
  probes: string[];
}

export const lifecyclePlugin = fp(async (app: FastifyInstance, opts: LifecycleOptions) => {
  let draining = false;
  app.decorate('lifecycle', {
    get draining() { return draining; },
    drain() { draining = true; },
  } satisfies Lifecycle);
  const probes = new Set(opts.probes);
  app.addHook('onRequest', async (req, reply) => {
    if (!draining || probes.has(req.routeOptions.url ?? '')) return;
    return reply.status(503).header('connection', 'close').header('retry-after', '2')
      .send({ message: translate('error.draining', pickLang(req.headers['accept-language'])), code: 'error.draining' });
  });
});
