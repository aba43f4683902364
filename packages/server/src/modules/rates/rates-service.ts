import {
  RATES_FETCH_TIMEOUT_MS, RATES_HOLIDAY_AFTER, bulletinInstant, clockMinutes, daysBetween, expectedBulletinDate,
  istanbulClock, translate, type Lang, type MessageKey, type TcmbList, type TcmbToday,
} from '@isik/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { insertBulletin, isDemoRow, latestRate, listRates, rateData, toListItem, type RateRow } from './rates-repository.js';
import { MalformedBulletinError, parseBulletin, type Bulletin } from './tcmb-bulletin.js';

/** Why a fetch failed, as a message key (translated per caller). */
export class FeedError extends Error {
  constructor(public readonly key: MessageKey, public readonly params: Record<string, string | number> = {}, public readonly detail = '') {
    super(key);
  }
}

export interface FetchOutcome { stored: boolean; bulletin: Bulletin }

export interface RatesServiceDeps {
  db: Db;
  url: string;
  timeoutMs?: number;
  now?: () => Date;
  /** "Update rates" starts at most one fetch in this time (per instance); 60 s by default. */
  minIntervalMs?: number;
  log?: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

/**
 * Central-bank rates (DECISIONS 3): fetches today.xml, stores each bulletin once under its own date and
 * answers the latest stored one. Never invents a rate: without a stored bulletin /today answers 503.
 * What the last fetch of this instance found is kept in memory (each instance fetches for itself).
 */
export function createRatesService({ db, url, timeoutMs = RATES_FETCH_TIMEOUT_MS, now = () => new Date(), minIntervalMs = 60_000, log: initialLog }: RatesServiceDeps) {
  let log = initialLog;
  let lastError: { key: MessageKey; params: Record<string, string | number>; at: Date } | null = null;
  /** The bulletin the feed last answered, and when: the job reads a holiday from it (an old bulletin late in the day). */
  let feedSaw: { tarih: string; at: Date } | null = null;
  let inFlight: Promise<FetchOutcome> | null = null;
  /** When this instance last started a fetch (job or user): "update rates" waits minIntervalMs after it. */
  let lastFetchStart: Date | null = null;

  async function download(signal?: AbortSignal): Promise<string> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(url, { signal: combined, headers: { accept: 'application/xml, text/xml' }, redirect: 'follow' });
    } catch (err) {
      if (timeout.aborted) throw new FeedError('rates.timeout', { seconds: Math.round(timeoutMs / 1000) });
      const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
      throw new FeedError('rates.unreachable', {}, cause?.code ?? cause?.message ?? (err as Error).message);
    }
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => undefined);
      throw new FeedError('rates.httpStatus', { status: res.status });
    }
    try {
      const body = await res.text();
      if (body.length > 2_000_000) throw new MalformedBulletinError('too large');
      return body;
    } catch (err) {
      if (err instanceof MalformedBulletinError) throw new FeedError('rates.malformed');
      if (timeout.aborted) throw new FeedError('rates.timeout', { seconds: Math.round(timeoutMs / 1000) });
      throw new FeedError('rates.unreachable');
    }
  }

  async function store(actor: Actor | null, b: Bulletin): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await insertBulletin(tx, b);
      if (!row) return false;
      await recordChange(tx, actor, {
        title: 'log.rates.saved',
        description: `TCMB ${b.tarih} (${b.bulletinNo}): USD ${b.usd.selling}, EUR ${b.eur.selling}`,
        form: 'tcmb',
        operation_id: String(row.id),
      }, { entity: 'rates', id: String(row.id), action: 'created' });
      return true;
    });
  }

  /** One fetch: download, read, store. Concurrent callers of this instance share the fetch under way. */
  async function fetchOnce(actor: Actor | null, signal?: AbortSignal): Promise<FetchOutcome> {
    if (inFlight) return inFlight;
    lastFetchStart = now();
    inFlight = (async () => {
      try {
        const xml = await download(signal);
        let bulletin: Bulletin;
        try {
          bulletin = parseBulletin(xml);
        } catch (err) {
          if (err instanceof MalformedBulletinError) {
            throw new FeedError('rates.malformed', {}, err.message);
          }
          throw err;
        }
        // A date after tomorrow cannot be a real bulletin.
        if (daysBetween(istanbulClock(now()).date, bulletin.tarih) > 1) {
          throw new FeedError('rates.malformed', {}, `date ${bulletin.tarih} is in the future`);
        }
        const stored = await store(actor, bulletin);
        lastError = null;
        feedSaw = { tarih: bulletin.tarih, at: now() };
        if (stored) log?.info({ tarih: bulletin.tarih, bulletinNo: bulletin.bulletinNo }, 'central bank bulletin stored');
        return { stored, bulletin };
      } catch (err) {
        if (err instanceof FeedError) {
          lastError = { key: err.key, params: err.params, at: now() };
          log?.warn({ url, reason: err.key, ...err.params, ...(err.detail ? { detail: err.detail } : {}) }, 'central bank bulletin not fetched');
        }
        throw err;
      }
    })();
    try {
      return await inFlight;
    } finally {
      inFlight = null;
    }
  }

  function toToday(r: RateRow, lang: Lang): TcmbToday {
    const at = now();
    const today = istanbulClock(at).date;
    const expected = expectedBulletinDate(at);
    return {
      tarih: bulletinInstant(r.tarih),
      bulletinDate: r.tarih,
      bulletinNo: r.bulletin_no,
      demo: isDemoRow(r),
      Data: rateData(r),
      fetchedAt: r.fetched_at.toISOString(),
      ageDays: Math.max(0, daysBetween(r.tarih, today)),
      // Older than the newest bulletin the weekday calendar expects (public holidays are not known: stale then too).
      stale: r.tarih < expected,
      lastError: lastError ? translate(lastError.key, lang, lastError.params) : null,
      lastErrorAt: lastError ? lastError.at.toISOString() : null,
    };
  }

  async function todayOrNull(lang: Lang): Promise<TcmbToday | null> {
    const r = await latestRate(db);
    return r ? toToday(r, lang) : null;
  }

  return {
    fetchOnce,

    /** The app's logger, once the app exists (services are wired before it). */
    setLogger(l: RatesServiceDeps['log']) { log = l; },

    /** Whether the bulletin of `date` (Istanbul) is stored. */
    async hasBulletin(date: string): Promise<boolean> {
      const r = await latestRate(db);
      return r !== null && r.tarih >= date && !isDemoRow(r);
    },

    /** After a successful fetch today past RATES_HOLIDAY_AFTER that still found an older bulletin: a holiday. */
    feedSaysHoliday(date: string): boolean {
      if (!feedSaw || feedSaw.tarih >= date) return false;
      const c = istanbulClock(feedSaw.at);
      return c.date === date && c.minutes >= clockMinutes(RATES_HOLIDAY_AFTER);
    },

    async today(lang: Lang): Promise<TcmbToday> {
      const t = await todayOrNull(lang);
      if (!t) throw new AppError(503, 'rates.none', undefined, {}, { today: null });
      return t;
    },

    async list(page: number, pageSize: number): Promise<TcmbList> {
      const { rows, total } = await listRates(db, page, pageSize);
      return { list: rows.map(toListItem), page, totalPage: Math.max(1, Math.ceil(total / pageSize)), totalItemCount: total };
    },

    /**
     * "Update rates": fetches now; a failure answers 503 with the reason and the last stored bulletin. Calls while a
     * fetch is under way share it; a call within minIntervalMs after the last fetch started fetches nothing and
     * answers 429 with the seconds to wait and the last stored bulletin (Retry-After says the same).
     */
    async update(actor: Actor, lang: Lang): Promise<{ stored: boolean; today: TcmbToday }> {
      if (!inFlight && lastFetchStart) {
        const waitMs = lastFetchStart.getTime() + minIntervalMs - now().getTime();
        if (waitMs > 0) {
          const seconds = Math.ceil(waitMs / 1000);
          throw new AppError(429, 'rates.tooSoon', undefined, { seconds }, { today: await todayOrNull(lang), retryAfter: seconds });
        }
      }
      try {
        const { stored } = await fetchOnce(actor);
        return { stored, today: (await todayOrNull(lang))! };
      } catch (err) {
        if (!(err instanceof FeedError)) throw err;
        throw new AppError(503, err.key, undefined, err.params, { today: await todayOrNull(lang) });
      }
    },

  };
}

export type RatesService = ReturnType<typeof createRatesService>;
