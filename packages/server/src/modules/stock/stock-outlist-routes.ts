import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionConfig, stockOutListSchema } from '@isik/domain';
import { errorResponses } from '../../lib/http.js';
import { dayParam } from '../logs/logs-routes.js';
import type { StockService } from './stock-service.js';

export const stockOutlistRoutes: FastifyPluginAsyncZod<{ stock: StockService }> = async (app, { stock }) => {
  app.get('/stock/outlist/:date', {
    config: actionConfig('GET /api/stock/outlist/:date'),
    schema: {
      tags: ['stock'], summary: "A day's material movements out of stock (date YYYY-MM-DD or DD.MM.YYYY, Europe/Istanbul), newest first",
      params: z.object({ date: z.string().max(40) }), response: { 200: stockOutListSchema, ...errorResponses },
    },
  }, async (req) => {
    const { start, end } = dayParam(req.params.date);
    return stock.materialsOut(start, end);
  });
};
