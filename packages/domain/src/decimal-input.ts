import { z } from 'zod';
import { dec, readDecimal } from './money.js';
import type { MessageKey } from './messages.js';

/**
 * Every decimal field of every request (docs/decisions/0035-decimal-input.md): a JSON number, a canonical string
 * ('1234.56') or a Turkish one as the forms show it ('1.234,56') is read by `readDecimal`, one way; what does not
 * read is refused naming the field (`number.unreadable.<label>`), and a value out of the field's range with the field's
 * own message. Nothing else reads a number from a request.
 */
/** What a field holds, for the message of text that reads as no number (`number.unreadable.<label>`). */
export type NumberLabel = 'qty' | 'price' | 'vat' | 'rate' | 'value';
const unreadable = (label: NumberLabel): MessageKey => `number.unreadable.${label}`;

export interface DecimalFieldOptions {
  /** The field's own message: a value out of range (and a blank one when blanks are refused). */
  key: MessageKey;
  /** Names the field in the "not a number" message. */
  label: NumberLabel;
  /** Decimals kept: more are rounded half up (before the range is checked). */
  places: number;
  /** Smallest value allowed (inclusive). */
  min?: number;
  /** The value must be above 0 (after rounding). */
  positive?: boolean;
  /** Largest value allowed (inclusive). */
  max: number;
  /** Message of a value under `min` (other than 0), when it differs from `key` (a delivery's "at least 1"). */
  minKey?: MessageKey;
}

/**
 * Reads a value as the field's rules allow: a canonical decimal string rounded to `places`, or the refusal.
 * Blank values are the caller's (see decimalField's `blank`).
 */
export function checkDecimal(v: unknown, o: DecimalFieldOptions): { ok: true; value: string } | { ok: false; message: MessageKey } {
  const text = readDecimal(v);
  if (text === null) return { ok: false, message: unreadable(o.label) };
  const d = dec(text).toDecimalPlaces(o.places);
  // 0 where the least is above 0 is no value at all: the field's own message ('Write the quantity'), not minKey.
  if (o.min !== undefined && d.lt(o.min)) return { ok: false, message: d.isZero() ? o.key : o.minKey ?? o.key };
  if ((o.positive && d.lte(0)) || d.gt(o.max)) return { ok: false, message: o.key };
  return { ok: true, value: d.isZero() ? '0' : d.toFixed() };
}

const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A decimal field of a request body: answers the value as a canonical decimal string ('1234.56'), kept exact for
 * numeric columns (`.transform(Number)` where a number is wanted). `blank` says what null, '' or spaces mean:
 * refused with the field's message (default), or the given value ('0', null).
 */
export function decimalField(o: DecimalFieldOptions): z.ZodType<string, number | string | null>;
export function decimalField<B extends string | null>(o: DecimalFieldOptions & { blank: B }): z.ZodType<string | B, number | string | null>;
export function decimalField(o: DecimalFieldOptions & { blank?: string | null }): z.ZodType<string | null, number | string | null> {
  return z.union([z.number(), z.string(), z.null()], { error: o.key }).transform((v, ctx) => {
    if (isBlank(v) && o.blank !== undefined) return o.blank;
    if (isBlank(v)) {
      ctx.addIssue({ code: 'custom', message: o.key });
      return z.NEVER;
    }
    const r = checkDecimal(v, o);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }
    return r.value;
  });
}

/**
 * An integer choice field (an offer's status, an invoice type, a delivery's status, a user's role): only one of
 * the listed values, as a JSON number or as the exact integer text ('2'). `[]`, null, true, '', ' 2', '-0',
 * '2.0', '5e-400', 2.5 are refused with the field's message.
 */
export function intChoice<const T extends readonly number[]>(values: T, key: MessageKey) {
  return z.union([z.number(), z.string()], { error: key }).transform((v, ctx): T[number] => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^(?:0|[1-9]\d{0,8})$/.test(v) ? Number(v) : Number.NaN;
    if (!values.includes(n) || Object.is(n, -0)) {
      ctx.addIssue({ code: 'custom', message: key });
      return z.NEVER;
    }
    return n;
  });
}

/**
 * A whole-number field read like a decimal one (readDecimal: 12, '12', '1.200,0'); a fraction or a value outside
 * min..max is refused with the field's message. Text with a point and no comma ('1.000': 1 or 1000?) reads as no
 * number here. `blank` as in decimalField.
 */
export function wholeNumberField(o: { key: MessageKey; label: NumberLabel; min: number; max: number }): z.ZodType<number, number | string | null>;
export function wholeNumberField<B extends number | null>(o: { key: MessageKey; label: NumberLabel; min: number; max: number; blank: B }): z.ZodType<number | B, number | string | null>;
export function wholeNumberField(o: { key: MessageKey; label: NumberLabel; min: number; max: number; blank?: number | null }): z.ZodType<number | null, number | string | null> {
  return z.union([z.number(), z.string(), z.null()], { error: o.key }).transform((v, ctx) => {
    if (isBlank(v) && o.blank !== undefined) return o.blank;
    // '1.000' in a whole-number field is canonical 1 or Turkish 1000: text with a point and no comma is refused.
    const ambiguous = typeof v === 'string' && v.includes('.') && !v.includes(',');
    const text = isBlank(v) || ambiguous ? null : readDecimal(v);
    if (text === null && !isBlank(v)) {
      ctx.addIssue({ code: 'custom', message: unreadable(o.label) });
      return z.NEVER;
    }
    const n = text === null ? Number.NaN : Number(text);
    if (!Number.isInteger(n) || n < o.min || n > o.max) {
      ctx.addIssue({ code: 'custom', message: o.key });
      return z.NEVER;
    }
    return n === 0 ? 0 : n;
  });
}
