import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blankToUndefined, MODEL_LIST_TYPES, MODEL_SORTS, MODELS_PAGE_SIZE, modelInputSchema, modelListSchema, modelSchema, modelUpdateSchema, actionConfig,
} from '@isik/domain';
import { errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { categoryQuery, pagingQuery } from '../catalogue/shared.js';
import type { ModelsService } from './models-service.js';

const listQuery = z.object({
  type: z.preprocess(blankToUndefined, z.enum(MODEL_LIST_TYPES).default('list')),
  orderBy: z.preprocess(blankToUndefined, z.enum(MODEL_SORTS).default('model_sira')),
  category: categoryQuery,
  ...pagingQuery(MODELS_PAGE_SIZE),
});

export const modelsRoutes: FastifyPluginAsyncZod<{ models: ModelsService }> = async (app, { models }) => {
  const tags = ['models'];

  // The model pickers of the product and image-library screens read the list too (docs/decisions/0013).
  app.get('/models/list', {
    config: actionConfig('GET /api/models/list'),
    schema: {
      tags, summary: "Models, paged, sorted, searched (name, code) and filtered by category. type: 'list' light rows, 'detail' full, 'productionlist' id, code, name and bill of operations",
      querystring: listQuery,
      response: { 200: modelListSchema, ...errorResponses },
    },
  }, async (req) => models.list({ ...req.query, order: req.query.order ?? 'asc' }));

  app.get('/models/:id', {
    config: actionConfig('GET /api/models/:id'),
    schema: { tags, summary: 'One model with features, downloads and bill of operations', params: idParams, response: { 200: modelSchema, ...errorResponses } },
  }, async (req) => models.get(req.params.id));

  app.post('/models/create', {
    config: actionConfig('POST /api/models/create'),
    schema: { tags, summary: 'Create a model; the answer carries _id', body: modelInputSchema, response: { 200: modelSchema, ...errorResponses } },
  }, async (req) => models.create(requireSession(req), req.body, requestLang(req)));

  app.post('/models/update/:id', {
    config: actionConfig('POST /api/models/update/:id'),
    schema: { tags, summary: 'Update a model; __v must be the version read; left-out fields keep their values', params: idParams, body: modelUpdateSchema, response: { 200: modelSchema, ...errorResponses } },
  }, async (req) => models.update(requireSession(req), req.params.id, req.body, requestLang(req)));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/models/delete/:id',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/models/delete/:id'),
      schema: { tags, summary: 'Delete a model; refused (409) while products use it', params: idParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => models.remove(requireSession(req), req.params.id),
    });
  }
};
