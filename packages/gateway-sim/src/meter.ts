import { localClock } from '@isik/domain';

/** Rated power of the simulated lights, W: a street has lights of a few sizes (issue 26). */
export const LIGHT_WATTS = [30, 60, 90, 120] as const;

/**
 * Sunset and sunrise in local hours on a day (YYYY-MM-DD): a cosine over the year about the solstices, near
 * Ankara's (sunset 16:45 in December, 19:45 in June). The lights' photocells switch them on in between.
 */
export function sunHours(day: string): { sunrise: number; sunset: number } {
  const [y, m, d] = day.split('-').map(Number);
  const doy = (Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000;
  const summer = Math.cos(((doy - 172) / 365.25) * 2 * Math.PI); // 1 at the June solstice, -1 in December
  return { sunrise: 6 - 1.5 * summer, sunset: 18.25 + 1.5 * summer };
}

/** Is it dark at this instant in the gateway's time zone (the lights burn)? */
export function isNight(at: Date, timeZone: string): boolean {
  const c = localClock(at, timeZone);
  const [h, min] = c.time.split(':').map(Number);
  const hour = h + min / 60;
  const { sunrise, sunset } = sunHours(c.date);
  return hour < sunrise || hour >= sunset;
}

export interface MeteredLight { watts: number; brightness: number; connected: boolean; phase: number }

/** What a light draws: its wattage scaled by brightness while it is dark, nothing by day (photocell) or unreachable. */
export function lightPower(l: MeteredLight, night: boolean): number {
  return night && l.connected ? (l.watts * l.brightness) / 100 : 0;
}

/** The current on each of the three phases, A: the lights' power on that phase over its voltage (power factor 1). */
export function phaseCurrents(lights: readonly MeteredLight[], voltage: readonly number[], night: boolean): [number, number, number] {
  return [0, 1, 2].map((p) => lights.filter((l) => l.phase === p).reduce((s, l) => s + lightPower(l, night), 0) / voltage[p]) as [number, number, number];
}
