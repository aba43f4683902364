import { z } from 'zod';
import { versionSchema, EMAIL_RE } from './common.js';
import { FILES_URL_PREFIX } from './files.js';
import { PRODUCT_CODE_PARTS } from './code-parts.js';
import { parseDateInput } from './format.js';
import { DEFAULT_UNIT, fitsUnit, UNITS } from './catalogue.js';
import { PAIR_PLACEHOLDER } from './catalogue-constants.js';
import { CURRENCIES, DEFAULT_CURRENCY } from './money.js';
import { decimalField, intChoice, type NumberLabel } from './decimal-input.js';
import { computeOffer, OFFER_TOTAL_FIELDS, OfferRateError, inconsistentTotals, type OfferLineInput, type OfferTotals } from './offer-money.js';
import type { MessageKey } from './messages.js';

/**
 * Offers (spec 001 2.9, 2.10, 3.5, 3.6, 4.1, 5, 7, 9; DECISIONS 3, 4, 6): constants, the status rules,
 * the checks of a save, and the request and answer shapes of the offer calls.
 */

// ------------------------------------------------------------------ constants

/** 0 Offer, 1 Order, 2 Completed, 3 Delivered, 4 Canceled (the list's labels). */
export const OFFER_STATUSES = [0, 1, 2, 3, 4] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** Tag colours of spec 001 4.1 (Mantine colours; black is 'dark'). */
export const OFFER_STATUS_COLORS: Record<OfferStatus, string> = { 0: 'red', 1: 'blue', 2: 'yellow', 3: 'green', 4: 'dark' };
/** Item types: the row editor offers the first three; the orders area also uses the last two. */
export const OFFER_ORDER_TYPES = ['default', 'production', 'material', 'takeoff_stock', 'suply'] as const;
export type OfferOrderType = (typeof OFFER_ORDER_TYPES)[number];
export const OFFER_EDITOR_ORDER_TYPES = ['default', 'production', 'material'] as const satisfies readonly OfferOrderType[];
/**
 * The VAT choices an offer settings row starts with (DECISIONS 3): Türkiye's rates since 10 July 2023, 20 the default
 * of a new item. The documents' 18/8/0 are the earlier client's; a stored offer keeps the rates it was made with.
 */
export const OFFER_VAT_CHOICES: readonly number[] = [20, 10, 1, 0];
export const OFFER_DEFAULT_VAT = 20;

/** VAT choices typed as tags in the offer settings ('20', '10', '1,5'): numbers from 0 to 100, each once, in the order given; anything else is left out. */
export function parseVatChoices(list: readonly string[]): number[] {
  const out: number[] = [];
  for (const x of list) {
    const n = Number(x.trim().replace('%', '').replace(',', '.'));
    if (x.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 100 && !out.includes(n)) out.push(n);
  }
  return out;
}

/** A picked product's VAT: its model's rate when that is one of the choices, else the settings' default (a model's earlier 18 gives 20). */
export function itemVat(modelVat: string | number | null | undefined, choices: readonly number[] | null | undefined, fallback: number | null | undefined): number {
  const list = choices?.length ? choices : OFFER_VAT_CHOICES;
  const n = modelVat === null || modelVat === undefined || modelVat === '' ? Number.NaN : Number(modelVat);
  return list.includes(n) ? n : (fallback ?? OFFER_DEFAULT_VAT);
}

/** The VAT options an item's select shows: the settings' choices, plus the item's own rate when it is not one of them (an older offer's 18). */
export function vatOptions(choices: readonly number[] | null | undefined, current?: number | null): number[] {
  const list = [...(choices?.length ? choices : OFFER_VAT_CHOICES)];
  if (current !== undefined && current !== null && Number.isFinite(current) && !list.includes(current)) list.push(current);
  return list;
}
/** Invoice types T0, T1, T2 (spec 001 9). */
export const INVOICE_TYPES = [0, 1, 2] as const;
/** The offer list's fetch limit (spec 001 9). */
export const OFFER_LIST_LIMIT = 1000;
export const OFFERS_PAGE_SIZE = 30;
/** The company's offer-history tab: page 1, size 5 (spec 000 2.9). */
export const COMPANY_OFFERS_PAGE_SIZE = 5;
export const OFFER_SORTS = ['teklif_tarihi', 'firma_adi', 'teklif_no'] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];
/** Most items one offer may carry. */
export const OFFER_ITEMS_MAX = 500;

