import { eq, sql } from 'drizzle-orm';
import { ENERGY_MAX_DAYS, ENERGY_MAX_GAP_MS, localClock, type EnergyQuery, type GatewayEnergy } from '@isik/domain';
import type { DeviceExecutor } from './db/types.js';
import { gateways, meterReadings } from './db/schema.js';
import { badRequest, notFound } from './errors.js';

/** Power of a reading: the sum over the phases of voltage x current, W. */
export function readingPower(voltage: readonly number[], current: readonly number[]): number {
  return voltage.reduce((s, v, i) => s + v * (current[i] ?? 0), 0);
}

const pad = (n: number) => String(n).padStart(2, '0');
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
const r3 = (v: number) => Math.round(v * 1000) / 1000;
const r1 = (v: number) => Math.round(v * 10) / 10;

function figures(wh: number, fullWh: number, seconds: number) {
  const kwh = r3(wh / 1000);
  const full = r3(Math.max(fullWh, wh) / 1000);
  const saving = r3(Math.max(0, fullWh - wh) / 1000);
  return { kwh, full_kwh: full, saving_kwh: saving, saving_percent: fullWh > 0 ? r1((Math.max(0, fullWh - wh) / fullWh) * 100) : 0, hours: r1(seconds / 3600) };
}

/**
 * Energy per day of a gateway (GET /device-api/gateway/energy/{id}; issue 26), days in the gateway's time zone.
 * Each reading's power holds until the next reading (a program run or a command makes the gateway report at once,
 * so a brightness step is a step of power); a gap over ENERGY_MAX_GAP_MS counts nothing (the gateway was away).
 * Full brightness: the same power scaled to 100 % (power follows brightness), over the hours the lights were lit
 * (brightness above 0); a reading without lights counts as full. The segments are cut at the days' midnights in SQL.
 */
export async function gatewayEnergy(db: DeviceExecutor, id: string, q: EnergyQuery, now: Date): Promise<GatewayEnergy> {
  const [g] = await db.select({ id: gateways.id, tz: gateways.time_zone }).from(gateways).where(eq(gateways.id, id));
  if (!g) throw notFound();
  const today = localClock(now, g.tz).date;
  const to = q.to ?? (q.from && daysBetween(q.from, today) >= 0 ? addDays(q.from, Math.min(6, daysBetween(q.from, today))) : today);
  const from = q.from ?? addDays(to, -6);
  if (daysBetween(from, to) < 0) throw badRequest('device.energy.order', { to: 'device.energy.order' });
  if (daysBetween(from, to) + 1 > ENERGY_MAX_DAYS) throw badRequest('device.energy.range', { to: 'device.energy.range' }, { max: ENERGY_MAX_DAYS });

  const gap = `${ENERGY_MAX_GAP_MS / 1000} seconds`;
  const res = await db.execute(sql`
    with days as (
      select d::date as day, (d at time zone ${g.tz}) as s, ((d + interval '1 day') at time zone ${g.tz}) as e
      from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') d
    ), bounds as (select min(s) as s, max(e) as e from days),
    seg as (
      select r.read_at as t0, lead(r.read_at) over (order by r.read_at) as t1, r.power_w, r.brightness
      from ${meterReadings} r, bounds
      where r.gateway_id = ${id} and r.read_at >= bounds.s - ${gap}::interval and r.read_at < bounds.e + ${gap}::interval
    ), part as (
      select days.day, seg.power_w, seg.brightness,
        extract(epoch from least(seg.t1, days.e) - greatest(seg.t0, days.s)) as secs
      from days join seg on seg.t1 is not null and seg.t1 - seg.t0 <= ${gap}::interval and seg.t0 < days.e and seg.t1 > days.s
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(sum(part.power_w * part.secs), 0) / 3600 as wh,
      coalesce(sum(case when part.brightness is null then part.power_w when part.brightness > 0 then part.power_w * 100 / part.brightness else 0 end * part.secs), 0) / 3600 as full_wh,
      coalesce(sum(part.secs), 0) as secs
    from days left join part on part.day = days.day
    group by days.day order by days.day`);
  const rows = ((res as unknown as { rows?: Record<string, unknown>[] }).rows ?? []).map((r) => ({ date: String(r.day), wh: Number(r.wh), fullWh: Number(r.full_wh), secs: Number(r.secs) }));
  const sum = (k: 'wh' | 'fullWh' | 'secs') => rows.reduce((s, r) => s + r[k], 0);
  return {
    gateway_id: g.id, time_zone: g.tz, from, to,
    days: rows.map((r) => ({ date: r.date, ...figures(r.wh, r.fullWh, r.secs) })),
    total: figures(sum('wh'), sum('fullWh'), sum('secs')),
  };
}
