import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blankToUndefined, PUBLIC_PAGE_SIZE, PUBLIC_SORTS, publicProductDetailSchema, publicProductListSchema } from '@isik/domain';
import { errorResponses, idParams } from '../../lib/http.js';
import { categoryQuery } from './shared.js';
import type { PublicCatalogue } from './public-catalogue-service.js';

const listQuery = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(PUBLIC_PAGE_SIZE)),
  orderBy: z.preprocess(blankToUndefined, z.enum(PUBLIC_SORTS).default('model_category')),
  order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('asc')),
  search: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  category: categoryQuery,
});

export const publicCatalogueRoutes: FastifyPluginAsyncZod<{ catalogue: PublicCatalogue }> = async (app, { catalogue }) => {
  const tags = ['public catalogue'];
  app.get('/web/products', {
    config: { level: 'public' },
    schema: {
      tags, summary: 'The public catalogue: active products, public fields only; search on the Turkish product or model name; category = model category',
      security: [], querystring: listQuery,
      response: { 200: publicProductListSchema, ...errorResponses },
    },
  }, async (req) => catalogue.list(req.query));

  app.get('/web/products/:id', {
    config: { level: 'public' },
    schema: { tags, summary: "An active product's public page: specs, model features, images, downloads, technical drawing", security: [], params: idParams, response: { 200: publicProductDetailSchema, ...errorResponses } },
  }, async (req) => catalogue.get(req.params.id));
};