/** Defaults of a new item (spec 001 3.6): VAT 18, quantity 1, unit Adet, price 0, currency $, type default. */
export const NEW_OFFER_ITEM = {
  urun_kdv: OFFER_DEFAULT_VAT, urun_miktari: 1, urun_birimi: DEFAULT_UNIT, urun_fiyati: 0, urun_dovizi: DEFAULT_CURRENCY,
  order_type: 'default' as OfferOrderType, takeoff_from_stock: false,
};

/** The item's code parts joined for display: blank parts are left out. */
export function joinOfferCode(parts: readonly string[] | string | null | undefined): string {
  if (!parts) return '';
  if (typeof parts === 'string') return parts;
  return parts.map((p) => p.trim()).filter(Boolean).join('-');
}

// ------------------------------------------------------------------ status rules (spec 001 4.1; DECISIONS 4)

/** Status options the radio group shows for the current status: 0 when 0 or 4; 1 when 0 or 1; 4 when 1. */
export function offerStatusOptions(current: number): OfferStatus[] {
  const out: OfferStatus[] = [];
  if (current === 0 || current === 4) out.push(0);
  if (current === 0 || current === 1) out.push(1);
  if (current === 1) out.push(4);
  return out;
}

/**
 * Whether users may move an offer from one status to another (DECISIONS 4: 0<->1, 1->4, 4->0; 2 and 3 are set
 * by the server from the order lines). Staying is always allowed.
 */
export function canMoveOfferStatus(from: number, to: number): boolean {
  if (from === to) return true;
  return (from === 0 && to === 1) || (from === 1 && to === 0) || (from === 1 && to === 4) || (from === 4 && to === 0);
}

export interface OfferItemProgress { takeoff_from_stock?: boolean; order_type?: string; tamamlanmaOrani?: number | null }

/**
 * The 'order error': an item not taken from stock has started production (completion above 0). A material item's
 * completion is its delivered share (issue 23), not production: the server names its deliveries instead.
 */
export function hasOrderError(items: readonly OfferItemProgress[]): boolean {
  return items.some((i) => !i.takeoff_from_stock && i.order_type !== 'material' && Number(i.tamamlanmaOrani ?? 0) > 0);
}

/** Moving to 0 or 4 asks first when any item has a completion above 0 (spec 001 4.1). */
export function statusChangeNeedsConfirm(to: number, items: readonly OfferItemProgress[]): boolean {
  return (to === 0 || to === 4) && items.some((i) => Number(i.tamamlanmaOrani ?? 0) > 0);
}

/** Delete is offered in status 0 or 1 without an order error (spec 001 2.10). */
export function canDeleteOffer(status: number, items: readonly OfferItemProgress[]): boolean {
  return (status === 0 || status === 1) && !hasOrderError(items);
}

/** Item rows are added and deleted only in status 0. */
export const canChangeOfferRows = (status: number): boolean => status === 0;

// ------------------------------------------------------------------ inputs

const text = (max: number) => z.union([z.string().max(max, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' })
  .optional().transform((v) => (v === null ? '' : v?.trim()));

/** A decimal of an item, answered as a number (decimal-input.ts reads it). */
const decimalIn = (key: MessageKey, label: NumberLabel, opts: { min?: number; positive?: boolean; max?: number; places: number }) =>
  decimalField({ key, label, places: opts.places, min: opts.min, positive: opts.positive, max: opts.max ?? 1e11 }).transform(Number).optional();

/** A rate typed by the user or read from a bulletin: positive, 6 decimals; '' or null means "none". */
const rateIn = (key: MessageKey) => decimalField({ key, label: 'rate', places: 6, positive: true, max: 1e6, blank: null }).optional();

const boolIn = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('true'), z.literal('false')], { error: 'error.invalidType' }).optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === 'true'));

