import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionConfig, lineCostSchema, materialCostSchema, offerCostSchema, stockValueSchema } from '@isik/domain';
import { errorResponses, idParams } from '../../lib/http.js';
import type { CostsService } from './costs-service.js';

/** Costs (issue 25, ADR 0039): reads of what the ledger keeps. Levels from the action table (the office's, 2). */
export const costsRoutes: FastifyPluginAsyncZod<{ costs: CostsService }> = async (app, { costs }) => {
  const tags = ['costs'];

  app.get('/materials/:id/cost', {
    config: actionConfig('GET /api/materials/:id/cost'),
    schema: {
      tags, params: idParams, response: { 200: materialCostSchema, ...errorResponses },
      summary: "A material's current cost in lira (moving average of its purchase receipts; the list price in lira before any), its stock value and the history of what moved the average",
    },
  }, async (req) => costs.materialCost(req.params.id));

  app.get('/orders/cost/:id', {
    config: actionConfig('GET /api/orders/cost/:id'),
    schema: {
      tags, params: idParams, response: { 200: lineCostSchema, ...errorResponses },
      summary: "An order line's material cost (its production movements at the unit cost recorded when each was taken), its price and margin in lira and in the offer's currency at the offer's rates",
    },
  }, async (req) => costs.lineCost(req.params.id));

  app.get('/offers/cost/:id', {
    config: actionConfig('GET /api/offers/cost/:id'),
    schema: { tags, params: idParams, response: { 200: offerCostSchema, ...errorResponses }, summary: "Each order line's cost, price and margin of an offer, and their sum" },
  }, async (req) => costs.offerCost(req.params.id));

  app.get('/reports/stockValue', {
    config: actionConfig('GET /api/reports/stockValue'),
    schema: { tags, response: { 200: stockValueSchema, ...errorResponses }, summary: "Every material's stock, current cost in lira and value (stock × cost, 2 places), and the total of the values" },
  }, async () => costs.stockValue());
};
