import { RATES_PUBLICATION_TIME, RATES_RECHECK_MINUTES, addDays, bulletinInstant, clockMinutes, isWeekday, istanbulClock } from '@isik/domain';
import type { RatesService } from './rates-service.js';

const MINUTE = 60_000;
/** The job wakes at least this often to look at the clock again (a changed system clock, a sleeping machine). */
const MAX_SLEEP = 6 * 60 * MINUTE;

/** Whether `at` is a weekday (Istanbul) after the bulletin's publication time. */
export function afterPublication(at: Date): boolean {
  const c = istanbulClock(at);
  return isWeekday(c.date) && c.minutes >= clockMinutes(RATES_PUBLICATION_TIME);
}

/**
 * How long the job sleeps: RATES_RECHECK_MINUTES while today's bulletin is due and not stored;
 * otherwise until the next weekday's publication time (weekends and known holidays: nothing).
 */
export function nextCheckDelay(at: Date, done: boolean): number {
  if (afterPublication(at) && !done) return RATES_RECHECK_MINUTES * MINUTE;
  const c = istanbulClock(at);
  let d = c.date;
  if (!isWeekday(d) || c.minutes >= clockMinutes(RATES_PUBLICATION_TIME)) {
    d = addDays(d, 1);
    while (!isWeekday(d)) d = addDays(d, 1);
  }
  const wait = Date.parse(bulletinInstant(d)) - at.getTime();
  return Math.min(MAX_SLEEP, Math.max(MINUTE, wait));
}

export interface RatesJob { start(): void; stop(): Promise<void> }

/**
 * Fetches the bulletin once at start (without holding the start up), then on weekdays after publication
 * every RATES_RECHECK_MINUTES until the day's bulletin is stored. stop() cancels the timer and the fetch under way.
 */
export function createRatesJob({ rates, now = () => new Date(), onError }: { rates: RatesService; now?: () => Date; onError?: (err: unknown) => void }): RatesJob {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  const controller = new AbortController();

  async function todayDone(): Promise<boolean> {
    const date = istanbulClock(now()).date;
    return (await rates.hasBulletin(date)) || rates.feedSaysHoliday(date);
  }

  async function tick(first: boolean): Promise<void> {
    try {
      if (first || (afterPublication(now()) && !(await todayDone()))) {
        await rates.fetchOnce(null, controller.signal).catch(() => undefined);
      }
      if (stopped) return;
      const delay = nextCheckDelay(now(), await todayDone());
      if (stopped) return;
      timer = setTimeout(() => { running = tick(false); }, delay);
      timer.unref();
    } catch (err) {
      if (stopped) return;
      // A passing database failure: try again later rather than never.
      onError?.(err);
      timer = setTimeout(() => { running = tick(false); }, RATES_RECHECK_MINUTES * MINUTE);
      timer.unref();
    }
  }

  return {
    start() {
      if (running || stopped) return;
      running = tick(true);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller.abort();
      await running?.catch(() => undefined);
    },
  };
}
