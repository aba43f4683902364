import { OFFER_REQUEST_HONEYPOT, OFFER_REQUEST_LIMIT, OFFER_REQUEST_WINDOW_MS, OFFICE_TODO_ROLE, computeOffer, productCodeParts, round2, tryComputeOffer, type offerRequestSchema } from '@isik/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { insertTodo } from '../todos/todos-service.js';
import { allocateOfferNumber, insertOffer, insertOfferItems, latestRates } from './offers-repository.js';
import { activeProductWithModelVat } from '../products/products-repository.js';
import { upsertContactFromOffer } from './contacts-service.js';
import { createSharedRateLimiter } from '../../lib/shared-rate-limit.js';

type Input = z.output<typeof offerRequestSchema>;

const UNIT = 'Adet';
/** Who the log rows of a public request name: the website, not a user (no user id). */
const WEB_ACTOR: Actor = { id: '', name: 'Web', role: 7 };

/**
 * The office to-do of a request: who asked (name, company), how to answer (e-mail, phone), what (quantity x product)
 * and their message, so the office can answer without opening anything else.
 */
export function requestTodoText(no: string, d: Pick<Input, 'name' | 'company' | 'email' | 'phone' | 'message'>, what: string): string {
  const who = d.company ? `${d.name} (${d.company})` : d.name;
  const reach = [d.email, d.phone].filter(Boolean).join(', ');
  const head = `Web teklif isteği ${no}: ${who} – ${reach} – ${what}`;
  return (d.message ? `${head}\n${d.message}` : head).slice(0, 1000);
}

/**
 * The public product page's 'request offer' (DECISIONS 9): a draft offer (status 0, source 'web') with one item
 * built from the product, and a to-do for the office, in one transaction with their log rows and live events.
 */
export function createOfferRequestService(deps: { db: Db; limit?: number; windowMs?: number }) {
  const { db } = deps;
  // In PostgreSQL: one limit for every API instance behind the balancer (ADR 0042).
  const limiter = createSharedRateLimiter(db, 'offer.request', deps.limit ?? OFFER_REQUEST_LIMIT, deps.windowMs ?? OFFER_REQUEST_WINDOW_MS);

  async function create(tx: Executor, data: Input) {
    const p = await activeProductWithModelVat(tx, data.productId);
    if (!p) throw notFound();
    const product = p.product;
    const name = data.lang === 'en' && product.urun_adi_en && product.urun_adi_en !== '-' ? product.urun_adi_en : product.urun_adi_tr;
    const currency = product.urun_doviz;
    const rates = await latestRates(tx);
    const kdv = Number(p.kdv);
    const vat = Number.isFinite(kdv) && kdv >= 0 ? kdv : 18;
    const price = round2(product.urun_fiyat);
    const mainImage = (product.product_images ?? []).find((i) => i.image)?.image ?? '';
    const line = { urun_miktari: data.quantity, urun_fiyati: price, urun_dovizi: currency, urun_kdv: vat };
    // No stored bulletin: the totals stay 0 until the office types the offer's rates; a rate is never invented.
    // The figures in the product's own currency are known even then (the offer's currency is the product's).
    const known = tryComputeOffer([line], { usd: rates.usd, eur: rates.eur }, currency);
    const own = computeOffer([line], { usd: 1, eur: 1 }, currency);
    const money = known ?? { lines: [{ ...own.lines[0], toplamTL: 0, toplamKdvTL: 0 }], totals: { ...own.totals, teklif_tutartl: 0, teklif_kdvtl: 0, teklif_gtoplamtl: 0 } };
    const l = money.lines[0];
    const now = new Date();
    const number = await allocateOfferNumber(tx, now);
    const id = newId();
    const subject = `${product.urun_kodu} – ${name}`;
    const t = money.totals;
    await insertOffer(tx, {
      id, teklif_no: number.no, teklif_yil: number.year, teklif_sira: number.seq, teklif_tarihi: now, teklif_durumu: 0, source: 'web',
      firma_adi: data.company, related_person: data.name, firma_eposta: data.email, buyer_phone: data.phone, order_tracking_email: data.email,
      teklif_konu: subject, teklif_notu: data.message, teklif_dovizi: currency, teklif_usdkur: rates.usd, teklif_eurkur: rates.eur,
      offer_creator_user: 'web', offer_modified_user: 'web',
      teklif_tutardoviz: String(t.teklif_tutardoviz), teklif_kdvdoviz: String(t.teklif_kdvdoviz), teklif_gtoplamdoviz: String(t.teklif_gtoplamdoviz),
      teklif_tutartl: String(t.teklif_tutartl), teklif_kdvtl: String(t.teklif_kdvtl), teklif_gtoplamtl: String(t.teklif_gtoplamtl),
    });
    await insertOfferItems(tx, [{
      // The product's name pair, so each document prints the name of its language (the subject is in the requester's).
      id: newId(), offer_id: id, sira: 0, urun_id: product.id, urun_resim: mainImage, urun_adi: product.urun_adi_tr,
      urun_adi_en: product.urun_adi_en === '-' ? '' : product.urun_adi_en, urun_kodu: productCodeParts(product),
      urun_kdv: String(vat), urun_miktari: String(data.quantity), urun_birimi: UNIT, urun_fiyati: String(price), urun_dovizi: currency,
      toplam_tl: String(l.toplamTL), toplam_doviz: String(l.toplamDoviz), toplam_kdv_tl: String(l.toplamKdvTL), toplam_kdv_doviz: String(l.toplamKdvDoviz),
    }]);
    await upsertContactFromOffer(tx, WEB_ACTOR, { related_person: data.name, firma_adi: data.company, firma_id: null, firma_eposta: data.email, buyer_phone: data.phone }, true);
    const who = data.company ? `${data.name} (${data.company})` : data.name;
    await recordChange(tx, WEB_ACTOR, { title: 'log.offer.webRequest', description: `${number.no}: ${who}, ${data.quantity} x ${subject}`.slice(0, 500), form: 'offers', operation_id: id }, { entity: 'offers', id, action: 'created' });
    await insertTodo(tx, WEB_ACTOR, {
      for_role: OFFICE_TODO_ROLE, person: 'Ofis',
      task: requestTodoText(number.no, data, `${data.quantity} x ${subject}`), link: `/offer/${id}`,
    });
    return number.no;
  }

  return {
    async request(ip: string, data: Input & Record<string, unknown>): Promise<{ ok: true; offerNo: string }> {
      const wait = await limiter.take(ip);
      if (wait > 0) throw new AppError(429, 'offerRequest.tooMany', undefined, { minutes: Math.max(1, Math.ceil(wait / 60_000)) });
      // A filled honeypot is a bot: it is told "sent" and nothing is stored.
      if (typeof data[OFFER_REQUEST_HONEYPOT] === 'string' && data[OFFER_REQUEST_HONEYPOT].trim() !== '') return { ok: true, offerNo: '' };
      const offerNo = await db.transaction((tx) => create(tx, data));
      return { ok: true, offerNo };
    },
  };
}
export type OfferRequestService = ReturnType<typeof createOfferRequestService>;
