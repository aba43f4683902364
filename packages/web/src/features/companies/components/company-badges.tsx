import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { countryOptions } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { isCompanyCategory } from './company-values';

const CATEGORY_COLORS: Record<string, string> = { Customer: 'blue', Suppliers: 'grape' };

/** Customer or Suppliers, translated. */
export function CompanyCategoryBadge({ category }: { category: string }) {
  const { t } = useTranslation();
  if (!category) return null;
  return (
    <Badge component="span" variant="light" color={CATEGORY_COLORS[category] ?? 'gray'} radius="sm" style={{ minWidth: 'max-content' }}>
      {isCompanyCategory(category) ? t(`companies.category.${category}`) : category}
    </Badge>
  );
}

/** Active (green) or Passive (grey). */
export function CompanyStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="dot" color={active ? 'teal' : 'gray'} radius="sm" style={{ minWidth: 'max-content' }}>
      {active ? t('companies.status.active') : t('companies.status.passive')}
    </Badge>
  );
}

/** Stored country (English name) -> its name in the current language; unknown names pass through. */
export function useCountryLabel(): (value: string) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const labels = useMemo(() => new Map(countryOptions(lang).map((o) => [o.value, o.label])), [lang]);
  return (value: string) => labels.get(value) ?? value;
}
