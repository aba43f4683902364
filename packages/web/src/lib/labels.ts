import { useMemo } from 'react';
import { centerLabel, imageDescriptionLabel, logDescription, logTitle, operationTypeLabel, unitLabel, type LogTextFields } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../i18n';

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
    return {
      lang,
      unit: (unit: string) => unitLabel(unit, lang),
      image: (description: string) => imageDescriptionLabel(description, lang),
      center: (center: string) => centerLabel(center, lang),
      type: (type: string) => operationTypeLabel(type, lang),
      logTitle: (row: Pick<LogTextFields, 'title' | 'title_key'>) => logTitle(row, lang),
      logDescription: (row: Pick<LogTextFields, 'description' | 'description_key' | 'params'>) => logDescription(row, lang),
      /** Select options of stored values with their labels. */
      options: (values: readonly string[], label: (v: string) => string) => values.map((value) => ({ value, label: label(value) })),
    };
  }, [lang]);
}
