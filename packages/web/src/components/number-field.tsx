import { useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFieldNumber, parseTurkishNumber, type NumberRules } from '../lib/turkish-number';

/**
 * What a number field reports: a number, '' when empty, NaN while the text cannot be read or breaks a rule
 * (every schema refuses NaN, so a form cannot save what the field refuses).
 */
export type NumberFieldValue = number | string;

export interface NumberFieldProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max'>, NumberRules {
  value?: NumberFieldValue | null;
  /** A number when the text reads as one within the rules, '' when empty, else NaN (forms refuse it). */
  onChange?: (value: NumberFieldValue) => void;
  /** Pads the decimals to `decimalScale` when the field is not being edited (prices: 46,50). */
  fixedDecimalScale?: boolean;
  /** False: no thousands dots in the shown value (order numbers). Typed dots in groups of three are read either way. */
  thousandSeparator?: string | boolean;
  /** Accepted for drop-in use in place of Mantine's NumberInput; the comma is always the decimal separator. */
  decimalSeparator?: string;
  /** Accepted for drop-in use; nothing is ever clamped (an out-of-range value is refused with a message). */
  clampBehavior?: string;
  /** Accepted for drop-in use; this field has no step buttons. */
  hideControls?: boolean;
  error?: ReactNode;
}

/**
 * The one number input of the app (ADR 0019): reads and writes Turkish numbers (1.234,56), refuses what it cannot
 * read, rounds nothing and clamps nothing, and says why next to the field. Use it instead of Mantine's NumberInput
 * (eslint refuses that import in packages/web). Rules: lib/turkish-number.ts.
 */
export function NumberField({
  value, onChange, onFocus, onBlur, min, max, allowDecimal, allowNegative, decimalScale, fixedDecimalScale,
  thousandSeparator, decimalSeparator: _decimalSeparator, clampBehavior: _clampBehavior, hideControls: _hideControls, error, ...rest
}: NumberFieldProps) {
  const { t } = useTranslation();
  const rules: NumberRules = { min, max, allowDecimal, allowNegative, decimalScale };
  const show = (v: NumberFieldValue | null | undefined): string =>
    typeof v === 'number' && Number.isFinite(v) ? formatFieldNumber(v, { decimalScale, fixedDecimalScale, thousands: thousandSeparator !== false && thousandSeparator !== '' }) : typeof v === 'string' ? v : '';

  const [text, setText] = useState(() => show(value));
  const [focused, setFocused] = useState(false);
  // The last value this field reported: a different value from outside (a reset, a loaded record) replaces the text.
  const emitted = useRef<NumberFieldValue | null | undefined>(value);
  const [seen, setSeen] = useState<NumberFieldValue | null | undefined>(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (!Object.is(value, emitted.current)) {
      emitted.current = value;
      setText(show(value));
    }
  }

  const parsed = parseTurkishNumber(text, rules);
  // While typing, only a value over the maximum is pointed out at once (the reason a quantity cannot be taken);
  // the other problems show when the field is left, so '1.2' on the way to '1.234' is not flagged.
  const ownError = !parsed.ok && (!focused || parsed.problem === 'max')
    ? t(`common.number.${parsed.problem}`, { limit: parsed.limit === undefined ? '' : formatFieldNumber(parsed.limit) })
    : null;

  const report = (next: NumberFieldValue) => {
    emitted.current = next;
    onChange?.(next);
  };

  return (
    <TextInput
      inputMode={allowDecimal === false || decimalScale === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      {...rest}
      value={text}
      error={ownError ?? error}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const r = parseTurkishNumber(next, rules);
        report(r.ok ? (r.value ?? '') : Number.NaN);
      }}
      onFocus={(e: FocusEvent<HTMLInputElement>) => {
        setFocused(true);
        onFocus?.(e);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        setFocused(false);
        // A readable value is shown again the way the app writes it (1234,5 -> 1.234,50 in a price).
        if (parsed.ok && parsed.value !== null) setText(show(parsed.value));
        onBlur?.(e);
      }}
    />
  );
}
