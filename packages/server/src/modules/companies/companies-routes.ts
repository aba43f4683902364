import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPANIES_PAGE_SIZE, COMPANY_CATEGORIES, COMPANY_SORTS, companyInputSchema, companyListSchema, companySchema, companyUpdateSchema, actionConfig, pageAnchorField } from '@isik/domain';
import { errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { CompaniesService } from './companies-service.js';

/**
 * `filter` is the contract's single parameter: plain text is a name search; a JSON object may carry
 * page, pageSize, orderBy, order, search, category and status. Separate query parameters win.
 */
const listQuery = z.object({
  filter: z.string().max(1000).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
  orderBy: z.enum(COMPANY_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  search: z.string().trim().max(200).optional(),
  category: z.enum(COMPANY_CATEGORIES).optional(),
  status: z.enum(['true', 'false']).optional(),
  anchor: pageAnchorField,
});

const filterObject = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
  orderBy: z.enum(COMPANY_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  search: z.string().trim().max(200).optional(),
  category: z.enum(COMPANY_CATEGORIES).optional(),
  status: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
}).catch({});

function parseFilter(f: string | undefined): z.infer<typeof filterObject> {
  if (!f) return {};
  const t = f.trim();
  if (t.startsWith('{')) {
    try { return filterObject.parse(JSON.parse(t)); } catch { return {}; }
  }
  return { search: t };
}

export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (app, { companies }) => {
  const tags = ['companies'];

  app.get('/companies/list', {
    config: actionConfig('GET /api/companies/list'),
    schema: { tags, summary: 'Customer and supplier companies, paged, sorted, searched by name', querystring: listQuery, response: { 200: companyListSchema, ...errorResponses } },
  }, async (req) => {
    const q = req.query;
    const f = parseFilter(q.filter);
    const status = q.status ?? f.status;
    return companies.list({
      page: q.page ?? f.page ?? 1,
      pageSize: q.pageSize ?? f.pageSize ?? COMPANIES_PAGE_SIZE,
      orderBy: q.orderBy ?? f.orderBy ?? 'company_name',
      order: q.order ?? f.order ?? 'asc',
      search: q.search ?? f.search,
      category: q.category ?? f.category,
      status: status === undefined ? undefined : status === true || status === 'true',
      anchor: q.anchor,
    });
  });

  app.get('/companies/:id', {
    config: actionConfig('GET /api/companies/:id'),
    schema: { tags, summary: 'One company', params: idParams, response: { 200: companySchema, ...errorResponses } },
  }, async (req) => companies.get(req.params.id));

  app.post('/companies/create', {
    config: actionConfig('POST /api/companies/create'),
    schema: { tags, summary: 'Create a company', body: companyInputSchema, response: { 200: companySchema, ...errorResponses } },
  }, async (req) => companies.create(requireSession(req), req.body));

  app.post('/companies/update/:id', {
    config: actionConfig('POST /api/companies/update/:id'),
    schema: { tags, summary: 'Update a company; __v must be the version read', params: idParams, body: companyUpdateSchema, response: { 200: companySchema, ...errorResponses } },
  }, async (req) => companies.update(requireSession(req), req.params.id, req.body));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      // No automatic HEAD twin: a HEAD request must never delete.
      method, url: '/companies/delete/:id',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/companies/delete/:id'),
      schema: { tags, summary: 'Delete a company; refused while it has users, deliveries or offers', params: idParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => companies.remove(requireSession(req), req.params.id),
    });
  }
};
