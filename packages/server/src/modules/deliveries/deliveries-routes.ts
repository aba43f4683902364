import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, deliveryInputSchema, deliverySchema, deliveryUpdateSchema, isMessageKey, orderDeliveryInputSchema, orderLineSchema, actionConfig, type MessageKey } from '@isik/domain';
import { errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { DeliveriesService } from './deliveries-service.js';
import type { OrdersService } from '../orders/orders-service.js';

/** Parses a body with a schema; the first issue answers 400 naming its field (as the route validation does). */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const key = (isMessageKey(issue.message) ? issue.message : 'error.validation') as MessageKey;
  throw new AppError(400, key, { [issue.path.join('.') || 'body']: key });
}

const deleteParams = z.object({
  id: z.string().min(1).max(64),
  /** The delivery's product or material id; '-' for a free-text ('default') delivery. */
  product_id: z.string().min(1).max(64),
  component_type: z.string().min(1).max(40),
});

/** Company deliveries (spec 000 7): the company detail screen's calls, level 2; writes use module 'deliveries'. */
export const deliveriesRoutes: FastifyPluginAsyncZod<{ deliveries: DeliveriesService; orders: OrdersService }> = async (app, { deliveries, orders }) => {
  const tags = ['deliveries'];

  app.get('/deliveried/list/:companyId', {
    config: actionConfig('GET /api/deliveried/list/:companyId'),
    schema: { tags, summary: "A company's deliveries, newest first", params: z.object({ companyId: z.string().min(1).max(64) }), response: { 200: z.array(deliverySchema), ...errorResponses } },
  }, async (req) => deliveries.list(req.params.companyId));

  app.get('/deliveried/:id', {
    config: actionConfig('GET /api/deliveried/:id'),
    schema: { tags, summary: 'One delivery', params: idParams, response: { 200: deliverySchema, ...errorResponses } },
  }, async (req) => deliveries.get(req.params.id));

  app.post('/deliveried/create', {
    config: actionConfig('POST /api/deliveried/create'),
    schema: {
      tags, body: z.record(z.string(), z.unknown(), { error: 'error.invalidType' }), response: { 200: z.union([deliverySchema, orderLineSchema]), ...errorResponses },
      summary: 'Create a delivery. With orderitem_id: an order delivery (spec 002 3 payload): at most ordered - delivered, raises the line\'s delivered quantity, a takeoff_stock line\'s product leaves product stock; answers the updated order line. Without: a company delivery (product and material deliveries take the item out of stock); answers the delivery',
    },
  }, async (req) => {
    const body = req.body as Record<string, unknown>;
    if (typeof body.orderitem_id === 'string' && body.orderitem_id.trim() !== '') return orders.createDelivery(requireSession(req), parseBody(orderDeliveryInputSchema, body));
    return deliveries.create(requireSession(req), parseBody(deliveryInputSchema, body));
  });

  app.post('/deliveried/update/:id', {
    config: actionConfig('POST /api/deliveried/update/:id'),
    schema: { tags, summary: 'Update status, status description, description, receiver or date; __v must be the version read', params: idParams, body: deliveryUpdateSchema, response: { 200: deliverySchema, ...errorResponses } },
  }, async (req) => deliveries.update(requireSession(req), req.params.id, req.body));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/deliveried/delete/:id/:product_id/:component_type',
      // No automatic HEAD twin: a HEAD request must never delete.
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/deliveried/delete/:id/:product_id/:component_type'),
      schema: { tags, summary: 'Delete a delivery; its stock movement is reversed', params: deleteParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => deliveries.remove(requireSession(req), req.params.id, req.params.product_id, req.params.component_type),
    });
  }
};
