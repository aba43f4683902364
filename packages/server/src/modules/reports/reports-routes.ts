import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionConfig, productionQuerySchema, productionReportSchema, purchasingQuerySchema, purchasingReportSchema,
  salesQuerySchema, salesReportSchema, stockQuerySchema, stockReportSchema,
} from '@isik/domain';
import { errorResponses } from '../../lib/http.js';
import { sendJsonText } from '../../lib/json-text.js';
import type { ReportsService } from './reports-service.js';

const tags = ['reports'];

/** GET /api/reports/{name} (issue 26, ADR 0041): a report's table rows for the filters of the query. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.get('/reports/sales', {
    config: actionConfig('GET /api/reports/sales'),
    schema: { tags, summary: 'Offers and orders per month, customer, model or category; conversion', querystring: salesQuerySchema, response: { 200: salesReportSchema, ...errorResponses } },
  }, async (req) => reports.sales(req.query));
  app.get('/reports/production', {
    config: actionConfig('GET /api/reports/production'),
    schema: { tags, summary: 'Lines completed per week with lead times and late lines; work in progress per operation', querystring: productionQuerySchema, response: { 200: productionReportSchema, ...errorResponses } },
  }, async (req) => reports.production(req.query));
  app.get('/reports/stock', {
    config: actionConfig('GET /api/reports/stock'),
    schema: { tags, summary: 'Stock value per category, slow movers, materials below their minimum', querystring: stockQuerySchema, response: { 200: stockReportSchema, ...errorResponses } },
    // The answer is JSON text (the rows written by PostgreSQL: reports-repository.ts stockReport), sent as it is.
  }, async (req, reply) => sendJsonText(reply, await reports.stock(req.query)));
  app.get('/reports/purchasing', {
    config: actionConfig('GET /api/reports/purchasing'),
    schema: { tags, summary: 'Purchase spend per month or supplier; open purchase value', querystring: purchasingQuerySchema, response: { 200: purchasingReportSchema, ...errorResponses } },
  }, async (req) => reports.purchasing(req.query));
};
