import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blankToUndefined, PRODUCT_LIST_TYPES, PRODUCT_SORTS, PRODUCTS_PAGE_SIZE, productInputSchema, productListSchema, productSchema, productUpdateSchema, actionConfig } from '@isik/domain';
import { errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { categoryQuery, pagingQuery } from '../catalogue/shared.js';
import type { ProductsService } from './products-service.js';

const listQuery = z.object({
  type: z.preprocess(blankToUndefined, z.enum(PRODUCT_LIST_TYPES).default('list')),
  orderBy: z.preprocess(blankToUndefined, z.enum(PRODUCT_SORTS).default('urun_sira')),
  category: categoryQuery,
  ...pagingQuery(PRODUCTS_PAGE_SIZE),
});

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (app, { products }) => {
  const tags = ['products'];

  app.get('/products/list', {
    config: actionConfig('GET /api/products/list'),
    schema: {
      tags, summary: "Product list rows (what the list and pickers show: names, code, model code, figures, price, stock, main image), paged, sorted, searched (names, code, model code) and filtered by model category; 'detaillist' adds the completeness score. The whole product is GET /products/{id}",
      querystring: listQuery,
      response: { 200: productListSchema, ...errorResponses },
    },
  }, async (req) => products.list({ ...req.query, order: req.query.order ?? 'asc' }));

  app.get('/products/:id', {
    config: actionConfig('GET /api/products/:id'),
    schema: { tags, summary: 'One product with its model embedded', params: idParams, response: { 200: productSchema, ...errorResponses } },
  }, async (req) => products.get(req.params.id));

  app.post('/products/create', {
    config: actionConfig('POST /api/products/create'),
    schema: { tags, summary: 'Create a product (also the copy of a row: _id, __v and stockSum are ignored); urun_model is the model object or its _id', body: productInputSchema, response: { 200: productSchema, ...errorResponses } },
  }, async (req) => products.create(requireSession(req), req.body, requestLang(req)));

  app.post('/products/update/:id', {
    config: actionConfig('POST /api/products/update/:id'),
    schema: { tags, summary: 'Update a product; __v must be the version read; left-out fields keep their values; stockSum is the ledger\'s', params: idParams, body: productUpdateSchema, response: { 200: productSchema, ...errorResponses } },
  }, async (req) => products.update(requireSession(req), req.params.id, req.body, requestLang(req)));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/products/delete/:id',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/products/delete/:id'),
      schema: { tags, summary: 'Delete a product; refused (409) while it has stock movements (make it inactive instead)', params: idParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => products.remove(requireSession(req), req.params.id),
    });
  }
};
