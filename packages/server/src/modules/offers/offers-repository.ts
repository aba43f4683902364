import { sql } from 'drizzle-orm';
import { businessYear, formatOfferNo } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import type { CompanyDeleteGuard } from '../companies/companies-service.js';

/** Advisory-lock namespace of offer numbering (the second key is the year). */
const OFFER_NO_LOCK = 7301;

export interface OfferNumber { year: number; seq: number; no: string }

/**
 * The next offer number of the year of `at` (DECISIONS 4: sequential per year, unique), inside the caller's
 * transaction. A transaction-scoped advisory lock per year serialises concurrent allocations until commit, so
 * numbers are gapless and never collide; the unique indexes (teklif_no; teklif_yil + teklif_sira) stay the
 * last guard (a race they catch answers 409, never a duplicate).
 */
export async function allocateOfferNumber(tx: Executor, at: Date = new Date()): Promise<OfferNumber> {
  const year = businessYear(at);
  await tx.execute(sql`select pg_advisory_xact_lock(${OFFER_NO_LOCK}::int, ${year}::int)`);
  const res = await tx.execute(sql`select coalesce(max(teklif_sira), 0)::int + 1 as next from offers where teklif_yil = ${year}::int`);
  const seq = Number(((res as unknown as { rows: { next: number | string }[] }).rows ?? [])[0]?.next ?? 1);
  return { year, seq, no: formatOfferNo(year, seq) };
}

/** The latest stored central-bank bulletin's selling rates; null rates when none is stored (never invented). */
export async function latestRates(tx: Executor): Promise<{ usd: string | null; eur: string | null }> {
  const res = await tx.execute(sql`select usd_selling::text as usd, eur_selling::text as eur from tcmb_rates order by tarih desc, id desc limit 1`);
  const r = ((res as unknown as { rows: { usd: string | null; eur: string | null }[] }).rows ?? [])[0];
  return { usd: r?.usd ?? null, eur: r?.eur ?? null };
}

/** DECISIONS 6: a company with offers cannot be deleted (it can be made inactive). */
export const companyOffersGuard: CompanyDeleteGuard = async (tx, companyId) => {
  const res = await tx.execute(sql`select exists (select 1 from offers where firma_id = ${companyId}) as has`);
  const row = ((res as unknown as { rows: { has: boolean }[] }).rows ?? [])[0];
  return row?.has ? 'company.delete.hasOffers' : null;
};
