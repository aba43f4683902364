import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryInputSchema, deliverySchema, deliveryUpdateSchema, routeLevel } from '@isik/domain';
import { errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { DeliveriesService } from './deliveries-service.js';

const deleteParams = z.object({
  id: z.string().min(1).max(64),
  /** The delivery's product or material id; '-' for a free-text ('default') delivery. */
  product_id: z.string().min(1).max(64),
  component_type: z.string().min(1).max(40),
});

/** Company deliveries (spec 000 7): the company detail screen's calls, level 2; writes use module 'deliveries'. */
export const deliveriesRoutes: FastifyPluginAsyncZod<{ deliveries: DeliveriesService }> = async (app, { deliveries }) => {
  const tags = ['deliveries'];

  app.get('/deliveried/list/:companyId', {
    config: { level: routeLevel('/companydetail/:id') },
    schema: { tags, summary: "A company's deliveries, newest first", params: z.object({ companyId: z.string().min(1).max(64) }), response: { 200: z.array(deliverySchema), ...errorResponses } },
  }, async (req) => deliveries.list(req.params.companyId));

  app.get('/deliveried/:id', {
    config: { level: routeLevel('/companydetail/:id') },
    schema: { tags, summary: 'One delivery', params: idParams, response: { 200: deliverySchema, ...errorResponses } },
  }, async (req) => deliveries.get(req.params.id));

  app.post('/deliveried/create', {
    config: { level: routeLevel('/companydetail/:id'), module: 'deliveries', action: 'write' },
    schema: { tags, summary: 'Create a company delivery; product and material deliveries take the item out of stock', body: deliveryInputSchema, response: { 200: deliverySchema, ...errorResponses } },
  }, async (req) => deliveries.create(requireSession(req), req.body));

  app.post('/deliveried/update/:id', {
    config: { level: routeLevel('/companydetail/:id'), module: 'deliveries', action: 'write' },
    schema: { tags, summary: 'Update status, status description, description, receiver or date; __v must be the version read', params: idParams, body: deliveryUpdateSchema, response: { 200: deliverySchema, ...errorResponses } },
  }, async (req) => deliveries.update(requireSession(req), req.params.id, req.body));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/deliveried/delete/:id/:product_id/:component_type',
      // No automatic HEAD twin: a HEAD request must never delete.
      exposeHeadRoute: false,
      config: { level: routeLevel('/companydetail/:id'), module: 'deliveries', action: 'delete' },
      schema: { tags, summary: 'Delete a delivery; its stock movement is reversed', params: deleteParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => deliveries.remove(requireSession(req), req.params.id, req.params.product_id, req.params.component_type),
    });
  }
};
