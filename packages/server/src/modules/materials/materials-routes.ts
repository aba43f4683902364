import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blankToUndefined, MATERIAL_LIST_TYPES, MATERIAL_SORTS, MATERIALS_PAGE_SIZE, materialCategoriesSchema, materialInputSchema, materialListSchema,
  materialSchema, materialUpdateSchema, actionConfig,
} from '@isik/domain';
import { errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import { pagingQuery } from '../catalogue/shared.js';
import type { MaterialsService } from './materials-service.js';

const listQuery = z.object({
  type: z.preprocess(blankToUndefined, z.enum(MATERIAL_LIST_TYPES).default('list')),
  orderBy: z.preprocess(blankToUndefined, z.enum(MATERIAL_SORTS).default('material_name')),
  category: z.preprocess((v) => (v === 'all' ? undefined : blankToUndefined(v)), z.string().trim().max(100).optional()),
  group: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  ...pagingQuery(MATERIALS_PAGE_SIZE),
});

export const materialsRoutes: FastifyPluginAsyncZod<{ materials: MaterialsService }> = async (app, { materials }) => {
  const tags = ['materials'];

  app.get('/materials/list', {
    config: actionConfig('GET /api/materials/list'),
    schema: {
      tags, summary: 'Materials with their stock balance, paged, sorted, searched (name, category, group) and filtered by category (and group)',
      querystring: listQuery,
      response: { 200: materialListSchema, ...errorResponses },
    },
  }, async (req) => materials.list({ ...req.query, order: req.query.order ?? 'asc' }));

  app.get('/materials/categories', {
    config: actionConfig('GET /api/materials/categories'),
    schema: { tags, summary: 'Material categories and groups in use (the pickers choose from them or type a new one)', response: { 200: materialCategoriesSchema, ...errorResponses } },
  }, async () => materials.categories());

  app.get('/materials/:id', {
    config: actionConfig('GET /api/materials/:id'),
    schema: { tags, summary: 'One material with its stock balance (stockSum, stockIn, stockOut)', params: idParams, response: { 200: materialSchema, ...errorResponses } },
  }, async (req) => materials.get(req.params.id));

  app.post('/materials/create', {
    config: actionConfig('POST /api/materials/create'),
    schema: { tags, summary: 'Create a material; the answer carries _id', body: materialInputSchema, response: { 200: materialSchema, ...errorResponses } },
  }, async (req) => materials.create(requireSession(req), req.body));

  app.post('/materials/update/:id', {
    config: actionConfig('POST /api/materials/update/:id'),
    schema: { tags, summary: 'Update a material; __v must be the version read; the stock balance is the ledger\'s', params: idParams, body: materialUpdateSchema, response: { 200: materialSchema, ...errorResponses } },
  }, async (req) => materials.update(requireSession(req), req.params.id, req.body));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/materials/delete/:id',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/materials/delete/:id'),
      schema: { tags, summary: 'Delete a material; refused (409) while it has stock movements or a bill of operations uses it', params: idParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => materials.remove(requireSession(req), req.params.id),
    });
  }
};
