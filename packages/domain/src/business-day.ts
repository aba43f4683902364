/**
 * The company's business day (Europe/Istanbul), zod-free so every screen that shows 'today' can use it without
 * pulling the schemas into its first download (issue 12).
 */
/** The company's day: 'today' on the dashboard and a date in /logs/list/{date} mean a day in this zone. */
export const BUSINESS_TIME_ZONE = 'Europe/Istanbul';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
});

/** YYYY-MM-DD of an instant in the business time zone. */
export function businessDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}

/** The business year of an instant (offer numbers run per year). */
export function businessYear(at: Date = new Date()): number {
  return Number(businessDay(at).slice(0, 4));
}

function zoneOffsetMs(at: number): number {
  const p = Object.fromEntries(partsFormat.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * A day written YYYY-MM-DD or DD.MM.YYYY, as YYYY-MM-DD; null when it is not a real calendar day.
 */
export function parseDay(text: string): string | null {
  const t = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (match) { y = +match[1]; m = +match[2]; d = +match[3]; } else {
    match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t);
    if (!match) return null;
    d = +match[1]; m = +match[2]; y = +match[3];
  }
  if (y < 1900 || y > 9999) return null;
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** [start, end) instants of a business day given as YYYY-MM-DD. */
export function businessDayRange(day: string): { start: Date; end: Date } {
  const [y, m, d] = day.split('-').map(Number);
  const startUtc = Date.UTC(y, m - 1, d);
  const endUtc = Date.UTC(y, m - 1, d + 1);
  return { start: new Date(startUtc - zoneOffsetMs(startUtc)), end: new Date(endUtc - zoneOffsetMs(endUtc)) };
}
