import { z } from 'zod';
import { EMAIL_RE, PAGE_SIZES, versionSchema } from './common.js';
import { parseDateInput } from './format.js';
import { UNITS } from './catalogue.js';
import { CURRENCIES, dec, rateFor, round2, type DecimalInput, type Rates } from './money.js';
import { decimalField, intChoice } from './decimal-input.js';
import { receiptSchema } from './buying-receipts.js';

/**
 * Purchase requests (spec 001 2.11, 3.8, 4.2, 7, 9; DECISIONS 6): a material asked of a supplier. The
 * status only moves forward (0 Request, 1 Order, 2 Control, 3 Completed; 4 Canceled from any); reaching 3
 * puts the material into stock once (giris, fatura, at the request's price and currency), cancelling a
 * completed request writes the reversal. Totals are the server's, computed here.
 */

// ------------------------------------------------------------------ constants

export const BUYING_STATUSES = [0, 1, 2, 3, 4] as const;
export type BuyingStatus = (typeof BUYING_STATUSES)[number];
export const BUYING_REQUEST = 0;
export const BUYING_ORDER = 1;
export const BUYING_CONTROL = 2;
export const BUYING_COMPLETED = 3;
export const BUYING_CANCELED = 4;
/** Translation keys of the labels (spec 001 4.2: buyingStatus0 … buyingStatus4). */
export const BUYING_STATUS_KEYS = BUYING_STATUSES.map((s) => `buyingStatus${s}`);
/** Tag colours of the statuses on the screen. */
export const BUYING_STATUS_COLORS: Record<BuyingStatus, string> = { 0: 'red', 1: 'blue', 2: 'yellow', 3: 'green', 4: 'dark' };
/** Only these statuses may be deleted (a completed request is cancelled first, which writes the reversal). */
export const BUYING_DELETABLE: readonly BuyingStatus[] = [BUYING_REQUEST, BUYING_CANCELED];
/** Spec 001 9: buying lists 12 rows by default; options 6 … 100. */
export const BUYING_PAGE_SIZE = 12;
export const BUYING_PAGE_SIZES = PAGE_SIZES;
/** Quantities are typed with 2 decimals, the buying price with 4 (spec 001 5, 9). */
export const BUYING_QTY_PLACES = 2;
export const BUYING_PRICE_PLACES = 4;
export const BUYING_RATE_PLACES = 6;
/** Sort columns of the list (the documented call answers newest request first). */
export const BUYING_SORTS = ['talep_tarihi', 'siparis_tarihi', 'teslim_tarihi', 'material_name', 'tedarikci_adi', 'TL_TotalPrice', 'satinalma_durumu'] as const;
export type BuyingSort = (typeof BUYING_SORTS)[number];
/** Foreign currencies whose totals the list sums separately. */
export const BUYING_FOREIGN_CURRENCIES = ['$', '€'] as const;

// ------------------------------------------------------------------ rules

/**
 * The statuses the edit modal offers (spec 001 4.2): each status at or above the current one, and 4
 * Canceled always. A canceled request offers only 4: it is closed.
 */
export function buyingStatusOptions(current: number): BuyingStatus[] {
  return BUYING_STATUSES.filter((s) => s === BUYING_CANCELED || (current !== BUYING_CANCELED && s >= current));
}

/** Whether a request may go from `from` to `to` (staying is always fine). */
export function canMoveBuying(from: number, to: number): boolean {
  return from === to || buyingStatusOptions(from).includes(to as BuyingStatus);
}

/** Whether a move puts the material into stock (reaching 3) or takes it out again (3 to 4). */
export function buyingStockEffect(from: number, to: number): 'in' | 'reverse' | null {
  if (from < BUYING_COMPLETED && to === BUYING_COMPLETED) return 'in';
  if (from === BUYING_COMPLETED && to === BUYING_CANCELED) return 'reverse';
  return null;
}

/** The rate a currency converts with (rateFor): 1 for lira, the request's USD or EUR rate, or null when it is missing. */
export function buyingRateOf(doviz: string, rates: Rates): string | null {
  return rateFor(doviz, rates)?.toFixed() ?? null;
}

export interface BuyingTotals {
  /** qty x price in the request's currency; null for lira (no foreign total). */
  Doviz_TotalPrice: number | null;
  /** qty x price x rate in lira; null only when the amount is not zero and the needed rate is missing. */
  TL_TotalPrice: number | null;
}

/**
 * Spec 001 9: foreign total = qty x price (none when ₺); lira total = qty x price x rate (₺ rate 1).
 * Decimal arithmetic; each total is the exact product rounded once to 2 decimals, half up.
 */
