import {
  DEFAULT_CURRENCY, DEFAULT_UNIT, issuesToFields, materialMovementInputSchema, signedQty,
  type MaterialMovement, type MaterialMovementInput,
} from '@isik/domain';

/** Centres a user may choose for a material (spec 001 4.3: the material view also uses 'teslimat'). */
export const MANUAL_CENTERS = ['fatura', 'ithalat', 'uretim', 'fire', 'teslimat'] as const;

/** What the movement dialog edits. */
export interface MovementFormValues {
  /** YYYY-MM-DD (the date picker's value). */
  operation_date: string;
  operation_center: string;
  operation_type: string;
  qty: number | string;
  unit: string;
  price: number | string;
  doviz: string;
  description: string;
}

export type MovementField = keyof MovementFormValues;
export type MovementErrors = Partial<Record<MovementField | 'stock_id' | 'stock_name', string>>;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Local calendar day as YYYY-MM-DD. */
export function dayOf(value: string | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** DD.MM.YYYY, which the server reads as that calendar day at noon (no time-zone drift). */
export function toServerDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** A stored movement, or the spec's defaults for a new one: today, qty 1, unit Adet, price 0, currency $. */
export function toMovementValues(m?: MaterialMovement | null): MovementFormValues {
  if (!m) {
    return { operation_date: dayOf(new Date()), operation_center: '', operation_type: '', qty: 1, unit: DEFAULT_UNIT, price: 0, doviz: DEFAULT_CURRENCY, description: '' };
  }
  return {
    operation_date: dayOf(m.operation_date),
    operation_center: m.operation_center,
    operation_type: m.operation_type,
    qty: m.qty,
    unit: m.unit || DEFAULT_UNIT,
    price: m.price,
    doviz: m.doviz || DEFAULT_CURRENCY,
    description: m.description,
  };
}

function bodyInput(values: MovementFormValues, stockId: string): MaterialMovementInput {
  return {
    stock_id: stockId,
    operation_date: toServerDate(values.operation_date) || null,
    operation_center: values.operation_center,
    operation_type: values.operation_type,
    qty: values.qty === '' ? null : values.qty,
    unit: values.unit,
    price: values.price === '' ? null : values.price,
    doviz: values.doviz,
    description: values.description,
  };
}

/** Spec 001 section 5 (centre, type, unit price) and the rest of the domain rules: { field: messageKey }. */
export function validateMovement(values: MovementFormValues, stockId: string): MovementErrors {
  const parsed = materialMovementInputSchema.safeParse(bodyInput(values, stockId));
  if (parsed.success) return {};
  return issuesToFields(parsed.error.issues) as MovementErrors;
}

/** The body create and update send; names, sums and the balance are the server's. */
export function toMovementBody(values: MovementFormValues, stockId: string): MaterialMovementInput {
  return bodyInput(values, stockId);
}

/** The balance after this movement would be saved (a new one, or an edit replacing `previous`). */
export function balanceAfter(balance: number, values: MovementFormValues, previous?: MaterialMovement | null): number | null {
  if (values.qty === '' || !values.operation_type) return null;
  try {
    const next = signedQty(values.operation_type, values.qty).toNumber();
    return balance - (previous?.sumQty ?? 0) + next;
  } catch {
    return null;
  }
}
