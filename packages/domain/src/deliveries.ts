import { z } from 'zod';
import { versionSchema } from './common.js';
import { parseDateInput } from './format.js';
import { DEFAULT_UNIT, UNITS } from './catalogue.js';
import { CURRENCIES, DEFAULT_CURRENCY, lineTotal, type DecimalInput } from './money.js';
import { decimalField, intChoice } from './decimal-input.js';

/**
 * Company deliveries (spec 000 2.9, 3 Delivery, 4, 5; DECISIONS 6): samples and warranty replacements
 * handed to a company. A product or material delivery takes the item out of stock (cikis, teslimat);
 * deleting it writes the reversal. Order deliveries (order_id) belong to the orders area.
 */

/** 0 open, 1 partly closed (elsewhere 'invoiced'), 2 closed. */
export const DELIVERY_STATUSES = [0, 1, 2] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** 0 none, 1 invoiced, 2 collected, 3 free sample, 4 under warranty; shown only when the status is not 0. */
export const DELIVERY_STATUS_DESCRIPTIONS = [0, 1, 2, 3, 4] as const;
export type DeliveryStatusDescription = (typeof DELIVERY_STATUS_DESCRIPTIONS)[number];
/** Every component type a delivery may carry (spec 000 9); the last four come with order deliveries. */
export const DELIVERY_COMPONENT_TYPES = ['default', 'material', 'product', 'production', 'suply', 'takeoff_stock', 'undefined'] as const;
export type DeliveryComponentType = (typeof DELIVERY_COMPONENT_TYPES)[number];
/** What the company detail screen creates: a free-text line (no stock effect), a material or a product. */
export const COMPANY_DELIVERY_TYPES = ['default', 'material', 'product'] as const;
export type CompanyDeliveryType = (typeof COMPANY_DELIVERY_TYPES)[number];
/** Types whose delivery takes the item out of stock. */
export const STOCK_DELIVERY_TYPES: readonly CompanyDeliveryType[] = ['material', 'product'];
/** Quantity of a delivery: min 1 (spec 000 5), 2 decimals. */
export const DELIVERY_QTY_MIN = 1;
export const DELIVERY_QTY_PLACES = 2;
/** The path segment standing for "no product" in the delete call of a free-text delivery. */
export const DELIVERY_NO_PRODUCT = '-';

/** Spec 000 4: what a new delivery starts with (date and deliverer are filled in by the screen). */
export const NEW_DELIVERY_DEFAULTS = {
  status: 0 as DeliveryStatus,
  statusdescription: 0 as DeliveryStatusDescription,
  qty: 1,
  unit: DEFAULT_UNIT,
  price: 1,
  sumPrice: 1,
  doviz: DEFAULT_CURRENCY,
  component_type: 'default' as CompanyDeliveryType,
};

/** Total of a delivery: qty x price, rounded half up to 2 decimals. */
export function deliveryTotal(qty: DecimalInput, price: DecimalInput): number {
  return lineTotal(qty, price);
}

/** The status description is meaningless while the delivery is open: it is 0 then. */
export function effectiveStatusDescription(status: number, description: number): number {
  return status === 0 ? 0 : description;
}

// ------------------------------------------------------------------ inputs

const text = (max: number) => z.union([z.string().max(max, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' })
  .optional().transform((v) => (v ?? '').trim());

const qtyInput = decimalField({ key: 'delivery.qty.required', minKey: 'delivery.qty.min', label: 'qty', places: DELIVERY_QTY_PLACES, min: DELIVERY_QTY_MIN, max: 1e9 });
const priceInput = decimalField({ key: 'delivery.price.invalid', label: 'price', places: 2, min: 0, max: 1e11 });

const dateInput = z.union([z.string().max(40), z.number(), z.null()], { error: 'delivery.date.invalid' }).optional().transform((v, ctx) => {
  if (v === null || v === undefined || v === '') return undefined;
  const d = parseDateInput(v);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: 'delivery.date.invalid' });
    return z.NEVER;
  }
  return d;
});

const statusInput = intChoice(DELIVERY_STATUSES, 'delivery.status.invalid');
const statusDescriptionInput = intChoice(DELIVERY_STATUS_DESCRIPTIONS, 'delivery.statusdescription.invalid');

