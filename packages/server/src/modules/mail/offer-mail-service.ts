import { translate, offerLanguage, type OfferEmailResult } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { recordChange } from '../../lib/log.js';
import type { Mailer } from '../../lib/mailer.js';
import { trackingToken } from '../../lib/tracking-token.js';
import type { SessionContext } from '../../plugins/auth.js';
import { findOffer } from '../offers/offers-repository.js';

/** The offer PDF the mail attaches: the same bytes as GET /api/pdf/offer/t1/{id} (modules/pdf). */
export type OfferPdfRenderer = (offerId: string, opts: { lang: 'tr' | 'en'; approver: string }) => Promise<{ bytes: Buffer | Uint8Array; fileName: string }>;

export interface OfferMailDeps {
  db: Db;
  mailer: Mailer;
  pdf: OfferPdfRenderer;
  secret: () => string;
  /** PUBLIC_URL; without it the tracking link starts with the address the caller reached the server at. */
  publicUrl?: string;
}

/** The customer's order-tracking link (DECISIONS 4). */
export function trackingUrl(base: string, secret: string, offerId: string, companyId: string): string {
  return `${base.replace(/\/+$/, '')}/ordertracking/${encodeURIComponent(offerId)}/${encodeURIComponent(companyId)}/${trackingToken(secret, offerId, companyId)}`;
}

/**
 * The offer e-mail (spec 001 2.10, DECISIONS 4): an order (status 1) goes to the recipient with the offer PDF attached
 * and the order-tracking link under the message; a log row says who sent which offer to whom. Nothing is written
 * unless the SMTP server took the message.
 */
export function createOfferMailService(deps: OfferMailDeps) {
  return {
    async send(caller: SessionContext, id: string, d: { to: string; subject: string; message: string }, requestOrigin: string): Promise<OfferEmailResult> {
      if (!deps.mailer.configured) throw new AppError(503, 'mail.notConfigured');
      const offer = await findOffer(deps.db, id);
      if (!offer) throw notFound();
      if (offer.teklif_durumu !== 1) throw conflict('mail.offer.notOrder', { teklif_durumu: 'mail.offer.notOrder' });
      if (!offer.firma_id) throw conflict('mail.offer.noCompany', { firma_id: 'mail.offer.noCompany' });
      const lang = offerLanguage(offer);
      const url = trackingUrl(deps.publicUrl ?? requestOrigin, deps.secret(), offer._id, offer.firma_id);
      // ONAYLAYAN on the customer's copy: the sender, as the PDF page names the signed-in user.
      const approver = caller.name;
      const pdf = await deps.pdf(offer._id, { lang, approver });
      const text = `${d.message.trimEnd()}\n\n${translate('mail.offer.tracking', lang, { url })}\n`.replace(/^\n+/, '');
      await deps.mailer.send({
        to: d.to, subject: d.subject, text, replyTo: caller.email || undefined,
        attachments: [{ filename: pdf.fileName, content: pdf.bytes, contentType: 'application/pdf' }],
      });
      await deps.db.transaction((tx) => recordChange(tx, caller, {
        title: 'log.offer.emailed', description: `${offer.teklif_no}: ${offer.firma_adi} → ${d.to} (${d.subject}, ${pdf.fileName})`.slice(0, 500), form: 'offers', operation_id: offer._id,
      }, { entity: 'offers', id: offer._id, action: 'updated' }));
      return { status: 'ok', to: d.to, trackingUrl: url };
    },
  };
}
export type OfferMailService = ReturnType<typeof createOfferMailService>;

