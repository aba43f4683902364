import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionConfig, storageFiguresSchema } from '@isik/domain';
import type { Database } from '../../db/database.js';
import { errorResponses } from '../../lib/http.js';

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database; filesBytes: () => Promise<number> }> = async (app, { database, filesBytes }) => {
  app.get('/health', {
    config: { level: 'public' },
    schema: {
      tags: ['system'], summary: 'Liveness and database state',
      response: { 200: z.object({ status: z.literal('ok'), database: z.object({ kind: z.string(), ok: z.literal(true) }) }), 503: z.object({ status: z.literal('degraded'), database: z.object({ kind: z.string(), ok: z.literal(false) }) }) },
    },
  }, async (_req, reply) => {
    const ok = await database.ping();
    if (!ok) return reply.status(503).send({ status: 'degraded' as const, database: { kind: database.kind, ok: false as const } });
    return { status: 'ok' as const, database: { kind: database.kind, ok: true as const } };
  });

  app.get('/system/storage', {
    config: actionConfig('GET /api/system/storage'),
    schema: { tags: ['system'], summary: 'Database and file-store sizes for the settings panel', response: { 200: storageFiguresSchema, ...errorResponses } },
  }, async () => ({ databaseBytes: await database.sizeBytes(), filesBytes: await filesBytes() }));
};
