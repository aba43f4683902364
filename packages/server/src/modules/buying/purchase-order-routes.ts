import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionConfig, purchaseEmailResultSchema, purchaseEmailSchema, purchaseOrderCreateSchema, purchaseOrderSchema } from '@isik/domain';
import { errorBody, errorResponses, idParams } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import { sendPdf } from '../pdf/pdf-routes.js';
import type { PurchaseOrderService } from './purchase-order-service.js';

/** Purchase orders to suppliers (issue 25, ADR 0040): combine, the order document, its PDF and its e-mail; level 2 like every purchase call. */
export const purchaseOrderRoutes: FastifyPluginAsyncZod<{ purchaseOrders: PurchaseOrderService }> = async (app, { purchaseOrders }) => {
  const tags = ['buying'];

  app.post('/buying/order', {
    config: actionConfig('POST /api/buying/order'),
    schema: {
      tags, body: purchaseOrderCreateSchema, response: { 200: purchaseOrderSchema, ...errorResponses },
      summary: 'Combine purchase requests (status 0 or 1) of one supplier and one currency into one order: status 1 under one order number (SAS-year-counter); answers the order document',
    },
  }, async (req) => purchaseOrders.combine(requireSession(req), req.body));

  app.get('/buying/order/:id', {
    config: actionConfig('GET /api/buying/order/:id'),
    schema: { tags, params: idParams, response: { 200: purchaseOrderSchema, ...errorResponses }, summary: 'The order document of a purchase at status 1-3: every purchase under its order number, the supplier, the totals per currency' },
  }, async (req) => purchaseOrders.order(req.params.id));

  app.post('/buying/email/:id', {
    config: actionConfig('POST /api/buying/email/:id'),
    schema: {
      tags, params: idParams, body: purchaseEmailSchema, response: { 200: purchaseEmailResultSchema, ...errorResponses, 503: errorBody },
      summary: "E-mail the purchase order PDF to the supplier (recipient, subject and message default to the supplier's e-mail and the text in its language); 503 without SMTP or when the mail server refuses",
    },
  }, async (req) => purchaseOrders.email(requireSession(req), req.params.id, req.body));

  app.get('/pdf/purchase/:id', {
    config: actionConfig('GET /api/pdf/purchase/:id'),
    schema: {
      tags: ['documents'], params: idParams, produces: ['application/pdf'], response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      summary: "The purchase order PDF (A4) of a purchase at status 1-3, in the supplier's language (Turkey: Turkish, else English)",
    },
  }, async (req, reply) => {
    const { bytes, fileName } = await purchaseOrders.pdf(req.params.id);
    return sendPdf(reply, bytes, fileName);
  });
};
