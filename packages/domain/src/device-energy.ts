import { z } from 'zod';
import { parseDay } from './business-day.js';

/** The longest period GET /device-api/gateway/energy/{id} answers, in days. */
export const ENERGY_MAX_DAYS = 366;
/**
 * A gap between two meter readings longer than this is a time the gateway did not report (offline): no energy is
 * counted over it. The simulator reports every minute; a real gateway at least every few minutes.
 */
export const ENERGY_MAX_GAP_MS = 15 * 60_000;

const dayParam = (key: 'device.energy.from' | 'device.energy.to') =>
  z.string({ error: key }).max(20, { error: key }).transform((v, ctx) => {
    const d = parseDay(v);
    if (!d) { ctx.addIssue({ code: 'custom', message: key }); return z.NEVER; }
    return d;
  }).optional();

/** GET /device-api/gateway/energy/{id}?from=&to=: days (YYYY-MM-DD or DD.MM.YYYY) in the gateway's time zone, both included; by default the last 7 days. */
export const energyQuerySchema = z.object({ from: dayParam('device.energy.from'), to: dayParam('device.energy.to') });
export type EnergyQuery = z.output<typeof energyQuerySchema>;

export const energyDaySchema = z.object({
  /** YYYY-MM-DD in the gateway's time zone. */
  date: z.string(),
  /** Energy the meter measured, kWh. */
  kwh: z.number(),
  /** What the same hours would have taken at full brightness, kWh. */
  full_kwh: z.number(),
  /** full_kwh - kwh. */
  saving_kwh: z.number(),
  /** saving_kwh / full_kwh in percent (0 when nothing was lit). */
  saving_percent: z.number(),
  /** Hours covered by readings (gaps over ENERGY_MAX_GAP_MS are not). */
  hours: z.number(),
});
export type EnergyDay = z.infer<typeof energyDaySchema>;

export const gatewayEnergySchema = z.object({
  gateway_id: z.string(),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(energyDaySchema),
  total: energyDaySchema.omit({ date: true }),
});
export type GatewayEnergy = z.infer<typeof gatewayEnergySchema>;
