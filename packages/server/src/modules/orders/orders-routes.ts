import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  componentListQuerySchema, componentListSchema, modelDashboardSchema, okSchema, operationActionSchema, orderCreateSchema, orderLineSchema, orderListQuerySchema, ordersOverviewQuerySchema,
  orderListSchema, ordersOverviewSchema, canDo, orderUpdateSchema, productionDashboardSchema, recordBodySchema, actionConfig, trackingSchema,
} from '@isik/domain';
import { errorResponses, idParams } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { OrdersService } from './orders-service.js';
import type { CostsService } from '../stock/costs-service.js';

const opParams = z.object({ itemId: z.string().min(1).max(64), operationId: z.string().min(1).max(64) });
const line = { 200: orderLineSchema, ...errorResponses };

/**
 * Orders and production (spec 002 7; DECISIONS 4-6): the order-line list and editor, the operation actions (each one
 * transaction that locks the line and answers it), transfer to stock, refresh components, the component list, the
 * dashboards and the public order tracking. Screens are level 3; writes use module 'orders'.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; costs?: CostsService; secret: () => string }> = async (app, { orders, costs, secret }) => {
  const tags = ['orders'];

  app.get('/orders/list', {
    config: actionConfig('GET /api/orders/list'),
    schema: {
      tags, querystring: orderListQuerySchema, response: { 200: orderListSchema, ...errorResponses },
      summary: "Order lines whose status is in filter1..filter2 (default 1-4), sorted by siparis_tarihi (newest first), urun_adi or Operation; search by product, code or company; with page/pageSize one page; without them one offer's lines (offer=) whole, else the first 1000 lines as page 1. 'list' omits operation history and material rows, 'detaillist' has them. status1..status6 count the lines per status over the search",
    },
  }, async (req) => orders.list(req.query));

  app.get('/orders/item/:id', {
    config: actionConfig('GET /api/orders/item/:id'),
    schema: { tags, summary: 'One order line with its operations, material rows (with current stock), history and deliveries; to level 2 also its materialCost (cost, price, margin: GET /api/orders/cost/:id)', params: idParams, response: line },
  }, async (req) => {
    const l = await orders.get(req.params.id);
    return costs && canDo('GET /api/orders/cost/:id', req.session?.role) ? { ...l, materialCost: await costs.lineCost(l._id) } : l;
  });

  app.post('/orders/updateitem/:id', {
    config: actionConfig('POST /api/orders/updateitem/:id'),
    schema: { tags, summary: 'Save order type and operations (names, Qty, materials) of a line; progress stays the server\'s; a sent, stale __v answers 409', params: idParams, body: orderUpdateSchema, response: line },
  }, async (req) => orders.update(requireSession(req), req.params.id, req.body));

  app.post('/orders/create', {
    config: actionConfig('POST /api/orders/create'),
    schema: { tags, summary: 'A new stock production line (no offer) with the operations of the product\'s bill', body: orderCreateSchema, response: line },
  }, async (req) => orders.create(requireSession(req), req.body));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/orders/delete/:id', exposeHeadRoute: false,
      // Spec 002 2.2, 6: only roles below 3 delete a line, so the call takes the level of the order pages (2).
      config: actionConfig('DELETE /api/orders/delete/:id'),
      schema: { tags, summary: 'Delete a line: roles below 3, only without an offer, with completion 0 and nothing delivered', params: idParams, response: { 200: okSchema, ...errorResponses } },
      handler: async (req) => orders.remove(requireSession(req), req.params.id),
    });
  }

  app.post('/orders/operations/:itemId/:operationId/start', {
    config: actionConfig('POST /api/orders/operations/:itemId/:operationId/start'),
    schema: { tags, summary: 'Start an operation: start time, staff, status 1, 5 %; 409 while material rows are undetermined', params: opParams, body: operationActionSchema, response: line },
  }, async (req) => orders.start(requireSession(req), req.params.itemId, req.params.operationId, req.body.__v));

  app.post('/orders/operations/:itemId/:operationId/record', {
    config: actionConfig('POST /api/orders/operations/:itemId/:operationId/record'),
    schema: { tags, summary: 'Record a produced quantity (0 < qty <= Qty - completed): history entry, materials out of stock for qty units, percent; status 2 at 100 %', params: opParams, body: recordBodySchema, response: line },
  }, async (req) => orders.record(requireSession(req), req.params.itemId, req.params.operationId, req.body.qty, req.body.__v));

  app.post('/orders/operations/:itemId/:operationId/finish', {
    config: actionConfig('POST /api/orders/operations/:itemId/:operationId/finish'),
    schema: { tags, summary: 'Finish an operation: status 2, 100 %, finish time; the unrecorded rest leaves stock. A \'Yarı Mamül\' short of component stock answers 409 unless force is true', params: opParams, body: operationActionSchema, response: line },
  }, async (req) => orders.finish(requireSession(req), req.params.itemId, req.params.operationId, req.body));

  app.post('/orders/operations/:itemId/:operationId/reset', {
    config: actionConfig('POST /api/orders/operations/:itemId/:operationId/reset'),
    schema: { tags, summary: 'Reset an operation: clears staff, times, percent and recordings; reversing stock movements for everything it took', params: opParams, body: operationActionSchema, response: line },
  }, async (req) => orders.reset(requireSession(req), req.params.itemId, req.params.operationId, req.body.__v));

  app.post('/orders/transfer/:id', {
    config: actionConfig('POST /api/orders/transfer/:id'),
    schema: { tags, summary: 'Transfer to stock: an offer line at 100 % puts its product into product stock and leaves the offer', params: idParams, body: operationActionSchema, response: line },
  }, async (req) => orders.transfer(requireSession(req), req.params.id, req.body.__v));

  app.post('/orders/refresh/:id', {
    config: actionConfig('POST /api/orders/refresh/:id'),
    schema: { tags, summary: 'Refresh components: material rows of operations not started are rebuilt from the product\'s current bill', params: idParams, body: operationActionSchema, response: line },
  }, async (req) => orders.refreshComponents(requireSession(req), req.params.id, req.body.__v));

  app.get('/orders/components', {
    config: actionConfig('GET /api/orders/components'),
    schema: { tags, summary: 'Component list: per material over open lines (1-3), required, stock, on open purchase requests (0-2) and shortage', querystring: componentListQuerySchema, response: { 200: componentListSchema, ...errorResponses } },
  }, async (req) => orders.components(req.query, req.log));

  app.get('/orders/dashboard/production', {
    config: actionConfig('GET /api/orders/dashboard/production'),
    schema: { tags, summary: 'Production dashboard: operations of lines 1-4 per status and per operation (count, average percent), lines per status', response: { 200: productionDashboardSchema, ...errorResponses } },
  }, async (req) => orders.productionDashboard(req.log));

  app.get('/orders/dashboard/models', {
    config: actionConfig('GET /api/orders/dashboard/models'),
    schema: { tags, summary: 'Model dashboard: ordered vs delivered per model (first code part) and per product with completion', response: { 200: modelDashboardSchema, ...errorResponses } },
  }, async () => orders.modelDashboard());

  app.get('/orders/overview', {
    config: actionConfig('GET /api/orders/overview'),
    schema: {
      tags, summary: 'One page of the orders in status 1-3 (sort, search: order number or company) with their lines and completion; production load from kept sums; the most late lines',
      querystring: ordersOverviewQuerySchema, response: { 200: ordersOverviewSchema, ...errorResponses },
    },
  }, async (req) => orders.overview(req.query, req.log));

  app.get('/ordertracking/:offerId/:companyId/:token', {
    config: { level: 'public' },
    schema: {
      tags: ['orders', 'public'], security: [], summary: 'Order tracking without a session: the lines with quantity, completion, status and deliveries; 404 unless token is the tracking token of the two ids and the offer is an order',
      params: z.object({ offerId: z.string().min(1).max(64), companyId: z.string().min(1).max(64), token: z.string().min(1).max(200) }),
      response: { 200: trackingSchema, ...errorResponses },
    },
  }, async (req) => orders.tracking(secret(), req.params.offerId, req.params.companyId, req.params.token));
};
