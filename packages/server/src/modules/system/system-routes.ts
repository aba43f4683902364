import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionConfig, storageFiguresSchema } from '@isik/domain';
import type { Database } from '../../db/database.js';
import { errorResponses } from '../../lib/http.js';

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; filesBytes: () => Promise<number>; draining?: () => boolean }> = async (app, { database, filesBytes, draining = () => false }) => {
  // Liveness (issue 27): the process runs and answers; no database call, so a slow or restarting database never
  // gets a live process killed. Readiness is /health below.
  app.get('/live', {
    config: { level: 'public' },
    schema: { tags: ['system'], summary: 'Liveness: 200 while the process runs (the database is not asked)', response: { 200: z.object({ status: z.literal('ok') }) } },
  }, async () => ({ status: 'ok' as const }));

  // Readiness (issue 22): 503 while the database does not answer or the embedded PostgreSQL is being restarted by its
  // supervisor; `ready` and `database.state` say which. The earlier fields (status, database.kind, database.ok) stay.
  app.get('/health', {
    config: { level: 'public' },
    schema: {
      tags: ['system'], summary: 'Readiness: 200 when the database answers, 503 while it is unreachable or being restarted, or the server is stopping (draining)',
      response: {
        200: z.object({ status: z.literal('ok'), ready: z.literal(true), database: z.object({ kind: z.string(), ok: z.literal(true), state: z.literal('ready') }) }),
        503: z.object({ status: z.enum(['degraded', 'draining']), ready: z.literal(false), database: z.object({ kind: z.string(), ok: z.literal(false), state: z.enum(['restarting', 'unreachable', 'draining']) }) }),
      },
    },
  }, async (_req, reply) => {
    // SIGTERM received (plugins/lifecycle.ts): not ready, at once, whatever the database says.
    if (draining()) {
      return reply.status(503).header('retry-after', '2').send({ status: 'draining' as const, ready: false as const, database: { kind: database.kind, ok: false as const, state: 'draining' as const } });
    }
    const r = await database.readiness();
    if (r.state !== 'ready') {
      return reply.status(503).header('retry-after', '2').send({ status: 'degraded' as const, ready: false as const, database: { kind: database.kind, ok: false as const, state: r.state } });
    }
    return { status: 'ok' as const, ready: true as const, database: { kind: database.kind, ok: true as const, state: 'ready' as const } };
  });

  app.get('/system/storage', {
    config: actionConfig('GET /api/system/storage'),
    schema: { tags: ['system'], summary: 'Database and file-store sizes for the settings panel', response: { 200: storageFiguresSchema, ...errorResponses } },
  }, async () => ({ databaseBytes: await database.sizeBytes(), filesBytes: await filesBytes() }));
};
