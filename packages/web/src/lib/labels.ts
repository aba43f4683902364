import { useMemo } from 'react';
import { labelsWith } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { currentLang, tm } from '../i18n';

/**
 * Stored values as the reader sees them, in the current language (packages/domain labels.ts): units
 * ('Adet' → 'pcs'), image descriptions ('Ana Görsel' → 'Main image'), operation centres and types, and
 * log titles and descriptions. The stored values stay as the specification names them; Select inputs
 * keep them as their values and show these as their labels.
 */
export function useLabels() {
  // Re-renders the caller when the language changes.
  useTranslation();
  const lang = currentLang();
  return useMemo(() => {
    // The loaded dictionary of the reader's language (tm), not the domain's all-language messages.
    const l = labelsWith((key, params) => tm(key, params));
    return {
      lang,
      unit: l.unit,
      image: l.image,
      center: l.center,
      type: l.type,
      logTitle: l.logTitle,
      logDescription: l.logDescription,
      /** Select options of stored values with their labels. */
      options: (values: readonly string[], label: (v: string) => string) => values.map((value) => ({ value, label: label(value) })),
    };
  }, [lang]);
}
