import {
  deliveryInputSchema, dec, isDecimal, NEW_DELIVERY_DEFAULTS, type CompanyDeliveryType, type DeliveryInput, type MessageKey,
} from '@isik/domain';

/** The new-delivery modal's values (spec 000 4 defaults); `max` is the picked item's stock sum. */
export interface DeliveryFormValues {
  component_type: CompanyDeliveryType;
  product_id: string;
  productname: string;
  qty: number | string;
  unit: string;
  price: number | string;
  doviz: string;
  description: string;
  status: number;
  statusdescription: number;
  deliverer: string;
  receiver: string;
  /** YYYY-MM-DD as the date input answers it. */
  date: string;
  max: number | null;
}
export type DeliveryField = keyof DeliveryFormValues;

export const todayIso = (now = new Date()) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
};

export function newDeliveryValues(deliverer: string, now = new Date()): DeliveryFormValues {
  const d = NEW_DELIVERY_DEFAULTS;
  return {
    component_type: d.component_type, product_id: '', productname: '', qty: d.qty, unit: d.unit, price: d.price, doviz: d.doviz,
    description: '', status: d.status, statusdescription: d.statusdescription, deliverer, receiver: '', date: todayIso(now), max: null,
  };
}

/** What a picked product or material fills in (spec 000 4): item, unit, price, currency, max; qty back to 1. */
export interface PickedItem { type: 'product' | 'material'; id: string; name: string; unit: string; price: number; doviz: string; stock: number }
export function applyPicked(values: DeliveryFormValues, p: PickedItem): DeliveryFormValues {
  return { ...values, component_type: p.type, product_id: p.id, productname: p.name, unit: p.unit, price: p.price, doviz: p.doviz, max: p.stock, qty: 1 };
}

/** Back to a free-text line. */
export function clearPicked(values: DeliveryFormValues): DeliveryFormValues {
  return { ...values, component_type: 'default', product_id: '', productname: '', max: null };
}

/** Today's date is sent as 'now' so the list keeps the order in which deliveries were made. */
export function toDeliveryBody(v: DeliveryFormValues, companyId: string, now = new Date()): DeliveryInput {
  return {
    company_id: companyId, component_type: v.component_type, product_id: v.product_id, productname: v.productname,
    qty: v.qty === '' ? '' : String(v.qty), unit: v.unit, price: v.price === '' ? null : String(v.price), doviz: v.doviz,
    description: v.description, status: v.status, statusdescription: v.statusdescription, deliverer: v.deliverer, receiver: v.receiver,
    date: v.date === todayIso(now) ? now.toISOString() : v.date,
  };
}

/**
 * The server's rules, checked before sending (the same domain schema and messages), plus the stock limit
 * of a picked item. Answers message keys per field.
 */
export function validateDelivery(v: DeliveryFormValues, companyId: string): Partial<Record<DeliveryField | 'company_id', MessageKey>> {
  const errors: Partial<Record<DeliveryField | 'company_id', MessageKey>> = {};
  const parsed = deliveryInputSchema.safeParse(toDeliveryBody(v, companyId));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'qty') as DeliveryField;
      if (!(field in errors)) errors[field] = issue.message as MessageKey;
    }
  }
  if (!errors.qty && v.component_type !== 'default' && v.max !== null && isDecimal(v.qty) && dec(v.qty).gt(v.max)) errors.qty = 'delivery.qty.max';
  return errors;
}
