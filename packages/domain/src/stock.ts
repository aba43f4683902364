import { z } from 'zod';
import { versionSchema } from './common.js';
import { parseDateInput } from './format.js';
import { DEFAULT_UNIT, UNITS } from './catalogue.js';
import { OPERATION_CENTERS, OPERATION_TYPES, operationSign, type OperationType } from './stock-constants.js';
import { CURRENCIES, DEFAULT_CURRENCY, dec, round, sum, type DecimalInput } from './money.js';
import { decimalField } from './decimal-input.js';

/**
 * Stock ledger (spec 001 3.4, 4.3, 5; DECISIONS 5): append-only signed movements of materials
 * (/stock) and products (/productStocks). A balance is always the signed sum of its movements.
 */
/** Who made a movement: only manual ones can be changed or deleted by hand. */
export const MOVEMENT_SOURCES = ['manual', 'production', 'delivery', 'purchase'] as const;
export type MovementSource = (typeof MOVEMENT_SOURCES)[number];
export const MANUAL_PRODUCT_MOVEMENT = 'Manuel Stok Hareketi';
export const PRODUCT_STOCK_LIST_MAX = 1000;
export const STOCK_PAGE_SIZE = 50;
/** Quantities and unit prices keep 4 decimals; signed totals (sumPrice) 2. */
export const QTY_PLACES = 4;
export const PRICE_PLACES = 4;

/** +qty for giris (in), -qty for cikis (out): the sign of OPERATION_SIGNS. */
export function signedQty(type: OperationType | string, qty: DecimalInput) {
  return dec(qty).abs().times(operationSign(type));
}

/** sumQty and sumPrice of a movement, signed like its type; sumPrice = qty x price rounded to 2 decimals. */
export function movementSums(type: OperationType | string, qty: DecimalInput, price: DecimalInput): { sumQty: string; sumPrice: string } {
  const q = signedQty(type, qty).toDecimalPlaces(QTY_PLACES);
  const p = q.times(dec(price)).toDecimalPlaces(2);
  return { sumQty: q.toFixed(), sumPrice: p.toFixed() };
}

export interface StockSummary { totalIn: number; totalOut: number; balance: number }

/** Total in = sum of entries, total out = absolute sum of exits, balance = in - out (spec 001 4.3). */
export function summarizeMovements(list: readonly { operation_type: string; qty?: DecimalInput; sumQty?: DecimalInput }[]): StockSummary {
  const qtyOf = (m: { qty?: DecimalInput; sumQty?: DecimalInput }) => dec(m.qty ?? m.sumQty).abs();
  const totalIn = sum(list.filter((m) => operationSign(m.operation_type) > 0).map(qtyOf));
  const totalOut = sum(list.filter((m) => operationSign(m.operation_type) < 0).map(qtyOf));
  return { totalIn: round(totalIn, QTY_PLACES), totalOut: round(totalOut, QTY_PLACES), balance: round(totalIn.minus(totalOut), QTY_PLACES) };
}

/**
 * Running totals as the ledger shows them: accumulated ascending by date (then by the order given,
 * i.e. creation order), answered newest first.
 */
export function withRunTotals<T extends { operation_date: string; operation_type: string; qty?: DecimalInput; sumQty?: DecimalInput }>(list: readonly T[]): (T & { runTotal: number })[] {
  const indexed = list.map((m, i) => ({ m, i }));
  indexed.sort((a, b) => (a.m.operation_date < b.m.operation_date ? -1 : a.m.operation_date > b.m.operation_date ? 1 : a.i - b.i));
  let acc = dec(0);
  const out = indexed.map(({ m }) => {
    acc = acc.plus(m.sumQty !== undefined && m.sumQty !== null ? dec(m.sumQty) : signedQty(m.operation_type, m.qty));
    return { ...m, runTotal: round(acc, QTY_PLACES) };
  });
  return out.reverse();
}

// ------------------------------------------------------------------ inputs (spec 001 5)

