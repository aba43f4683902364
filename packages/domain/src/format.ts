const numberFormats = new Map<number, Intl.NumberFormat>();
function nf(decimals: number): Intl.NumberFormat {
  let f = numberFormats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, f);
  }
  return f;
}

/** Turkish number format: comma decimal, dot thousands; 2 decimals by default. */
export function formatNumber(value: number | string | null | undefined, decimals = 2): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return nf(decimals).format(n);
}

function pad(n: number): string { return String(n).padStart(2, '0'); }

/** DD.MM.YYYY in the local time zone of the caller. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** A calendar day YYYY-MM-DD (a date column, no time zone) as DD.MM.YYYY; '' for none. */
export function formatDay(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** DD.MM.YYYY HH:mm */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const day = formatDate(value);
  if (!day) return '';
  const d = value instanceof Date ? value : new Date(value as string);
  return `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Reads a date as forms send it: DD.MM.YYYY (taken at noon, so the day survives time zones), an ISO string
 * or epoch milliseconds. Null when it is not a date between the years 1900 and 9999.
 */
export function parseDateInput(v: string | number): Date | null {
  let d: Date;
  if (typeof v === 'string' && /^\d{2}\.\d{2}\.\d{4}$/.test(v.trim())) {
    const [dd, mm, yyyy] = v.trim().split('.').map(Number);
    d = new Date(yyyy, mm - 1, dd, 12);
  } else {
    d = new Date(v);
  }
  return Number.isNaN(d.getTime()) || d.getFullYear() < 1900 || d.getFullYear() > 9999 ? null : d;
}
