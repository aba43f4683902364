import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buyingInputSchema, buyingListQuerySchema, buyingListSchema, buyingSchema, buyingSumsSchema, buyingUpdateSchema, okSchema, actionConfig } from '@isik/domain';
import { errorResponses, idParams } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { BuyingService } from './buying-service.js';

/** Purchase requests (spec 001 7): the /buyings screen's calls, level 2; writes and deletes use module 'buying'. */
export const buyingRoutes: FastifyPluginAsyncZod<{ buying: BuyingService }> = async (app, { buying }) => {
  const tags = ['buying'];

  app.get('/buying/list', {
    config: actionConfig('GET /api/buying/list'),
    schema: {
      tags, querystring: buyingListQuerySchema, response: { 200: buyingListSchema, ...errorResponses },
      summary: 'Purchase requests whose status is in filter1..filter2, newest request first, as an array. With page/pageSize: one page of it; X-Total-Count, X-Page and X-Total-Pages carry the counts (ADR 0023)',
    },
  }, async (req, reply) => {
    const { rows, total } = await buying.list(req.query);
    if (req.query.page !== undefined || req.query.pageSize !== undefined) {
      const size = req.query.pageSize ?? 12;
      void reply.header('x-total-count', String(total)).header('x-page', String(req.query.page ?? 1))
        .header('x-total-pages', String(Math.max(1, Math.ceil(total / size))));
    }
    return rows;
  });

  app.get('/buying/totals', {
    config: actionConfig('GET /api/buying/totals'),
    schema: { tags, summary: 'Count and totals (lira; dollars and euros apart) of the requests filter1..filter2 and search select', querystring: buyingListQuerySchema, response: { 200: buyingSumsSchema, ...errorResponses } },
  }, async (req) => buying.sums(req.query));

  app.get('/buying/:id', {
    config: actionConfig('GET /api/buying/:id'),
    schema: { tags, summary: 'One purchase request', params: idParams, response: { 200: buyingSchema, ...errorResponses } },
  }, async (req) => buying.get(req.params.id));

  app.post('/buying/create', {
    config: actionConfig('POST /api/buying/create'),
    schema: { tags, summary: 'Create a purchase request; the server copies the material, takes missing rates from the last bulletin and computes the totals', body: buyingInputSchema, response: { 200: buyingSchema, ...errorResponses } },
  }, async (req) => buying.create(requireSession(req), req.body));

  app.post('/buying/update/:id', {
    config: actionConfig('POST /api/buying/update/:id'),
    schema: { tags, summary: 'Update a purchase request (status only forward; reaching 3 puts the material into stock once); a sent, stale __v answers 409', params: idParams, body: buyingUpdateSchema, response: { 200: buyingSchema, ...errorResponses } },
  }, async (req) => buying.update(requireSession(req), req.params.id, req.body));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/buying/delete/:id',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/buying/delete/:id'),
      schema: { tags, summary: 'Delete a purchase request in status 0 Request or 4 Canceled', params: idParams, response: { 200: okSchema, ...errorResponses } },
      handler: async (req) => buying.remove(requireSession(req), req.params.id),
    });
  }
};
