import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offerEmailResultSchema, offerEmailSchema, actionConfig } from '@isik/domain';
import { errorBody, errorResponses, idParams } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import type { OfferMailService } from './offer-mail-service.js';

/** POST /offers/email/{id} (spec 001 2.10): the offer screen's E-mail button. */
export const offerMailRoutes: FastifyPluginAsyncZod<{ offerMail: OfferMailService }> = async (app, { offerMail }) => {
  app.post('/offers/email/:id', {
    config: actionConfig('POST /api/offers/email/:id'),
    schema: {
      tags: ['offers'], summary: 'Send an order (status 1) by e-mail: the offer PDF attached and the order-tracking link under the message; 503 without SMTP or when the mail server refuses (nothing changes)',
      params: idParams, body: offerEmailSchema, response: { 200: offerEmailResultSchema, ...errorResponses, 503: errorBody },
    },
  }, async (req) => offerMail.send(requireSession(req), req.params.id, req.body, `${req.protocol}://${req.host}`));
};
