import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardChartsSchema, dashboardCountsSchema, actionConfig } from '@isik/domain';
import { errorResponses } from '../../lib/http.js';
import type { DashboardService } from './dashboard-service.js';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get('/dashboard/counts', {
    config: actionConfig('GET /api/dashboard/counts'),
    schema: { tags: ['dashboard'], summary: 'Counts of the dashboard tiles', response: { 200: dashboardCountsSchema, ...errorResponses } },
  }, async () => dashboard.counts());
  app.get('/dashboard/charts', {
    config: actionConfig('GET /api/dashboard/charts'),
    schema: {
      tags: ['dashboard'], response: { 200: dashboardChartsSchema, ...errorResponses },
      summary: "The dashboard's charts by Istanbul days: orders (offers in status 1-3 by order date) counted up by day of month, this month and last; order lines completed on each day of this week (Monday-Sunday)",
    },
  }, async () => dashboard.charts());
};