const currencyIn = z.union([z.string(), z.null()], { error: 'catalogue.currency.invalid' }).optional()
  .transform((v) => (v === undefined ? undefined : (v ?? '').trim() || DEFAULT_CURRENCY)).pipe(z.enum(CURRENCIES, { error: 'catalogue.currency.invalid' }).optional());

const dateIn = z.union([z.string().max(40), z.number(), z.null()], { error: 'offer.date.invalid' }).optional().transform((v, ctx) => {
  if (v === null || v === undefined || v === '') return undefined;
  const d = parseDateInput(v);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: 'offer.date.invalid' });
    return z.NEVER;
  }
  return d;
});

const codeIn = z.union([z.string().max(300), z.array(z.union([z.string().max(100), z.number(), z.null()])).max(PRODUCT_CODE_PARTS.length + 1), z.null()], { error: 'offer.item.code.invalid' })
  .optional().transform((v) => {
    if (v === undefined) return undefined;
    if (v === null) return [] as string[];
    if (typeof v === 'string') return v.trim() ? [v.trim()] : [];
    return v.map((p) => (p === null ? '' : String(p).trim())).slice(0, PRODUCT_CODE_PARTS.length);
  });

/** An English name as stored: '' for none (a product's missing English name is '-', PAIR_PLACEHOLDER). */
const englishName = (v: string | null | undefined) => {
  const t = (v ?? '').trim();
  return t === PAIR_PLACEHOLDER ? '' : t;
};

/**
 * An item's name: one string, or the product's pair [tr, en] (the English name printed on English documents). The
 * Turkish name is required (the English one stands in when only it is given); `en` is undefined for a single string.
 */
const offerItemName = z.union([z.string(), z.array(z.union([z.string(), z.null()])).max(2), z.null()], { error: 'offer.item.name.required' })
  .transform((v, ctx) => {
    const pair = Array.isArray(v);
    const tr = (pair ? (v[0] ?? '').trim() || englishName(v[1]) : (v ?? '').trim());
    const en = pair ? englishName(v[1]) : undefined;
    if (!tr) ctx.addIssue({ code: 'custom', message: 'offer.item.name.required' });
    else if (tr.length > 300 || (en?.length ?? 0) > 300) ctx.addIssue({ code: 'custom', message: 'error.tooLong' });
    else return { tr, en };
    return z.NEVER;
  });

