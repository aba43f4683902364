import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RATES_MAX_PAGE_SIZE, RATES_PAGE_SIZE, actionConfig, tcmbListSchema, tcmbTodaySchema, tcmbUpdateResultSchema } from '@isik/domain';
import { errorBody, errorResponses } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import type { RatesService } from './rates-service.js';

/** 503: the reason, and the last stored bulletin when there is one. */
const unavailable = errorBody.extend({ today: tcmbTodaySchema.nullable().optional() });

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(RATES_MAX_PAGE_SIZE).default(RATES_PAGE_SIZE),
});

export const ratesRoutes: FastifyPluginAsyncZod<{ rates: RatesService }> = async (app, { rates }) => {
  const tags = ['rates'];

  app.get('/tcmb/today', {
    config: { level: 'public' },
    schema: {
      tags, security: [],
      summary: 'The latest stored central-bank bulletin (Data[0] USD, Data[1] EUR), how old it is and whether the last fetch failed; 503 when none is stored',
      response: { 200: tcmbTodaySchema, 503: unavailable },
    },
  }, async (req) => rates.today(requestLang(req)));

  app.get('/tcmb/list', {
    config: actionConfig('GET /api/tcmb/list'),
    schema: { tags, summary: 'Stored bulletins, newest first, paged', querystring: listQuery, response: { 200: tcmbListSchema, ...errorResponses } },
  }, async (req) => rates.list(req.query.page, req.query.pageSize));

  app.post('/tcmb/update', {
    config: actionConfig('POST /api/tcmb/update'),
    schema: {
      tags,
      summary: 'Fetch the bulletin now ("update rates"); 503 with the reason and the last stored bulletin when the feed is down or its answer is malformed. Concurrent calls share one fetch; within a minute of the last fetch nothing is fetched: 429 with Retry-After and the last stored bulletin',
      response: { 200: tcmbUpdateResultSchema, ...errorResponses, 429: unavailable, 503: unavailable },
    },
  }, async (req) => rates.update(requireSession(req), requestLang(req)));
};
