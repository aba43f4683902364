import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blankToUndefined, LIST_MAX_PAGE_SIZE, materialMovementInputSchema, materialMovementListSchema, materialMovementSchema,
  materialMovementUpdateSchema, PRODUCT_STOCK_LIST_MAX, productMovementInputSchema, productMovementListSchema, productMovementSchema, actionConfig, STOCK_PAGE_SIZE,
} from '@isik/domain';
import { sendJsonText } from '../../lib/json-text.js';
import { errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { StockService } from './stock-service.js';

const id = z.string().min(1).max(64);
const pageQuery = (def: number, max: number) => z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(max).default(def)),
});

/**
 * The ledger pages are answered as the JSON text PostgreSQL builds (stock-repository.ts): sent as it is, not through
 * the route's serializer; the response schema still documents it, and the stock tests check the text against it.
 */

export const stockRoutes: FastifyPluginAsyncZod<{ stock: StockService }> = async (app, { stock }) => {
  const tags = ['stock'];

  // ---------------------------------------------------------------- materials (/stock)

  app.get('/stock/list/:materialId', {
    config: actionConfig('GET /api/stock/list/:materialId'),
    schema: {
      tags, summary: "A material's movements, newest first, paged, with running totals and the material's total in, total out and balance",
      params: z.object({ materialId: id }), querystring: pageQuery(STOCK_PAGE_SIZE, LIST_MAX_PAGE_SIZE),
      response: { 200: materialMovementListSchema, ...errorResponses },
    },
  }, async (req, reply) => sendJsonText(reply, await stock.materialMovements(req.params.materialId, req.query.page, req.query.pageSize)));

  app.get('/stock/:id', {
    config: actionConfig('GET /api/stock/:id'),
    schema: { tags, summary: 'One material movement', params: idParams, response: { 200: materialMovementSchema, ...errorResponses } },
  }, async (req) => stock.getMaterialMovement(req.params.id));

  app.post('/stock/create', {
    config: actionConfig('POST /api/stock/create'),
    schema: { tags, summary: "A manual material movement; names, sums and the material's balance are the server's", body: materialMovementInputSchema, response: { 200: materialMovementSchema, ...errorResponses } },
  }, async (req) => stock.createMaterialMovement(requireSession(req), req.body));

  app.post('/stock/update/:id', {
    config: actionConfig('POST /api/stock/update/:id'),
    schema: { tags, summary: 'Change a manual material movement (__v must be the version read); movements of production, deliveries or purchases answer 409', params: idParams, body: materialMovementUpdateSchema, response: { 200: materialMovementSchema, ...errorResponses } },
  }, async (req) => stock.updateMaterialMovement(requireSession(req), req.params.id, req.body));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/stock/delete/:id/:stockId',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/stock/delete/:id/:stockId'),
      schema: { tags, summary: 'Delete a manual material movement (stockId: its material); others answer 409 naming the record to undo', params: z.object({ id, stockId: id }), response: { 200: okBody, ...errorResponses } },
      handler: async (req) => stock.deleteMaterialMovement(requireSession(req), req.params.id, req.params.stockId),
    });
  }

  // ---------------------------------------------------------------- products (/productStocks: the product screen's stock tab)

  app.get('/productStocks/list/:productId', {
    config: actionConfig('GET /api/productStocks/list/:productId'),
    schema: {
      tags, summary: "A product's movements, newest first (at most 1000 a page), with running totals, total in, total out and balance",
      params: z.object({ productId: id }), querystring: pageQuery(PRODUCT_STOCK_LIST_MAX, PRODUCT_STOCK_LIST_MAX),
      response: { 200: productMovementListSchema, ...errorResponses },
    },
  }, async (req, reply) => sendJsonText(reply, await stock.productMovements(req.params.productId, req.query.page, req.query.pageSize)));

  app.post('/productStocks/create', {
    config: actionConfig('POST /api/productStocks/create'),
    schema: { tags, summary: "A manual product movement (description default 'Manuel Stok Hareketi')", body: productMovementInputSchema, response: { 200: productMovementSchema, ...errorResponses } },
  }, async (req) => stock.createProductMovement(requireSession(req), req.body));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/productStocks/delete/:id/:stockId',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/productStocks/delete/:id/:stockId'),
      schema: { tags, summary: 'Delete a manual product movement (stockId: its product); others answer 409 naming the record to undo', params: z.object({ id, stockId: id }), response: { 200: okBody, ...errorResponses } },
      handler: async (req) => stock.deleteProductMovement(requireSession(req), req.params.id, req.params.stockId),
    });
  }
};
