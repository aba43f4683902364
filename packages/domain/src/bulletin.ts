/**
 * A central-bank bulletin's currencies by code (issue 24). Kept apart from money.ts, which needs decimal.js: the
 * header's rates menu reads the bulletin on every back-office screen, and decimal.js is not part of the first render.
 */
/** One currency of a central-bank bulletin (the contract's Data entries, domain rates.ts). */
export interface BulletinEntry { CurrencyCode: string; ForexBuying: string; ForexSelling: string }

/** A bulletin's USD or EUR entry, found by its code (not by its place in Data). */
export function bulletinEntry<E extends BulletinEntry>(bulletin: { Data: readonly E[] } | null | undefined, code: 'USD' | 'EUR'): E | undefined {
  return bulletin?.Data.find((e) => e.CurrencyCode === code);
}

/** A bulletin's selling rates as Rates (the bulletin's own strings; null where it has none or none is loaded). */
export function sellingRates(bulletin: { Data: readonly BulletinEntry[] } | null | undefined): { usd: string | null; eur: string | null } {
  return { usd: bulletinEntry(bulletin, 'USD')?.ForexSelling || null, eur: bulletinEntry(bulletin, 'EUR')?.ForexSelling || null };
}
