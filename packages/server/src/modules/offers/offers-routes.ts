import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blankToUndefined, companyOfferListSchema, COMPANY_OFFERS_PAGE_SIZE, contactInputSchema, contactListSchema, contactSchema, CONTACT_SORTS, CONTACTS_PAGE_SIZE,
  contactUpdateSchema, OFFER_LIST_LIMIT, OFFER_SORTS, offerInputSchema, offerListSchema, offerRequestResultSchema, offerRequestSchema, offerSchema,
  offerSettingsInputSchema, offerSettingsSchema, actionConfig,
} from '@isik/domain';
import { sendJsonText } from '../../lib/json-text.js';
import { errorResponses, idParams, okBody } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import { pagingQuery } from '../catalogue/shared.js';
import type { OfferRequestService } from './offer-request-service.js';
import type { OffersService } from './offers-service.js';
import type { ContactsService } from './contacts-service.js';


const statusQuery = (dflt: number) => z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(4).default(dflt));

const listQuery = z.object({
  ...pagingQuery(OFFER_LIST_LIMIT),
  orderBy: z.preprocess(blankToUndefined, z.enum(OFFER_SORTS).default('teklif_tarihi')),
  /** The status range from/to (spec 001 7); both left out means every status. */
  filter1: statusQuery(0),
  filter2: statusQuery(4),
});

const companyListQuery = z.object({
  filter1: statusQuery(0),
  filter2: statusQuery(4),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(COMPANY_OFFERS_PAGE_SIZE)),
});

const contactListQuery = z.object({
  ...pagingQuery(CONTACTS_PAGE_SIZE),
  orderBy: z.preprocess(blankToUndefined, z.enum(CONTACT_SORTS).default('name')),
  companyId: z.preprocess(blankToUndefined, z.string().max(64).optional()),
});

/**
 * Offer calls (spec 001 7): list, one offer, create, update, delete, copy, the company's offers, the documents'
 * tracked read; offer settings and contacts (spec 000 6); and the public catalogue's offer request (DECISIONS 9).
 */
