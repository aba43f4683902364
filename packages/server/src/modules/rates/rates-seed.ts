import { RATES_DEMO_PREFIX, dec, addDays, bulletinInstant, expectedBulletinDate, isWeekday } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { insertDemoRows, rateCount } from './rates-repository.js';
import type { Bulletin } from './tcmb-bulletin.js';

export const DEMO_BULLETIN_DAYS = 25;

/** Buying is the selling rate less the central bank's usual spread (about 0.18 %). */
const buying = (selling: string) => dec(selling).times('0.9982').toFixed(4);

/**
 * Demo bulletins for the weekdays before the newest expected one (DECISIONS 1: rates in the demo): USD selling
 * near 42.3 and EUR near 48.9, gently varying, numbered 'DEMO-…' so nobody takes them for the central bank's.
 * The real feed's bulletin of a date replaces a demo row of that date. Seeds only an empty rates table.
 */
export async function seedRates(db: Db, at: Date = new Date()): Promise<number> {
  if ((await rateCount(db)) > 0) return 0;
  const dates: string[] = [];
  for (let d = expectedBulletinDate(at); dates.length < DEMO_BULLETIN_DAYS; d = addDays(d, -1)) {
    if (isWeekday(d)) dates.push(d);
  }
  const rows = dates.reverse().map((tarih, i): Bulletin & { fetchedAt: Date } => {
    // A slow drift upwards with a small wobble, as the lira's rates move day by day.
    const usd = dec('42.05').plus(dec(i).times('0.0105')).plus(dec(Math.sin(i * 1.7).toFixed(6)).times('0.045')).toFixed(4);
    const eur = dec(usd).times(dec('1.1545').plus(dec(Math.cos(i * 0.9).toFixed(6)).times('0.0035'))).toFixed(4);
    const entry = (code: 'USD' | 'EUR', name: string, s: string) => ({ code, name, unit: 1, forexBuying: buying(s), forexSelling: s });
    const usdEntry = entry('USD', 'US DOLLAR', usd);
    const eurEntry = entry('EUR', 'EURO', eur);
    return {
      tarih,
      bulletinNo: `${RATES_DEMO_PREFIX}${tarih}`,
      currencies: [usdEntry, eurEntry],
      usd: { buying: usdEntry.forexBuying, selling: usdEntry.forexSelling, unit: 1 },
      eur: { buying: eurEntry.forexBuying, selling: eurEntry.forexSelling, unit: 1 },
      // As if fetched a few minutes after publication.
      fetchedAt: new Date(Date.parse(bulletinInstant(tarih)) + (5 + (i % 7)) * 60_000),
    };
  });
  return insertDemoRows(db, rows);
}
