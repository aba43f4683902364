import { count, desc, like, sql } from 'drizzle-orm';
import { RATES_DEMO_PREFIX, bulletinInstant, type TcmbListItem, type TcmbRate } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { tcmbRates } from '../../db/schema.js';
import type { Bulletin } from './tcmb-bulletin.js';

export type RateRow = typeof tcmbRates.$inferSelect;

/** A stored numeric (e.g. '42.345600') as the bulletin writes it: 4 decimals at least, no trailing zeros beyond. */
function bulletinDecimal(v: string | null): string {
  if (!v) return '';
  const [int, frac = ''] = v.split('.');
  return `${int}.${frac.replace(/0+$/, '').padEnd(4, '0')}`;
}

/** Data[0] USD, Data[1] EUR: the bulletin's own strings when kept, else the stored numerics. */
export function rateData(r: RateRow): [TcmbRate, TcmbRate] {
  const one = (code: 'USD' | 'EUR', buying: string | null, selling: string | null): TcmbRate => {
    const raw = r.currencies.find((c) => c.code === code);
    return {
      CurrencyCode: code,
      Unit: raw?.unit ?? 1,
      ForexBuying: raw?.forexBuying ?? bulletinDecimal(buying),
      ForexSelling: raw?.forexSelling ?? bulletinDecimal(selling),
    };
  };
  return [one('USD', r.usd_buying, r.usd_selling), one('EUR', r.eur_buying, r.eur_selling)];
}

export function toListItem(r: RateRow): TcmbListItem {
  return {
    _id: String(r.id),
    tarih: bulletinInstant(r.tarih),
    bulletinDate: r.tarih,
    bulletinNo: r.bulletin_no,
    fetchedAt: r.fetched_at.toISOString(),
    Data: rateData(r),
  };
}

export const isDemoRow = (r: RateRow) => r.bulletin_no.startsWith(RATES_DEMO_PREFIX);

export async function latestRate(db: Executor): Promise<RateRow | null> {
  const [r] = await db.select().from(tcmbRates).orderBy(desc(tcmbRates.tarih)).limit(1);
  return r ?? null;
}

export async function listRates(db: Executor, page: number, pageSize: number) {
  const rows = await db.select().from(tcmbRates).orderBy(desc(tcmbRates.tarih)).limit(pageSize).offset((page - 1) * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(tcmbRates);
  return { rows, total: Number(n) };
}

function values(b: Bulletin) {
  return {
    tarih: b.tarih,
    bulletin_no: b.bulletinNo,
    usd_selling: b.usd.selling,
    usd_buying: b.usd.buying,
    eur_selling: b.eur.selling,
    eur_buying: b.eur.buying,
    currencies: b.currencies,
  };
}

/**
 * Stores a bulletin once per date: a second fetch of the same bulletin (this or another instance) changes
 * nothing. Only a demo row of the seed for that date gives way to the central bank's own bulletin.
 * Answers the stored row, or null when the date was already stored.
 */
export async function insertBulletin(db: Executor, b: Bulletin): Promise<RateRow | null> {
  const v = values(b);
  const [row] = await db.insert(tcmbRates).values(v)
    .onConflictDoUpdate({
      target: tcmbRates.tarih,
      set: { ...v, fetched_at: sql`now()` },
      setWhere: like(tcmbRates.bulletin_no, `${RATES_DEMO_PREFIX}%`),
    })
    .returning();
  return row ?? null;
}

/** Demo rows (the seed's), stored only where no bulletin exists for the date. */
export async function insertDemoRows(db: Executor, rows: (Bulletin & { fetchedAt: Date })[]): Promise<number> {
  if (rows.length === 0) return 0;
  const stored = await db.insert(tcmbRates).values(rows.map((b) => ({ ...values(b), fetched_at: b.fetchedAt })))
    .onConflictDoNothing({ target: tcmbRates.tarih }).returning({ id: tcmbRates.id });
  return stored.length;
}

export async function rateCount(db: Executor): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(tcmbRates);
  return Number(n);
}