export function buyingTotals(qty: DecimalInput, price: DecimalInput, doviz: string, rates: Rates): BuyingTotals {
  const amount = dec(qty).times(dec(price));
  const rate = buyingRateOf(doviz, rates);
  return {
    Doviz_TotalPrice: doviz === '₺' ? null : round2(amount),
    TL_TotalPrice: rate !== null ? round2(amount.times(rate)) : amount.isZero() ? 0 : null,
  };
}

/** Sums of a list's totals: lira, and each foreign currency apart ($ and € are never added together). */
export interface BuyingSums { count: number; TL_TotalPrice: number; Doviz_TotalPrice: Record<(typeof BUYING_FOREIGN_CURRENCIES)[number], number> }

// ------------------------------------------------------------------ inputs

const text = (max: number) => z.union([z.string().max(max, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' })
  .transform((v) => (v ?? '').trim());

const email = z.union([z.string().max(200, { error: 'error.tooLong' }), z.null()], { error: 'buying.email.invalid' })
  .transform((v) => (v ?? '').trim()).refine((v) => v === '' || EMAIL_RE.test(v), { error: 'buying.email.invalid' });

/** An id, or an object carrying `_id` (a client may send the picked record), or empty. */
const ref = (key: 'buying.material.required' | 'buying.supplier.unknown') =>
  z.union([z.string().max(64, { error: 'error.tooLong' }), z.object({ _id: z.string().max(64) }).loose().transform((o) => o._id), z.null()], { error: key })
    .transform((v) => (v ?? '').trim());

const qtyInput = decimalField({ key: 'buying.qty.invalid', label: 'qty', places: BUYING_QTY_PLACES, positive: true, max: 1e10 });
const priceInput = decimalField({ key: 'buying.price.invalid', label: 'price', places: BUYING_PRICE_PLACES, min: 0, max: 1e11 });
/** A rate: a positive number, or empty/null (or 0) for "not known". */
const rateInput = decimalField({ key: 'buying.rate.invalid', label: 'rate', places: BUYING_RATE_PLACES, min: 0, max: 1e6, blank: null })
  .transform((v, ctx) => {
    if (v === '0') return null;
    if (v !== null && Number(v) <= 0) {
      ctx.addIssue({ code: 'custom', message: 'buying.rate.invalid' });
      return z.NEVER;
    }
    return v;
  });
/** A purchase's date field: DD.MM.YYYY, ISO or epoch ms; empty or null clears it (also the order's requested date). */
export const buyingDateInput = z.union([z.string().max(40), z.number(), z.null()], { error: 'buying.date.invalid' }).transform((v, ctx) => {
  if (v === null || v === '') return null;
  const d = parseDateInput(v);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: 'buying.date.invalid' });
    return z.NEVER;
  }
  return d;
});
const dateInput = buyingDateInput;
const statusInput = intChoice(BUYING_STATUSES, 'buying.status.invalid');
const unitInput = z.union([z.string(), z.null()], { error: 'catalogue.unit.invalid' }).transform((v) => (v ?? '').trim())
  .refine((v) => v === '' || (UNITS as readonly string[]).includes(v), { error: 'catalogue.unit.invalid' });
const currencyInput = z.union([z.string(), z.null()], { error: 'catalogue.currency.invalid' }).transform((v) => (v ?? '').trim())
  .refine((v) => v === '' || (CURRENCIES as readonly string[]).includes(v), { error: 'catalogue.currency.invalid' });

/**
 * The fields a client may send. Names, category, group and totals are the server's: the material's
 * name, category and group are copied from the material, the totals computed; sent values are ignored.
 * Empty unit, price or currency take the material's; missing rates the last stored bulletin's selling rates.
 */
const fields = {
  tedarikci_id: ref('buying.supplier.unknown'),
  tedarikci_adi: text(300),
  tedarikci_eposta: email,
  material_id: ref('buying.material.required'),
  material_qty: qtyInput,
  material_unit: unitInput,
  material_price: priceInput,
  material_doviz: currencyInput,
  USD_Kur: rateInput,
  EUR_Kur: rateInput,
  satinalma_durumu: statusInput,
  /** Ignored: the server gives the order number (ADR 0040); kept so older clients that send it still work. */
  siparis_no: text(100),
  siparis_notu: text(2000),
  siparis_tarihi: dateInput,
  talep_tarihi: dateInput,
  teslim_tarihi: dateInput,
  /** The delivery date asked of the supplier (the purchase order prints it; ADR 0040). */
  termin_tarihi: dateInput,
  related_person: text(200),
  related_person_email: email,
};

/**
 * POST /buying/create/. The component list (spec 001 7) sends only siparis_notu, material_id, material_name,
 * material_group, material_category, material_qty, material_unit, satinalma_durumu (0) and related_person.
 */
