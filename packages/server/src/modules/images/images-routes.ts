import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGES_PAGE_SIZE, imageInputSchema, imageListSchema, imageSchema, imageUpdateSchema, actionConfig } from '@isik/domain';
import { errorBody, errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { ImagesService } from './images-service.js';

const listQuery = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(IMAGES_PAGE_SIZE),
});

/** The image library (spec 000 2.10; route /imagemanagment, level 2; writes in the catalogue module). */
export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  const tags = ['images'];
  // The body carries the image as a data URL, a third larger than the file: room for one file at the limit.
  const bodyLimit = Math.ceil((images.maxFileBytes * 4) / 3) + 256 * 1024;
  app.setErrorHandler((err: FastifyError) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw images.tooLarge('image');
    throw err;
  });

  app.get('/images/list/:id', {
    config: actionConfig('GET /api/images/list/:id'),
    schema: {
      tags, summary: "Images of a model (:id = the model's id or its code, e.g. ISK-ASTRA), or all with 'none'; ?search= by description or model code",
      params: idParams, querystring: listQuery, response: { 200: imageListSchema, ...errorResponses },
    },
  }, async (req) => images.list({
    modelId: req.params.id === 'none' ? undefined : req.params.id,
    search: req.query.search || undefined,
    page: req.query.page,
    pageSize: req.query.pageSize,
  }));

  app.get('/images/:id', {
    config: actionConfig('GET /api/images/:id'),
    schema: { tags, summary: 'One image', params: idParams, response: { 200: imageSchema, ...errorResponses } },
  }, async (req) => images.get(req.params.id));

  app.post('/images/create', {
    bodyLimit,
    config: actionConfig('POST /api/images/create'),
    schema: { tags, summary: 'Add an image (image: base64 data URL or /api/files URL); answers URLs', body: imageInputSchema, response: { 200: imageSchema, ...errorResponses, 413: errorBody } },
  }, async (req) => images.create(requireSession(req), req.body));

  app.post('/images/update/:id', {
    bodyLimit,
    config: actionConfig('POST /api/images/update/:id'),
    schema: { tags, summary: 'Update an image; __v must be the version read', params: idParams, body: imageUpdateSchema, response: { 200: imageSchema, ...errorResponses, 413: errorBody } },
  }, async (req) => images.update(requireSession(req), req.params.id, req.body));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/images/delete/:id',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/images/delete/:id'),
      schema: { tags, summary: 'Delete an image', params: idParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => images.remove(requireSession(req), req.params.id),
    });
  }
};
