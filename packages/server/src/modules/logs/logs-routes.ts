import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logListSchema, actionConfig } from '@isik/domain';
import { errorResponses } from '../../lib/http.js';
import type { LogsService } from './logs-service.js';

// stock-outlist-routes reads its day with the logs' rule; it imports it from here until its module moves (issue 24).
export { dayParam } from './logs-service.js';

export const logsRoutes: FastifyPluginAsyncZod<{ logs: LogsService }> = async (app, { logs: service }) => {
  app.get('/logs/list/:date', {
    config: actionConfig('GET /api/logs/list/:date'),
    schema: {
      tags: ['logs'], summary: "One day's audit log (date YYYY-MM-DD or DD.MM.YYYY, a day in Europe/Istanbul), newest first",
      params: z.object({ date: z.string().max(40) }), response: { 200: logListSchema, ...errorResponses },
    },
  }, async (req) => service.list(req.params.date));
};
