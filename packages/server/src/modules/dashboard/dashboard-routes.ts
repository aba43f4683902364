import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardCountsSchema, actionConfig } from '@isik/domain';
import { errorResponses } from '../../lib/http.js';
import type { DashboardService } from './dashboard-service.js';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get('/dashboard/counts', {
    config: actionConfig('GET /api/dashboard/counts'),
    schema: { tags: ['dashboard'], summary: 'Counts of the dashboard tiles', response: { 200: dashboardCountsSchema, ...errorResponses } },
  }, async () => dashboard.counts());
};
