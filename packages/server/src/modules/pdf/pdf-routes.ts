import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blankToUndefined, canEnterBackOffice, LABEL_KINDS, labelDataSchema, MARKUP_DEFAULT, pickLang, actionConfig, routeLevel } from '@isik/domain';
import { docLang, type DocLang } from '@isik/documents';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../../lib/http.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { PdfService } from './pdf-service.js';

/** `?lang=0|1` (spec 002: the route's or the saved language); without it the caller's Accept-Language. */
const langQuery = z.preprocess(blankToUndefined, z.enum(['0', '1', 'tr', 'en']).optional());
export function langOf(req: FastifyRequest, lang: string | undefined): DocLang {
  if (lang !== undefined) return docLang(lang);
  return pickLang(req.headers['accept-language']) === 'tr' ? 0 : 1;
}

const pdfResponses = { 200: z.any().describe('application/pdf'), ...errorResponses };

/** Sends PDF bytes: inline (the viewer), with the document's file name for a download. */
export function sendPdf(reply: FastifyReply, bytes: Buffer, fileName: string) {
  const safe = fileName.replace(/[^\w.-]+/g, '_');
  return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${safe}"`)
    .header('cache-control', 'private, no-store').send(bytes);
}

/**
 * The documents as application/pdf bytes (DECISIONS 1: /api/pdf/... beside the /pdf/... pages; issue 13):
 * rendered from the same @isik/documents components the pages use.
 */
