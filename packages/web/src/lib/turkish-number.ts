/**
 * Reading numbers the way the app writes them (docs/web-client.md, "Number fields"): a dot groups thousands,
 * a comma starts the decimals. Accepted:
 *
 *   1.234,56   1234,56   1500   1.500 (= 1500)   1.234.567   0,5   ,5   -12,5 (when negatives are allowed)
 *
 * Refused, with a reason (the field says why instead of guessing):
 *   1234.56 and 1.5 - a dot that is not a thousands group (three digits) would be read as a decimal point by
 *   some users and as a thousands separator by others; the app never writes it, so it is refused ('dot').
 *   1,234.56 - English grouping ('dot').  12a, 1,2,3, 1..2 ('invalid').
 *   More decimals than the field keeps ('decimals'), a comma in a whole-number field ('integer'), a minus where
 *   negatives are not allowed ('negative'), below min or above max ('min', 'max'): nothing is rounded or
 *   clamped silently.
 */
export type NumberProblem = 'invalid' | 'dot' | 'decimals' | 'integer' | 'negative' | 'min' | 'max';

export interface NumberRules {
  /** Decimal places the field keeps; more are refused. Undefined: any. */
  decimalScale?: number;
  /** False: a whole number only. */
  allowDecimal?: boolean;
  /** False: no minus sign. Default true. */
  allowNegative?: boolean;
  min?: number;
  max?: number;
}

export type ParsedNumber =
  | { ok: true; value: number | null }
  | { ok: false; problem: NumberProblem; limit?: number };

const GROUPED = /^\d{1,3}(\.\d{3})+$/;
const PLAIN = /^\d+$/;

/** Parses the text of a number field; empty text is `{ ok: true, value: null }`. */
export function parseTurkishNumber(text: string, rules: NumberRules = {}): ParsedNumber {
  let s = text.trim().replace(/\s+/g, '');
  if (s === '') return { ok: true, value: null };
  let negative = false;
  if (s.startsWith('-') || s.startsWith('\u2212')) {
    negative = true;
    s = s.slice(1);
  }
  const commas = s.split(',').length - 1;
  if (commas > 1) return { ok: false, problem: 'invalid' };
  const [intPart, fracPart = ''] = s.split(',');
  if (fracPart !== '' && !PLAIN.test(fracPart)) return { ok: false, problem: fracPart.includes('.') ? 'dot' : 'invalid' };
  let digits: string;
  if (intPart === '') {
    if (commas === 0 || fracPart === '') return { ok: false, problem: 'invalid' };
    digits = '0';
  } else if (PLAIN.test(intPart)) digits = intPart;
  else if (GROUPED.test(intPart)) digits = intPart.replaceAll('.', '');
  else if (/^[\d.]+$/.test(intPart)) return { ok: false, problem: 'dot' };
  else return { ok: false, problem: 'invalid' };

  if (negative && rules.allowNegative === false) return { ok: false, problem: 'negative' };
  if (fracPart !== '' && rules.allowDecimal === false) return { ok: false, problem: 'integer' };
  if (rules.decimalScale !== undefined && fracPart.length > rules.decimalScale) {
    return rules.decimalScale === 0 ? { ok: false, problem: 'integer' } : { ok: false, problem: 'decimals', limit: rules.decimalScale };
  }
  const value = Number(`${negative ? '-' : ''}${digits}${fracPart ? `.${fracPart}` : ''}`);
  if (!Number.isFinite(value)) return { ok: false, problem: 'invalid' };
  if (rules.min !== undefined && value < rules.min) return { ok: false, problem: 'min', limit: rules.min };
  if (rules.max !== undefined && value > rules.max) return { ok: false, problem: 'max', limit: rules.max };
  return { ok: true, value: value === 0 ? 0 : value };
}

/**
 * Writes a number the way the field shows it when it is not being edited: dot thousands, comma decimals,
 * `decimals` places when fixed, else as many as the value has (up to 10).
 */
export function formatFieldNumber(value: number, options: { decimalScale?: number; fixedDecimalScale?: boolean; thousands?: boolean } = {}): string {
  if (!Number.isFinite(value)) return '';
  const { decimalScale, fixedDecimalScale = false, thousands = true } = options;
  const max = decimalScale ?? 10;
  return new Intl.NumberFormat('tr-TR', {
    useGrouping: thousands,
    minimumFractionDigits: fixedDecimalScale ? max : 0,
    maximumFractionDigits: max,
  }).format(value);
}