export const buyingInputSchema = z.object(fields, { error: 'error.invalidType' }).partial().extend({
  material_id: fields.material_id.pipe(z.string().min(1, { error: 'buying.material.required' })),
  material_qty: fields.material_qty.default('1'),
  satinalma_durumu: fields.satinalma_durumu.default(0),
});
export type BuyingInput = z.input<typeof buyingInputSchema>;
export type BuyingData = z.output<typeof buyingInputSchema>;

/**
 * POST /buying/update/{id}: the full buying object (spec 001 7) or only the fields to change; fields left
 * out keep their stored values. `__v` is optional: sent and stale answers 409; left out, the update applies.
 */
export const buyingUpdateSchema = z.object(fields, { error: 'error.invalidType' }).partial().extend({
  material_id: fields.material_id.pipe(z.string().min(1, { error: 'buying.material.required' })).optional(),
  __v: versionSchema,
});
export type BuyingUpdateInput = z.input<typeof buyingUpdateSchema>;
export type BuyingUpdateData = z.output<typeof buyingUpdateSchema>;

const filterInput = z.union([z.string().max(4), z.number()], { error: 'buying.filter.invalid' }).optional().transform((v, ctx) => {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 4) {
    ctx.addIssue({ code: 'custom', message: 'buying.filter.invalid' });
    return z.NEVER;
  }
  return n;
});

/**
 * GET /buying/list?filter1=&filter2= (spec 001 7): a status range from/to. Without page and pageSize it
 * answers the whole filtered list; with them one page of it (ADR 0023). search matches material, supplier,
 * order number, note, person, category and group.
 */
export const buyingListQuerySchema = z.object({
  filter1: filterInput,
  filter2: filterInput,
  page: z.coerce.number({ error: 'error.invalidType' }).int({ error: 'error.invalidType' }).min(1, { error: 'error.invalidType' }).max(1e6).optional(),
  pageSize: z.coerce.number({ error: 'error.invalidType' }).int({ error: 'error.invalidType' }).min(1, { error: 'error.invalidType' }).max(1000, { error: 'error.pageSize.max' }).optional(),
  search: z.string().max(200, { error: 'error.tooLong' }).optional(),
  orderBy: z.enum(BUYING_SORTS, { error: 'error.invalidType' }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'error.invalidType' }).optional(),
});
export type BuyingListQuery = z.input<typeof buyingListQuerySchema>;
export type BuyingListArgs = z.output<typeof buyingListQuerySchema>;

// ------------------------------------------------------------------ answers

export const buyingSchema = z.object({
  _id: z.string(),
  tedarikci_id: z.string().nullable(),
  tedarikci_adi: z.string(),
  tedarikci_eposta: z.string(),
  material_id: z.string(),
  material_name: z.string(),
  material_category: z.string(),
  material_group: z.string(),
  material_qty: z.number(),
  material_unit: z.string(),
  material_doviz: z.string(),
  material_price: z.number(),
  USD_Kur: z.number().nullable(),
  EUR_Kur: z.number().nullable(),
  Doviz_TotalPrice: z.number().nullable(),
  TL_TotalPrice: z.number().nullable(),
  satinalma_durumu: z.number(),
  siparis_no: z.string(),
  siparis_notu: z.string(),
  siparis_tarihi: z.string().nullable(),
  talep_tarihi: z.string().nullable(),
  teslim_tarihi: z.string().nullable(),
  termin_tarihi: z.string().nullable(),
  creator_user: z.string(),
  created_date: z.string(),
  modified_user: z.string(),
  modified_date: z.string().nullable(),
  related_person: z.string(),
  related_person_email: z.string(),
  /** The stock entry the request made on reaching 3 (null before). */
  movement_id: z.string().nullable(),
  /** Received so far and still due (ADR 0045: due is 0 once canceled); the detail also lists the receipts. */
  received: z.number(),
  due: z.number(),
  receipts: z.array(receiptSchema).optional(),
  __v: z.number(),
});
export type Buying = z.infer<typeof buyingSchema>;
export const buyingListSchema = z.array(buyingSchema);

/** GET /buying/totals: how many requests the filters select and their sums. */
export const buyingSumsSchema = z.object({
  count: z.number(),
  TL_TotalPrice: z.number(),
  Doviz_TotalPrice: z.object({ $: z.number(), '€': z.number() }),
}) satisfies z.ZodType<BuyingSums>;

/** What a new request starts with (spec 001 4.2). */
export const NEW_BUYING_DEFAULTS = { satinalma_durumu: BUYING_REQUEST, material_qty: 1, material_unit: 'Adet', material_price: 0, material_doviz: '$' } as const;
