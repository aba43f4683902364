import { sql } from 'drizzle-orm';
import { formatPhases } from '@isik/domain';
import type { DeviceDb } from './db/types.js';
import { gateways, meshItems, meterReadings } from './db/schema.js';
import { readingPower } from './energy.js';

/**
 * How long the gateways' meter readings wait to be stored together (issue 27: 5,000 gateways each reporting every
 * 30 s, and once after each command, are some 170 readings a second; one statement each was about a fifth of the
 * service's statements). A reading is only shown and summed later, so 50 ms is not noticed.
 */
export const METER_BATCH_MS = 50;
const METER_BATCH_MAX = 500;

export interface MeterReading { voltage: number[]; current: number[]; read_at: string }

/**
 * Stores meter readings in groups: each gateway's latest figures (the last reading heard wins) and every reading with
 * its power and the mean brightness of the gateway's connected lights now, in one statement per group (ADR 0043). A
 * reading repeated with the same read time is stored once. If a group fails (a gateway deleted meanwhile), its
 * readings are stored one by one, so one bad reading loses only itself.
 */
export function createMeterBatcher(db: DeviceDb, now: () => Date, windowMs = METER_BATCH_MS) {
  let pending: { id: string; m: MeterReading; done: (e?: unknown) => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function statement(batch: { id: string; m: MeterReading }[]) {
    const rows = batch.map(({ id, m }, n) => ({
      n, g: id, at: new Date(m.read_at).toISOString(), v: m.voltage, c: m.current, p: readingPower(m.voltage, m.current), vt: formatPhases(m.voltage), ct: formatPhases(m.current),
    }));
    return sql`with r as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(n int, g text, at timestamptz, v jsonb, c jsonb, p float8, vt text, ct text)
      ), latest as (
        update ${gateways} g set meter_voltage = l.vt, meter_current = l.ct, meter_read_at = l.at, last_seen = ${now()}
        from (select distinct on (r.g) * from r order by r.g, r.n desc) l where g.id = l.g
      )
      insert into ${meterReadings} (gateway_id, read_at, voltage, current, power_w, brightness)
      select r.g, r.at, r.v, r.c, r.p, (select avg(m.brightness)::float8 from ${meshItems} m where m.gateway_id = r.g and m.connected)
      from r order by r.n
      on conflict do nothing`;
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    try {
      await db.execute(statement(batch));
      for (const x of batch) x.done();
    } catch (e) {
      if (batch.length === 1) { batch[0].done(e); return; }
      for (const x of batch) await db.execute(statement([x])).then(() => x.done(), (err) => x.done(err));
    }
  }

  return {
    /** Stores a reading with the others of the window; resolves once it is stored. */
    add(id: string, m: MeterReading): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        pending.push({ id, m, done: (e) => (e === undefined ? resolve() : reject(e)) });
        if (pending.length >= METER_BATCH_MAX) void flush();
        else if (!timer) {
          timer = setTimeout(() => { void flush(); }, windowMs);
          timer.unref?.();
        }
      });
    },
    /** Stores what waits now (the service stopping). */
    flush,
  };
}