const companyRef = z.union([z.string(), z.null()], { error: 'delivery.company.required' }).optional()
  .transform((v) => (v ?? '').trim()).pipe(z.string().min(1, { error: 'delivery.company.required' }).max(64, { error: 'error.tooLong' }));

/**
 * POST /deliveried/create. For 'product' and 'material' the server copies name and unit from the item and
 * checks the quantity against its stock; 'default' is a free-text line (productname required, no stock effect).
 */
export const deliveryInputSchema = z.object({
  company_id: companyRef,
  component_type: z.union([z.string(), z.null()], { error: 'delivery.type.invalid' }).optional()
    .transform((v) => (v ?? '').trim() || 'default').pipe(z.enum(COMPANY_DELIVERY_TYPES, { error: 'delivery.type.invalid' })),
  product_id: text(64),
  productname: text(300),
  qty: qtyInput,
  unit: z.union([z.string(), z.null()], { error: 'catalogue.unit.invalid' }).optional()
    .transform((v) => (v ?? '').trim() || DEFAULT_UNIT).pipe(z.enum(UNITS, { error: 'catalogue.unit.invalid' })),
  price: priceInput,
  doviz: z.union([z.string(), z.null()], { error: 'catalogue.currency.invalid' }).optional()
    .transform((v) => (v ?? '').trim() || DEFAULT_CURRENCY).pipe(z.enum(CURRENCIES, { error: 'catalogue.currency.invalid' })),
  description: text(1000),
  status: statusInput.default(0),
  statusdescription: statusDescriptionInput.default(0),
  deliverer: text(200),
  receiver: text(200),
  date: dateInput,
}, { error: 'error.invalidType' }).superRefine((d, ctx) => {
  if (d.component_type === 'default' && !d.productname) ctx.addIssue({ code: 'custom', path: ['productname'], message: 'delivery.productname.required' });
  if (d.component_type !== 'default' && !d.product_id) ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'delivery.product.required' });
});
export type DeliveryInput = z.input<typeof deliveryInputSchema>;
export type DeliveryData = z.output<typeof deliveryInputSchema>;

/**
 * POST /deliveried/update/{_id}: status, status description, description, receiver, date. The item,
 * quantity and price cannot change (delete the delivery and create it again); when a body carries them they
 * must equal the stored ones.
 */
export const deliveryUpdateSchema = z.object({
  __v: versionSchema,
  status: statusInput.optional(),
  statusdescription: statusDescriptionInput.optional(),
  description: z.union([z.string().max(1000, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' }).optional().transform((v) => (v === null ? '' : v?.trim())),
  receiver: z.union([z.string().max(200, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' }).optional().transform((v) => (v === null ? '' : v?.trim())),
  date: dateInput,
  // Checked against the stored delivery (they cannot change):
  component_type: z.string().max(40).optional().nullable(),
  product_id: z.string().max(64).optional().nullable(),
  qty: z.union([z.number(), z.string().max(40)]).optional().nullable(),
  price: z.union([z.number(), z.string().max(40)]).optional().nullable(),
  company_id: z.string().max(64).optional().nullable(),
}, { error: 'error.invalidType' });
export type DeliveryUpdateInput = z.input<typeof deliveryUpdateSchema>;
export type DeliveryUpdateData = z.output<typeof deliveryUpdateSchema>;

// ------------------------------------------------------------------ answers

export const deliverySchema = z.object({
  _id: z.string(),
  date: z.string(),
  company_id: z.string(),
  company: z.string(),
  product_id: z.string(),
  productname: z.string(),
  order_id: z.string().nullable(),
  orderitem_id: z.string().nullable(),
  qty: z.number(),
  unit: z.string(),
  description: z.string(),
  price: z.number(),
  doviz: z.string(),
  sumPrice: z.number(),
  status: z.number(),
  statusdescription: z.number(),
  deliverer: z.string(),
  receiver: z.string(),
  component_type: z.string(),
  /** The ledger movement the delivery wrote (product and material deliveries). */
  movement_id: z.string().nullable(),
  /** The item's current stock sum (product and material deliveries), else null. */
  max: z.number().nullable(),
  modified_date: z.string().nullable(),
  modified_user: z.string(),
  createdAt: z.string(),
  __v: z.number(),
});
export type Delivery = z.infer<typeof deliverySchema>;
