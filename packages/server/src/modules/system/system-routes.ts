import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionConfig, storageFiguresSchema } from '@isik/domain';
import type { Database } from '../../db/database.js';
import { errorResponses } from '../../lib/http.js';

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; filesBytes: () => Promise<number> }> = async (app, { database, filesBytes }) => {
  // Readiness (issue 22): 503 while the database does not answer or the embedded PostgreSQL is being restarted by its
  // supervisor; `ready` and `database.state` say which. The earlier fields (status, database.kind, database.ok) stay.
  app.get('/health', {
    config: { level: 'public' },
    schema: {
      tags: ['system'], summary: 'Liveness and readiness: 200 when the database answers, 503 while it is unreachable or being restarted',
      response: {
        200: z.object({ status: z.literal('ok'), ready: z.literal(true), database: z.object({ kind: z.string(), ok: z.literal(true), state: z.literal('ready') }) }),
        503: z.object({ status: z.literal('degraded'), ready: z.literal(false), database: z.object({ kind: z.string(), ok: z.literal(false), state: z.enum(['restarting', 'unreachable']) }) }),
      },
    },
  }, async (_req, reply) => {
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
