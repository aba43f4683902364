import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionConfig, buyingSchema, receiptInputSchema } from '@isik/domain';
import { errorResponses, idParams } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { ReceiptsService } from './receipts-service.js';

/** Receipts of purchases in parts (issue 25, ADR 0045): level 2 like every purchase call; module 'buying'. */
export const receiptsRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (app, { receipts }) => {
  const tags = ['buying'];

  app.post('/buying/receive/:id', {
    config: actionConfig('POST /api/buying/receive/:id'),
    schema: {
      tags, params: idParams, body: receiptInputSchema, response: { 200: buyingSchema, ...errorResponses },
      summary: 'Receive part of a purchase at 1 Order or 2 Control: the quantity enters stock through the ledger; more than is due answers 409 on qty unless overReceipt is true; the full quantity completes the purchase (3). Answers the purchase with its receipts',
    },
  }, async (req) => receipts.receive(requireSession(req), req.params.id, req.body));

  app.delete('/buying/receipts/:id', {
    config: actionConfig('DELETE /api/buying/receipts/:id'),
    schema: {
      tags, params: idParams, response: { 200: buyingSchema, ...errorResponses },
      summary: 'Delete a receipt: its stock entry is reversed; a completed purchase with something due again goes back to 2 Control. Answers the purchase',
    },
  }, async (req) => receipts.remove(requireSession(req), req.params.id));
};
