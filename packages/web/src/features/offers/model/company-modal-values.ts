import { COUNTRY_CODES, DEFAULT_COUNTRY, countryName } from '@isik/domain';

/**
 * The values the company modal of an offer starts with (issue 23): the stored company's, else the offer's draft over
 * the defaults. An empty or missing field keeps its default, so the country shows Türkiye (the value that is saved)
 * instead of an empty select that silently saves it; a country given as a code ('DE') shows as its stored name.
 */
export function companyModalValues<V extends { company_country: string }>(defaults: V, source: Partial<Record<keyof V, unknown>> | null | undefined): V {
  const out = { ...defaults };
  for (const [k, x] of Object.entries(source ?? {})) {
    if (!(k in defaults) || x === undefined || x === null) continue;
    if (typeof x === 'string' && x.trim() === '') continue;
    (out as Record<string, unknown>)[k] = typeof x === 'string' ? x : String(x);
  }
  out.company_country = storedCountry(out.company_country);
  return out;
}

/** The select's value for a country: the English name it is stored as; a two-letter code is read as that country. */
export function storedCountry(country: string | null | undefined): string {
  const c = (country ?? '').trim();
  if (!c) return DEFAULT_COUNTRY;
  const code = c.toUpperCase();
  if (c.length === 2 && COUNTRY_CODES.includes(code)) return countryName(code, 'en');
  return c;
}
