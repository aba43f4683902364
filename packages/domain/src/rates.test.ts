import { describe, expect, it } from 'vitest';
import { addDays, bulletinInstant, daysBetween, expectedBulletinDate, istanbulClock, isWeekday } from './rates.js';
import { formatBulletinDate } from './rates-constants.js';

describe('the bulletin calendar (Europe/Istanbul)', () => {
  it('reads the Istanbul date and time of an instant', () => {
    // 22:30 UTC on Friday is already Saturday 01:30 in Istanbul.
    expect(istanbulClock(new Date('2026-11-20T22:30:00Z'))).toEqual({ date: '2026-11-21', weekday: 6, minutes: 90 });
  });

  it('expects today\'s bulletin on a weekday from 15:30, else the weekday before', () => {
    expect(expectedBulletinDate(new Date('2026-11-20T12:29:00Z'))).toBe('2026-11-19'); // Friday 15:29
    expect(expectedBulletinDate(new Date('2026-11-20T12:30:00Z'))).toBe('2026-11-20'); // Friday 15:30
    expect(expectedBulletinDate(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-20'); // Sunday
    expect(expectedBulletinDate(new Date('2026-11-23T06:00:00Z'))).toBe('2026-11-20'); // Monday morning
  });

  it('counts calendar days and weekdays', () => {
    expect(daysBetween('2026-11-20', '2026-11-22')).toBe(2);
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isWeekday('2026-11-21')).toBe(false);
    expect(isWeekday('2026-11-23')).toBe(true);
  });

  it('shows a bulletin as its own day at 15:30, in any time zone', () => {
    expect(formatBulletinDate('2026-11-20')).toBe('20.11.2026 15:30');
    expect(formatBulletinDate('2026-11-20', false)).toBe('20.11.2026');
    expect(bulletinInstant('2026-11-20')).toBe('2026-11-20T12:30:00.000Z');
  });
});