const textOf = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
const optionalText = (max: number) => z.union([z.string().max(max, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' }).optional().transform((v) => textOf(v));
const optionalRef = () => z.union([z.string().max(64, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' }).optional().transform((v) => (v ? v.trim() || null : null));

/** More than 2 characters, then one of the known values, both with the spec's message. */
const choice = <T extends readonly [string, ...string[]]>(values: T, key: 'stock.center.select' | 'stock.type.select') =>
  z.union([z.string(), z.null()], { error: key }).transform((v) => (v ?? '').trim())
    .pipe(z.string().min(3, { error: key }).pipe(z.enum(values, { error: key })));

const qtyInput = decimalField({ key: 'stock.qty.positive', label: 'qty', places: QTY_PLACES, positive: true, max: 1e10 });
const priceInput = decimalField({ key: 'stock.price.required', label: 'price', places: PRICE_PLACES, positive: true, max: 1e11 });
const dateInput = z.union([z.string().max(40), z.number(), z.null()], { error: 'stock.date.invalid' }).transform((v, ctx) => {
  if (v === null || v === '') return new Date();
  const d = parseDateInput(v);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: 'stock.date.invalid' });
    return z.NEVER;
  }
  return d;
});
const unitInput = z.union([z.string(), z.null()], { error: 'catalogue.unit.invalid' }).transform((v) => (v ?? '').trim() || DEFAULT_UNIT).pipe(z.enum(UNITS, { error: 'catalogue.unit.invalid' }));
const currencyInput = z.union([z.string(), z.null()], { error: 'catalogue.currency.invalid' }).transform((v) => (v ?? '').trim() || DEFAULT_CURRENCY).pipe(z.enum(CURRENCIES, { error: 'catalogue.currency.invalid' }));
/** A copied name: when the body carries one it must have more than 2 characters (the stored one is copied from the record). */
const nameInput = z.union([z.string().max(300, { error: 'error.tooLong' }), z.null()], { error: 'stock.name.short' }).optional()
  .transform((v) => textOf(v)).refine((v) => v === '' || v.length > 2, { error: 'stock.name.short' });

const movementFields = {
  operation_date: dateInput,
  operation_center: choice(OPERATION_CENTERS, 'stock.center.select'),
  operation_type: choice(OPERATION_TYPES, 'stock.type.select'),
  qty: qtyInput,
  unit: unitInput,
  description: optionalText(1000),
  price: priceInput,
  doviz: currencyInput,
  order_id: optionalRef(),
  orderitem_id: optionalRef(),
};

const materialRef = z.union([z.string(), z.object({ _id: z.string() }).loose().transform((m) => m._id)], { error: 'stock.material.required' })
  .transform((v) => v.trim()).pipe(z.string().min(1, { error: 'stock.material.required' }).max(64, { error: 'error.tooLong' }));
const productRef = z.union([z.string(), z.object({ _id: z.string() }).loose().transform((m) => m._id)], { error: 'stock.product.required' })
  .transform((v) => v.trim()).pipe(z.string().min(1, { error: 'stock.product.required' }).max(64, { error: 'error.tooLong' }));

/** A manual material movement (POST /stock/create): names, sums, source and running totals are the server's. */
export const materialMovementInputSchema = z.object({
  ...movementFields,
  stock_id: materialRef,
  stock_name: nameInput,
  operation_date: movementFields.operation_date.optional().transform((v) => v ?? new Date()),
  qty: movementFields.qty.default('1'),
  unit: movementFields.unit.optional(),
  doviz: movementFields.doviz.default(DEFAULT_CURRENCY),
}, { error: 'error.invalidType' });
export const materialMovementUpdateSchema = z.object({ ...movementFields, stock_id: materialRef, stock_name: nameInput }, { error: 'error.invalidType' }).partial().extend({ __v: versionSchema });
export type MaterialMovementInput = z.input<typeof materialMovementInputSchema>;
export type MaterialMovementData = z.output<typeof materialMovementInputSchema>;
export type MaterialMovementUpdateData = z.output<typeof materialMovementUpdateSchema>;

/** A manual product movement (POST /productStocks/create); description defaults to 'Manuel Stok Hareketi'. */
export const productMovementInputSchema = z.object({
  ...movementFields,
  product_id: productRef,
  productname: nameInput,
  operation_date: movementFields.operation_date.optional().transform((v) => v ?? new Date()),
  qty: movementFields.qty.default('1'),
  unit: movementFields.unit.default(DEFAULT_UNIT),
  doviz: movementFields.doviz.default(DEFAULT_CURRENCY),
  description: movementFields.description.transform((v) => v || MANUAL_PRODUCT_MOVEMENT),
}, { error: 'error.invalidType' });
export type ProductMovementInput = z.input<typeof productMovementInputSchema>;
export type ProductMovementData = z.output<typeof productMovementInputSchema>;

// ------------------------------------------------------------------ answers

const common = {
  _id: z.string(),
  order_id: z.string().nullable(),
  orderitem_id: z.string().nullable(),
  /** The record of another area that made the movement (delivery, purchase request, operation). */
  ref_id: z.string().nullable(),
  source: z.enum(MOVEMENT_SOURCES),
  /** The movement this one reverses, if it is a reversal. */
  reverses_id: z.string().nullable(),
  operation_date: z.string(),
  operation_center: z.string(),
  operation_type: z.string(),
  qty: z.number(),
  unit: z.string(),
  description: z.string(),
  price: z.number(),
  doviz: z.string(),
  sumQty: z.number(),
  sumPrice: z.number(),
  runTotal: z.number().optional(),
  person: z.string(),
  date: z.string(),
  __v: z.number(),
};
export const materialMovementSchema = z.object({
  ...common,
  stock_id: z.string(),
  stock_name: z.string(),
  stock_category: z.string(),
  stock_group: z.string(),
});
export const productMovementSchema = z.object({
  ...common,
  product_id: z.string(),
  /** The product's id as well, so one table component serves both ledgers. */
  stock_id: z.string(),
  productname: z.string(),
});
export type MaterialMovement = z.infer<typeof materialMovementSchema>;
export type ProductMovement = z.infer<typeof productMovementSchema>;

const listCommon = {
  page: z.number(),
  totalPage: z.number(),
  totalItemCount: z.number(),
  totalIn: z.number(),
  totalOut: z.number(),
  balance: z.number(),
};
export const materialMovementListSchema = z.object({ stock: z.array(materialMovementSchema), ...listCommon });
export const productMovementListSchema = z.object({ stock: z.array(productMovementSchema), ...listCommon });
export type MaterialMovementList = z.infer<typeof materialMovementListSchema>;
export type ProductMovementList = z.infer<typeof productMovementListSchema>;

/** New stock movement defaults (spec 001 4.3, 9). */
export function emptyMovement(kind: 'material' | 'product') {
  return {
    operation_date: new Date().toISOString(), operation_center: '', operation_type: '', qty: 1, unit: DEFAULT_UNIT, price: 0, doviz: DEFAULT_CURRENCY,
    description: kind === 'product' ? MANUAL_PRODUCT_MOVEMENT : '',
  };
}
