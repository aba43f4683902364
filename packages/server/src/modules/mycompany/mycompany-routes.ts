import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canDo, myCompanyDocumentSchema, myCompanyInputSchema, myCompanySchema, myCompanyTrackingSchema, myCompanyUpdateSchema, publicCompanySchema, actionConfig,
} from '@isik/domain';
import { errorResponses, idParams } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { MyCompanyService } from './mycompany-service.js';
import { toDocument } from './mycompany-repository.js';

const trackingParams = z.object({
  id: z.string().min(1).max(64),
  offerId: z.string().min(1).max(64),
  companyId: z.string().min(1).max(64),
  token: z.string().min(1).max(200),
});

/** Own-company settings (spec 000 2.6, 7): GET /company/{id}, the order-tracking variant, create, update; and the public view. */
export const myCompanyRoutes: FastifyPluginAsyncZod<{ mycompany: MyCompanyService }> = async (app, { mycompany }) => {
  const tags = ['mycompany'];
  // Reading is for every back-office user (documents and offers print it), but only the settings screen's roles
  // (/mycompany) get the whole record; the others get what the documents read (docs/decisions/0013).
  app.get('/company/:id', {
    config: actionConfig('GET /api/company/:id'),
    schema: {
      tags, summary: 'The own company (id "1"); 404 until it is created. Roles above the settings screen\'s level get only what documents read',
      params: idParams, response: { 200: z.union([myCompanySchema, myCompanyDocumentSchema]), ...errorResponses },
    },
  }, async (req) => {
    const c = await mycompany.get(req.params.id);
    return canDo('company.readWhole', requireSession(req).role) ? c : toDocument(c);
  });

  app.get('/company/:id/:offerId/:companyId/:token', {
    config: { level: 'public' },
    schema: {
      tags, summary: 'The own company as the order-tracking page shows it: open with the tracking token of offerId and companyId, else 404',
      params: trackingParams, security: [], response: { 200: myCompanyTrackingSchema, ...errorResponses },
    },
  }, async (req) => mycompany.getForTracking(req.params.id, req.params.offerId, req.params.companyId, req.params.token));

  app.get('/web/company', {
    config: { level: 'public' },
    schema: { tags, summary: 'Public fields of the own company for the catalogue (no token)', security: [], response: { 200: publicCompanySchema, ...errorResponses } },
  }, async () => mycompany.getPublic());

  app.post('/company/create', {
    config: actionConfig('POST /api/company/create'),
    schema: { tags, summary: 'Create the own company (id "1"); 409 when it exists', body: myCompanyInputSchema, response: { 200: myCompanySchema, ...errorResponses } },
  }, async (req) => mycompany.create(requireSession(req), req.body));

  app.post('/company/update/:id', {
    config: actionConfig('POST /api/company/update/:id'),
    schema: { tags, summary: 'Update the own company; left-out fields keep their values; __v must be the version read', params: idParams, body: myCompanyUpdateSchema, response: { 200: myCompanySchema, ...errorResponses } },
  }, async (req) => mycompany.update(requireSession(req), req.params.id, req.body));
};
