/**
 * Central-bank exchange rates (spec 000 2.3, 2.11, 3, 7; DECISIONS 3): the shapes of /tcmb/today and
 * /tcmb/list and the calendar of the daily bulletin, used by the server's job and by the screens.
 */
import { z } from 'zod';
import { listEnvelope } from './common.js';
import { RATES_PUBLICATION_TIME } from './rates-constants.js';

/** The bulletin is published on weekdays around 15:30 Istanbul time. */
export const RATES_TIME_ZONE = 'Europe/Istanbul';
/** Between publication and the stored bulletin of the day the server asks again this often. */
export const RATES_RECHECK_MINUTES = 30;
/** A feed that answers with an older bulletin this long after publication: a holiday, no more checks that day. */
export const RATES_HOLIDAY_AFTER = '17:30';
/** How long one fetch of the bulletin may take. */
export const RATES_FETCH_TIMEOUT_MS = 10_000;
export const RATES_MAX_PAGE_SIZE = 1000;
/** Demo bulletins (the demo seed) carry a bulletin number starting with this. */
export const RATES_DEMO_PREFIX = 'DEMO-';

/** One currency of a bulletin as the contract shows it (Data[0] USD, Data[1] EUR). Values are exact decimal strings. */
export const tcmbRateSchema = z.object({ CurrencyCode: z.enum(['USD', 'EUR']), Unit: z.number(), ForexBuying: z.string(), ForexSelling: z.string() });
export type TcmbRate = z.infer<typeof tcmbRateSchema>;
const tcmbData = z.tuple([tcmbRateSchema, tcmbRateSchema]);

/** GET /tcmb/today. */
export const tcmbTodaySchema = z.object({
  /** The bulletin's publication instant (its date at 15:30 Istanbul), ISO. */
  tarih: z.string(),
  /** The bulletin's own date, YYYY-MM-DD. */
  bulletinDate: z.string(),
  bulletinNo: z.string(),
  /** A demo bulletin of the seed, not the central bank's. */
  demo: z.boolean(),
  Data: tcmbData,
  /** When this server stored the bulletin, ISO. */
  fetchedAt: z.string(),
  /** Calendar days (Istanbul) from the bulletin's date to today. */
  ageDays: z.number(),
  /** True when a newer bulletin should exist by the weekday calendar (a public holiday reads as stale too). */
  stale: z.boolean(),
  /** Why the last fetch of this server failed, in the caller's language; null after a good fetch. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type TcmbToday = z.infer<typeof tcmbTodaySchema>;

/** One row of GET /tcmb/list (newest first). */
export const tcmbListItemSchema = z.object({ _id: z.string(), tarih: z.string(), bulletinDate: z.string(), bulletinNo: z.string(), fetchedAt: z.string(), Data: tcmbData });
export type TcmbListItem = z.infer<typeof tcmbListItemSchema>;
export const tcmbListSchema = listEnvelope('list', tcmbListItemSchema);
export type TcmbList = z.infer<typeof tcmbListSchema>;

/** POST /tcmb/update. */
export const tcmbUpdateResultSchema = z.object({ stored: z.boolean(), today: tcmbTodaySchema });
export type TcmbUpdateResult = z.infer<typeof tcmbUpdateResultSchema>;

const pad = (n: number) => String(n).padStart(2, '0');

/** Date (YYYY-MM-DD), weekday (0 Sunday) and minutes since midnight of an instant, in Istanbul. */
export function istanbulClock(at: Date): { date: string; weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: RATES_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'short',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { date: `${get('year')}-${get('month')}-${get('day')}`, weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** Minutes since midnight of 'HH:mm'. */
export function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** A calendar date (YYYY-MM-DD) moved by `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole calendar days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function isWeekday(date: string): boolean {
  const w = new Date(`${date}T00:00:00Z`).getUTCDay();
  return w >= 1 && w <= 5;
}

/**
 * The date of the newest bulletin that should exist at `at`: today on a weekday after publication,
 * else the last weekday before. Public holidays are not known here (the feed tells).
 */
export function expectedBulletinDate(at: Date): string {
  const { date, minutes } = istanbulClock(at);
  if (isWeekday(date) && minutes >= clockMinutes(RATES_PUBLICATION_TIME)) return date;
  let d = addDays(date, -1);
  while (!isWeekday(d)) d = addDays(d, -1);
  return d;
}

/** The publication instant of a bulletin date (15:30 Istanbul, which keeps UTC+3 all year). */
export function bulletinInstant(date: string): string {
  return new Date(`${date}T${RATES_PUBLICATION_TIME}:00+03:00`).toISOString();
}

