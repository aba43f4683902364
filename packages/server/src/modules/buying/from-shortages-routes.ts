import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionConfig, fromShortagesInputSchema, fromShortagesSchema } from '@isik/domain';
import { errorResponses } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { FromShortagesService } from './from-shortages-service.js';

/** Purchase requests from the component list's shortages (issue 25, ADR 0044): the component list's roles (production staff, level 3). */
export const fromShortagesRoutes: FastifyPluginAsyncZod<{ planning: FromShortagesService }> = async (app, { planning }) => {
  app.post('/buying/fromShortages', {
    config: actionConfig('POST /api/buying/fromShortages'),
    schema: {
      tags: ['buying'], body: fromShortagesInputSchema, response: { 200: fromShortagesSchema, ...errorResponses },
      summary: 'Purchase requests (status 0) from the component list: one per material at its suggested quantity, with the supplier of its last purchase. `{ materialIds }` or `{ all: true }`; materials with nothing to buy are skipped (listed in `skipped`), an unknown one is refused (400)',
    },
  }, async (req) => planning.fromShortages(requireSession(req), req.body));
};