/** One item of an offer body. `_id` names a stored item (kept with its id); without it the item is new. */
export const offerItemInputSchema = z.object({
  _id: z.union([z.string().max(64), z.null()]).optional().transform((v) => v || undefined),
  urun_id: text(64),
  // Only a stored file of our own (uploaded through /api/files/upload): documents and the mail render it without
  // fetching an address a user typed.
  urun_resim: text(1000).refine((v) => !v || (v.startsWith(FILES_URL_PREFIX) && !v.includes('..')), { error: 'offer.item.photo.invalid' }),
  // The product's name pair [tr, en] as products have it, or one name (older clients, free-text rows).
  urun_adi: offerItemName,
  /** The English name alone (what GET answers beside urun_adi); a pair in urun_adi wins. */
  urun_adi_en: z.union([z.string().max(300, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' }).optional()
    .transform((v) => (v === undefined ? undefined : englishName(v))),
  urun_kodu: codeIn,
  urun_kdv: decimalIn('offer.item.vat.invalid', 'vat', { min: 0, max: 100, places: 2 }),
  urun_miktari: decimalIn('offer.item.qty.invalid', 'qty', { positive: true, max: 1e9, places: 4 }),
  urun_birimi: z.union([z.string(), z.null()], { error: 'catalogue.unit.invalid' }).optional()
    .transform((v) => (v ?? '').trim() || DEFAULT_UNIT).pipe(z.enum(UNITS, { error: 'catalogue.unit.invalid' })),
  urun_fiyati: decimalIn('offer.item.price.invalid', 'price', { min: 0, places: 4 }),
  urun_dovizi: currencyIn,
  order_type: z.union([z.string(), z.null()], { error: 'offer.item.type.invalid' }).optional()
    .transform((v) => (v ?? '').trim() || 'default').pipe(z.enum(OFFER_ORDER_TYPES, { error: 'offer.item.type.invalid' })),
  takeoff_from_stock: boolIn,
}, { error: 'error.invalidType' })
  // Its own refinement: pieces are whole numbers (issue 23).
  .refine((i) => i.urun_miktari === undefined || fitsUnit(i.urun_miktari, i.urun_birimi), { error: 'unit.qty.whole', path: ['urun_miktari'] })
  .transform(({ urun_adi, urun_adi_en, ...rest }) => ({
  ...rest, urun_adi: urun_adi.tr, urun_adi_en: urun_adi.en ?? urun_adi_en,
}));
export type OfferItemInput = z.input<typeof offerItemInputSchema>;
export type OfferItemData = z.output<typeof offerItemInputSchema>;

/** Sent totals are only compared with the server's computation (a blank one is not compared). */
const totalsIn = Object.fromEntries(OFFER_TOTAL_FIELDS.map((f) => [f, decimalField({ key: 'offer.totals.inconsistent', label: 'value', places: 10, min: -1e15, max: 1e15, blank: null }).optional()])) as
  Record<(typeof OFFER_TOTAL_FIELDS)[number], z.ZodOptional<z.ZodType<string | null, number | string | null>>>;

/**
 * The body of create and update (spec 001 3.5). Every field is optional: create fills the defaults, update keeps
 * the stored value of each field it leaves out (a body without `offeritem` keeps the items). The sent totals are
 * only compared with the server's computation (the server stores its own).
 */
export const offerInputSchema = z.object({
  __v: versionSchema.optional(),
  firma_id: z.union([z.string().max(64), z.null()], { error: 'error.invalidType' }).optional().transform((v) => (v === undefined ? undefined : (v ?? '').trim() || null)),
  firma_adi: text(200),
  firma_adres: text(500),
  firma_ilce: text(100),
  firma_il: text(100),
  firma_ulke: text(100),
  firma_eposta: text(200).refine((v) => !v || EMAIL_RE.test(v), { error: 'offer.email.invalid' }),
  buyer_phone: text(40),
  related_person: text(200),
  teklif_tarihi: dateIn,
  teklif_konu: text(300),
  teklif_notu: text(4000),
  teklif_altbilgi: text(4000),
  teklif_no: text(40),
  teklif_referansno: text(100),
  teklif_durumu: intChoice(OFFER_STATUSES, 'offer.status.invalid').optional(),
  teklif_dovizi: currencyIn,
  teklif_usdkur: rateIn('offer.rate.invalid'),
  teklif_eurkur: rateIn('offer.rate.invalid'),
  teklif_tarih: boolIn,
  teklif_kase: boolIn,
  teklif_kaseimza: boolIn,
  commercial_invoice: boolIn,
  invoice_type: intChoice(INVOICE_TYPES, 'offer.invoiceType.invalid').optional(),
  teklif_sevkadresi: text(1000),
  orderTrackingEmail: text(200),
  ...totalsIn,
  offeritem: z.array(offerItemInputSchema, { error: 'error.invalidType' }).max(OFFER_ITEMS_MAX, { error: 'offer.items.tooMany' }).optional(),
}, { error: 'error.invalidType' });
export type OfferInput = z.input<typeof offerInputSchema>;
export type OfferData = z.output<typeof offerInputSchema>;

/** An offer as its rules see it: every field filled (defaults or stored values merged with the body). */
export interface OfferDraft {
  firma_id: string | null;
  firma_adi: string;
  firma_ulke: string;
  teklif_durumu: number;
  teklif_dovizi: string;
  teklif_usdkur: string | number | null;
  teklif_eurkur: string | number | null;
  offeritem: OfferLineInput[];
}

/** The result of checking a save: field errors (key per field) or the computed money. */
export type OfferCheck =
  | { ok: true; money: ReturnType<typeof computeOffer> }
  | { ok: false; message: MessageKey; fields: Record<string, MessageKey> };

/**
 * The rules of spec 001 5 for a save, in the order the screen shows them (one message, every failing field):
 * company name ('Write Company Name'), country, at least one item, a registered company outside status 0,
 * the rates the items need, totals above zero ('Totals cannot be zero') and, when totals were sent,
 * their consistency with the computation ('there is inconsistency in the totals', slot `tutarhatasi`).
 */
export function checkOffer(d: OfferDraft, sent: Partial<Record<keyof OfferTotals, unknown>> = {}, companyKnown = d.firma_id !== null): OfferCheck {
  const fields: Record<string, MessageKey> = {};
  let message: MessageKey | null = null;
  const fail = (field: string, key: MessageKey) => {
    fields[field] = key;
    message ??= key;
  };
  if (!d.firma_adi.trim()) fail('firma_adi', 'offer.company.required');
  if (!d.firma_ulke.trim()) fail('firma_ulke', 'offer.country.required');
  if (d.offeritem.length === 0) fail('offeritem', 'offer.items.required');
  if (d.teklif_durumu !== 0 && (!d.firma_id || !companyKnown)) fail('firma_id', 'offer.company.unregistered');
  let money: ReturnType<typeof computeOffer> | null = null;
  try {
    money = computeOffer(d.offeritem, { usd: d.teklif_usdkur, eur: d.teklif_eurkur }, d.teklif_dovizi);
  } catch (e) {
    if (!(e instanceof OfferRateError)) throw e;
    fail(e.field, 'offer.rate.missing');
  }
  if (money && d.offeritem.length > 0) {
    if (money.totals.teklif_gtoplamtl <= 0) fail('tutarhatasi', 'offer.totals.zero');
    else if (inconsistentTotals(sent as Partial<Record<keyof OfferTotals, string | number | null>>, money.totals).length) fail('tutarhatasi', 'offer.totals.inconsistent');
  }
  if (message || !money) return { ok: false, message: message ?? 'error.validation', fields };
  return { ok: true, money };
}

// ------------------------------------------------------------------ answers

export const offerItemSchema = z.object({
  _id: z.string(),
  urun_id: z.string(),
  urun_resim: z.string(),
  urun_adi: z.string(),
  /** The English name ('' for none): English documents print it instead of urun_adi. */
  urun_adi_en: z.string(),
  urun_kodu: z.array(z.string()),
  urun_kdv: z.number(),
  urun_miktari: z.number(),
  urun_birimi: z.string(),
  urun_fiyati: z.number(),
  urun_dovizi: z.string(),
  /** The product's or material's current stock (0 for free-text rows). */
  stockSum: z.number(),
  order_type: z.string(),
  takeoff_from_stock: z.boolean(),
  /** Completion percent of the order line (kept by the orders area). */
  tamamlanmaOrani: z.number(),
  toplamTL: z.number(),
  toplamDoviz: z.number(),
  toplamKdvTL: z.number(),
  toplamKdvDoviz: z.number(),
});
export type OfferItem = z.infer<typeof offerItemSchema>;

const totalsOut = { teklif_tutartl: z.number(), teklif_tutardoviz: z.number(), teklif_kdvtl: z.number(), teklif_kdvdoviz: z.number(), teklif_gtoplamtl: z.number(), teklif_gtoplamdoviz: z.number() };

export const offerSchema = z.object({
  /** For staff: the full /ordertracking/{offerId}/{companyId}/{token} address (offers with a company). */
  orderTrackingUrl: z.string().optional(),
  _id: z.string(),
  firma_id: z.string().nullable(),
  firma_adi: z.string(),
  firma_adres: z.string(),
  firma_ilce: z.string(),
  firma_il: z.string(),
  firma_ulke: z.string(),
  firma_eposta: z.string(),
  buyer_phone: z.string(),
  related_person: z.string(),
  teklif_tarihi: z.string(),
  teklif_konu: z.string(),
  teklif_notu: z.string(),
  teklif_altbilgi: z.string(),
  teklif_no: z.string(),
  teklif_referansno: z.string(),
  teklif_durumu: z.number(),
  teklif_dovizi: z.string(),
  teklif_usdkur: z.number().nullable(),
  teklif_eurkur: z.number().nullable(),
  teklif_tarih: z.boolean(),
  teklif_kase: z.boolean(),
  teklif_kaseimza: z.boolean(),
  commercial_invoice: z.boolean(),
  invoice_type: z.number(),
  teklif_sevkadresi: z.string(),
  orderTrackingEmail: z.string(),
  offer_creator_user: z.string(),
  offer_modified_user: z.string(),
  /** 'office' or 'web' (a request from the public catalogue). */
  source: z.string(),
  /** When the offer last became an order (status 1). */
  siparis_tarihi: z.string().nullable(),
  created_date: z.string(),
  modified_date: z.string(),
  ...totalsOut,
  offeritem: z.array(offerItemSchema),
  __v: z.number(),
});
export type Offer = z.infer<typeof offerSchema>;

/** A row of the offer list (no items: a page may hold 1000 offers). */
export const offerListRowSchema = offerSchema.pick({
  _id: true, firma_id: true, firma_adi: true, related_person: true, teklif_tarihi: true, teklif_konu: true, teklif_no: true, teklif_referansno: true,
  teklif_durumu: true, teklif_dovizi: true, offer_creator_user: true, source: true, siparis_tarihi: true, created_date: true, __v: true,
  teklif_tutartl: true, teklif_tutardoviz: true, teklif_kdvtl: true, teklif_kdvdoviz: true, teklif_gtoplamtl: true, teklif_gtoplamdoviz: true,
}).extend({ itemCount: z.number() });
export type OfferListRow = z.infer<typeof offerListRowSchema>;

const sumsOut = z.object({ tutar: z.number(), kdv: z.number(), gtoplam: z.number() });
/** Totals of every offer the filter matches (all pages): in lira, and per offer currency. */
export const offerListTotalsSchema = z.object({
  tl: sumsOut,
  currencies: z.array(sumsOut.extend({ currency: z.string(), count: z.number() })),
});
export type OfferListTotals = z.infer<typeof offerListTotalsSchema>;

export const offerListSchema = z.object({
  offers: z.array(offerListRowSchema), page: z.number(), totalPage: z.number(), totalItemCount: z.number(), totals: offerListTotalsSchema,
  /**
   * Present (true) only when a search matched more offers than it counts (ADR 0054): totalItemCount is then a lower
   * bound (at least SEARCH_COUNT_CAP, or one page past the page asked for), totalPage the pages known to exist, and the
   * totals are not computed (zero, no currencies).
   */
  total_capped: z.boolean().optional().describe('true: a search matched more offers than were counted; totalItemCount is a lower bound and totals are not computed (ADR 0054)'),
});
export type OfferList = z.infer<typeof offerListSchema>;

/** An entry of the company's offer history (spec 000 2.9). */
export const companyOfferSchema = offerSchema.pick({
  _id: true, teklif_no: true, teklif_tarihi: true, siparis_tarihi: true, teklif_durumu: true, teklif_dovizi: true, teklif_konu: true,
  teklif_tutartl: true, teklif_tutardoviz: true, teklif_kdvtl: true, teklif_kdvdoviz: true, teklif_gtoplamtl: true, teklif_gtoplamdoviz: true,
}).extend({
  offeritem: z.array(offerItemSchema.pick({ _id: true, urun_adi: true, urun_kodu: true, urun_miktari: true, urun_birimi: true, urun_fiyati: true, urun_dovizi: true, toplamTL: true, toplamDoviz: true, toplamKdvTL: true, toplamKdvDoviz: true })),
});
export type CompanyOffer = z.infer<typeof companyOfferSchema>;
export const companyOfferListSchema = z.object({ offers: z.array(companyOfferSchema), page: z.number(), totalPage: z.number(), totalItemCount: z.number() });
export type CompanyOfferList = z.infer<typeof companyOfferListSchema>;
