// The central bank's bulletin time, its date format and the rates list's page size: zod-free for the header's
// rates menu (issue 12).

export const RATES_PUBLICATION_TIME = '15:30';
export const RATES_PAGE_SIZE = 30;

/** 'DD.MM.YYYY HH:mm' of a bulletin: its own date and the publication time, the same in every time zone. */
export function formatBulletinDate(date: string, withTime = true): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}${withTime ? ` ${RATES_PUBLICATION_TIME}` : ''}`;
}