export const offersRoutes: FastifyPluginAsyncZod<{ offerRequests: OfferRequestService; offers: OffersService; contacts: ContactsService }> = async (app, { offerRequests, offers, contacts }) => {
  const tags = ['offers'];

  app.post('/web/offer-requests', {
    config: { level: 'public' },
    schema: {
      tags: ['offers', 'public'], summary: 'Request an offer for an active product (no token): a draft offer and a to-do for the office; at most 5 per IP address in 10 minutes',
      security: [], body: offerRequestSchema, response: { 200: offerRequestResultSchema, ...errorResponses },
    },
  }, async (req) => offerRequests.request(req.ip, req.body));

  app.get('/offers/list', {
    config: actionConfig('GET /api/offers/list'),
    schema: {
      tags, summary: 'Offers (without items), paged, sorted (teklif_tarihi, firma_adi, teklif_no), searched (company, number, subject, reference) and filtered by a status range filter1..filter2; totals of every matching offer in lira and per currency',
      querystring: listQuery, response: { 200: offerListSchema, ...errorResponses },
    },
    // The answer is JSON bytes (the rows written by PostgreSQL, offers-repository.ts listOffers), sent as they are; the
    // response schema documents it and offers.test.ts holds the text to what the serializer writes.
  }, async (req, reply) => sendJsonText(reply, await offers.list({
    ...req.query, order: req.query.order ?? (req.query.orderBy === 'firma_adi' ? 'asc' : 'desc'), from: req.query.filter1, to: req.query.filter2,
  })));

  app.get('/offers/companylist/:companyId', {
    config: actionConfig('GET /api/offers/companylist/:companyId'),
    schema: {
      tags, summary: "A company's offers with their item lines, newest first (page 1, size 5 by default), status range filter1..filter2",
      params: z.object({ companyId: z.string().min(1).max(64) }), querystring: companyListQuery, response: { 200: companyOfferListSchema, ...errorResponses },
    },
  }, async (req) => offers.companyList(req.params.companyId, { from: req.query.filter1, to: req.query.filter2, page: req.query.page, pageSize: req.query.pageSize }));

  app.get('/offers/settings', {
    config: actionConfig('GET /api/offers/settings'),
    schema: { tags, summary: 'What a new offer starts with, and the default subject and text of the offer mail', response: { 200: offerSettingsSchema, ...errorResponses } },
  }, async () => offers.settings());

  app.post('/offers/settings', {
    config: actionConfig('POST /api/offers/settings'),
    schema: { tags, summary: 'Change the offer settings; __v must be the version read', body: offerSettingsInputSchema, response: { 200: offerSettingsSchema, ...errorResponses } },
  }, async (req) => offers.updateSettings(requireSession(req), req.body));

  app.get('/offers/:id', {
    config: actionConfig('GET /api/offers/:id'),
    schema: { tags, summary: 'One offer with its items (offeritem) and, with a company, its order-tracking address (orderTrackingUrl)', params: idParams, response: { 200: offerSchema, ...errorResponses } },
  }, async (req) => {
    const o = await offers.get(req.params.id);
    const url = offers.trackingUrl(o, `${req.protocol}://${req.host}`);
    return url ? { ...o, orderTrackingUrl: url } : o;
  });

  app.get('/offers/:id/:companyid/:token', {
    config: { level: 'public' },
    schema: {
      tags: ['offers', 'public'], summary: 'One offer for a document or the order-tracking page: open when token is the tracking token of the two ids, else 404',
      security: [], params: z.object({ id: z.string().min(1).max(64), companyid: z.string().min(1).max(64), token: z.string().min(1).max(200) }),
      response: { 200: offerSchema, ...errorResponses },
    },
  }, async (req) => offers.getTracked(req.params.id, req.params.companyid, req.params.token));

  app.post('/offers/create', {
    config: actionConfig('POST /api/offers/create'),
    schema: { tags, summary: 'Create an offer; the server gives teklif_no and computes every total (sent totals must agree within a cent)', body: offerInputSchema, response: { 200: offerSchema, ...errorResponses } },
  }, async (req) => offers.create(requireSession(req), req.body));

  app.post('/offers/update/:id', {
    config: actionConfig('POST /api/offers/update/:id'),
    schema: {
      tags, summary: 'Save an offer; __v must be the version read (409 otherwise); left-out fields keep their values; rows change only in status 0',
      params: idParams, body: offerInputSchema, response: { 200: offerSchema, ...errorResponses },
    },
  }, async (req) => offers.update(requireSession(req), req.params.id, req.body));

  app.post('/offers/copy/:id', {
    config: actionConfig('POST /api/offers/copy/:id'),
    schema: { tags, summary: 'Copy an offer: a new draft (status 0, new number, today) with the same items and the latest bulletin\'s rates', params: idParams, response: { 200: offerSchema, ...errorResponses } },
  }, async (req) => offers.copy(requireSession(req), req.params.id));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/offers/delete/:id',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/offers/delete/:id'),
      schema: { tags, summary: 'Delete an offer (status 0 or 1, no started production) with its items', params: idParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => offers.remove(requireSession(req), req.params.id),
    });
  }

  // ---------------------------------------------------------------- contacts
  const cTags = ['contacts'];

  app.get('/contacts/list', {
    config: actionConfig('GET /api/contacts/list'),
    schema: { tags: cTags, summary: 'Contacts, paged, sorted (name, company, date) and searched (name, company, e-mail, phone)', querystring: contactListQuery, response: { 200: contactListSchema, ...errorResponses } },
  }, async (req) => contacts.list({ ...req.query, order: req.query.order ?? (req.query.orderBy === 'date' ? 'desc' : 'asc') }));

  app.post('/contacts/import', {
    config: actionConfig('POST /api/contacts/import'),
    schema: { tags: cTags, summary: "Fill the contacts from the offers' related persons and the companies; answers how many were added", response: { 200: z.object({ added: z.number() }), ...errorResponses } },
  }, async (req) => contacts.importAll(requireSession(req)));

  app.get('/contacts/:id', {
    config: actionConfig('GET /api/contacts/:id'),
    schema: { tags: cTags, summary: 'One contact', params: idParams, response: { 200: contactSchema, ...errorResponses } },
  }, async (req) => contacts.get(req.params.id));

  app.post('/contacts/create', {
    config: actionConfig('POST /api/contacts/create'),
    schema: { tags: cTags, summary: 'Create a contact (a name is unique per company)', body: contactInputSchema, response: { 200: contactSchema, ...errorResponses } },
  }, async (req) => contacts.create(requireSession(req), req.body));

  app.post('/contacts/update/:id', {
    config: actionConfig('POST /api/contacts/update/:id'),
    schema: { tags: cTags, summary: 'Update a contact; __v must be the version read', params: idParams, body: contactUpdateSchema, response: { 200: contactSchema, ...errorResponses } },
  }, async (req) => contacts.update(requireSession(req), req.params.id, req.body));

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method, url: '/contacts/delete/:id',
      exposeHeadRoute: false,
      config: actionConfig('DELETE /api/contacts/delete/:id'),
      schema: { tags: cTags, summary: 'Delete a contact', params: idParams, response: { 200: okBody, ...errorResponses } },
      handler: async (req) => contacts.remove(requireSession(req), req.params.id),
    });
  }
};