export const pdfRoutes: FastifyPluginAsyncZod<{ pdf: PdfService }> = async (app, { pdf }) => {
  const tags = ['documents'];

  app.get('/pdf/offer/t1/:id', {
    // Staff (role 3 or lower) with a session, or anyone with the offer's order-tracking token (the customer's link):
    // the level is checked here because the token alternative needs the route open.
    config: { level: 'public' },
    schema: {
      tags, summary: `The offer PDF (A4; the invoice layout for invoice type 1). Needs a session of role ${routeLevel('/pdf/offer/t1/:id')} or lower, or companyId and token: the order-tracking token of the offer and its company`,
      params: z.object({ id: z.string().min(1).max(64) }),
      querystring: z.object({
        lang: langQuery,
        companyId: z.preprocess(blankToUndefined, z.string().max(64).optional()),
        token: z.preprocess(blankToUndefined, z.string().max(200).optional()),
      }),
      produces: ['application/pdf'],
      response: pdfResponses,
    },
  }, async (req, reply) => {
    const { id } = req.params;
    const { companyId, token } = req.query;
    const session = req.session;
    let approver = '';
    if (session && session.role <= routeLevel('/pdf/offer/t1/:id') && canEnterBackOffice(session.role)) {
      approver = session.name;
    } else if (companyId && token) {
      if (!(await pdf.offerTrackingAllowed(id, companyId, token))) throw notFound();
    } else if (session) {
      throw new AppError(403, 'error.forbidden');
    } else {
      throw new AppError(401, 'error.unauthorized');
    }
    const { bytes, fileName } = await pdf.offer(id, { lang: langOf(req, req.query.lang), approver });
    return sendPdf(reply, bytes, fileName);
  });

  const idParams = z.object({ id: z.string().min(1).max(64) });
  app.get('/pdf/order/t1/:id', {
    config: actionConfig('GET /api/pdf/order/t1/:id'),
    schema: {
      tags, summary: "The order's work-order sheet (A4, '# İŞ EMRİ #'): each line and operation with a QR code to /app/production/order/{itemId} and /orderoperations/{itemId}/{operationId}; the order's own code opens /app/production/orderQROptions/{orderId}",
      params: idParams, querystring: z.object({ lang: langQuery }), produces: ['application/pdf'], response: pdfResponses,
    },
  }, async (req, reply) => {
    const { bytes, fileName } = await pdf.workOrder(req.params.id, langOf(req, req.query.lang), `${req.protocol}://${req.host}`);
    return sendPdf(reply, bytes, fileName);
  });

  app.get('/pdf/order/delivery/:id', {
    config: actionConfig('GET /api/pdf/order/delivery/:id'),
    schema: {
      tags, summary: "The order's delivery form (A4, '# TESLİMAT FORMU #'): per line the deliveries' date, quantity, deliverer and receiver, and the Teslim Eden / Teslim Alan boxes; 404 for an order without lines",
      params: idParams, querystring: z.object({ lang: langQuery }), produces: ['application/pdf'], response: pdfResponses,
    },
  }, async (req, reply) => {
    const { bytes, fileName } = await pdf.deliveryForm(req.params.id, langOf(req, req.query.lang));
    return sendPdf(reply, bytes, fileName);
  });

  app.get('/pdf/workorders', {
    config: actionConfig('GET /api/pdf/workorders'),
    schema: {
      tags, summary: "The production list (A4, 'ÜRETİM LİSTESİ'): order lines in status 1-3 sorted by operation, company names cut to 60 characters",
      querystring: z.object({ lang: langQuery }), produces: ['application/pdf'], response: pdfResponses,
    },
  }, async (req, reply) => {
    const { bytes } = await pdf.productionList(langOf(req, req.query.lang));
    return sendPdf(reply, bytes, 'workorders.pdf');
  });

  for (const kind of LABEL_KINDS) {
    app.post(`/pdf/${kind}`, {
      config: actionConfig(`POST /api/pdf/${kind}`),
      schema: {
        tags, summary: `The ${kind === 'label10x10' ? 'box' : kind === 'label8x10' ? 'solar panel' : 'battery'} label PDF from the label editor's data (JSON as the editor keeps it)`,
        body: labelDataSchema, produces: ['application/pdf'], response: pdfResponses,
      },
    }, async (req, reply) => {
      const origin = `${req.protocol}://${req.host}`;
      const bytes = await pdf.label(kind, req.body, origin);
      return sendPdf(reply, bytes, `${kind}.pdf`);
    });
  }

  app.get('/pdf/pricelist', {
    config: actionConfig('GET /api/pdf/pricelist'),
    schema: {
      tags, summary: "The price list (A4): active products of a category (or all), prices = price + price / (100 - markup) x markup, rows only for type '0', the text with %XX replaced by the markup",
      querystring: z.object({
        lang: langQuery,
        markup: z.preprocess(blankToUndefined, z.coerce.number({ error: 'doc.markup.invalid' }).int({ error: 'doc.markup.invalid' }).min(0, { error: 'doc.markup.invalid' }).max(95, { error: 'doc.markup.invalid' }).default(MARKUP_DEFAULT)),
        category: z.preprocess(blankToUndefined, z.union([z.literal('Tümü'), z.literal('all'), z.coerce.number().int().min(0).max(8)], { error: 'doc.category.invalid' }).optional()),
        type: z.preprocess(blankToUndefined, z.enum(['0', '1', '2', 'T0', 'T1', 'T2'], { error: 'doc.priceListType.invalid' }).default('0')),
        text: z.preprocess(blankToUndefined, z.string().max(4000, { error: 'error.tooLong' }).default('')),
      }),
      produces: ['application/pdf'], response: pdfResponses,
    },
  }, async (req, reply) => {
    const q = req.query;
    const { bytes } = await pdf.priceList({
      lang: langOf(req, q.lang), markup: q.markup, category: typeof q.category === 'number' ? q.category : null,
      type: q.type.replace('T', ''), text: q.text,
    }, `${req.protocol}://${req.host}`);
    return sendPdf(reply, bytes, 'pricelist.pdf');
  });

  app.get('/pdf/datasheet/:id/:lang', {
    // Open to anyone (the public catalogue links to it), for active products only.
    config: { level: 'public' },
    schema: {
      tags: ['documents', 'public'], summary: 'An active product\'s datasheet (A4 landscape; category 7 has its own layout); lang 0 Turkish, anything else English; 404 for unknown or inactive products',
      security: [], params: z.object({ id: z.string().min(1).max(64), lang: z.string().max(8) }), produces: ['application/pdf'], response: pdfResponses,
    },
  }, async (req, reply) => {
    const { bytes, fileName } = await pdf.datasheet(req.params.id, docLang(req.params.lang));
    return sendPdf(reply, bytes, fileName);
  });
};
