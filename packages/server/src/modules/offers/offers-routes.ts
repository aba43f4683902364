import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offerRequestResultSchema, offerRequestSchema } from '@isik/domain';
import { errorResponses } from '../../lib/http.js';
import type { OfferRequestService } from './offer-request-service.js';

/** Offer calls built so far: the public catalogue's offer request (DECISIONS 9). The offers issue adds the rest. */
export const offersRoutes: FastifyPluginAsyncZod<{ offerRequests: OfferRequestService }> = async (app, { offerRequests }) => {
  app.post('/web/offer-requests', {
    config: { level: 'public' },
    schema: {
      tags: ['offers', 'public'], summary: 'Request an offer for an active product (no token): a draft offer and a to-do for the office; at most 5 per IP address in 10 minutes',
      security: [], body: offerRequestSchema, response: { 200: offerRequestResultSchema, ...errorResponses },
    },
  }, async (req) => offerRequests.request(req.ip, req.body));
};
