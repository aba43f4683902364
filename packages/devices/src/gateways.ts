import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import SunCalc from 'suncalc';
import { totalPages, type Gateway, type GatewayRow, type MeshItem, type MeshReportItem } from '@isik/domain';
import type { DeviceDb } from './db/types.js';
import { deviceLogs, gateways, meshItems } from './db/schema.js';
import { notFound } from './errors.js';
import { createMeterBatcher, type MeterReading } from './meter-batch.js';
import type { DeviceEvents } from './events.js';
import { hashKey, newGatewayKey, newId } from './ids.js';
import type { DeviceSession } from './accounts.js';
import type { Clock } from './clock.js';

type GatewayRecord = typeof gateways.$inferSelect;
type MeshRecord = typeof meshItems.$inferSelect;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toRow(g: GatewayRecord): GatewayRow {
  return { _id: g.id, mac_addr: g.mac_addr, device_name: g.device_name, city: g.city, device_status: g.status === 'online' ? 'online' : 'offline', map_lat: g.map_lat, map_lng: g.map_lng };
}

function toMesh(m: MeshRecord): MeshItem {
  return { mac_addr: m.mac_addr, name: m.name, rssi: m.rssi, version: m.version, brightness: m.brightness, connected: m.connected, map_lat: m.map_lat, map_lng: m.map_lng };
}

/** Sunrise and sunset of the day at the gateway's coordinates, as HH:MM in its time zone ('' without coordinates). */
export function sunTimes(at: Date, lat: number | null, lng: number | null, timeZone: string): { sunriseTime: string; sunsetTime: string } {
  if (lat === null || lng === null) return { sunriseTime: '', sunsetTime: '' };
  const t = SunCalc.getTimes(at, lat, lng);
  const fmt = (d: Date) => (Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d));
  return { sunriseTime: fmt(t.sunrise), sunsetTime: fmt(t.sunset) };
}

export function createGatewaysService(deps: { db: DeviceDb; events: DeviceEvents; clock: Clock; instance?: string }) {
  const { db, events, clock } = deps;
  const meters = createMeterBatcher(db, () => new Date(clock.now()));

  async function record(id: string): Promise<GatewayRecord> {
    const [g] = await db.select().from(gateways).where(eq(gateways.id, id));
    if (!g) throw notFound();
    return g;
  }

  return {
    record,

    async list(q: { page: number; pageSize: number; search?: string }) {
      const term = q.search?.trim();
      const where = term ? or(ilike(gateways.mac_addr, likePattern(term)), ilike(gateways.device_name, likePattern(term)), ilike(gateways.city, likePattern(term))) : undefined;
      const [{ n }] = await db.select({ n: count() }).from(gateways).where(where);
      const pages = totalPages(n, q.pageSize);
      const page = Math.min(q.page, pages);
      const rows = await db.select().from(gateways).where(where).orderBy(asc(gateways.device_name), asc(gateways.id)).limit(q.pageSize).offset((page - 1) * q.pageSize);
      return { gatewayList: rows.map(toRow), page, totalPage: pages, totalItemCount: n };
    },

    async details(id: string): Promise<Gateway> {
      const g = await record(id);
      const mesh = await db.select().from(meshItems).where(eq(meshItems.gateway_id, id)).orderBy(asc(meshItems.name), asc(meshItems.mac_addr));
      return {
        ...toRow(g),
        device_description: g.device_description,
        device_city_details: { name: g.city, ...sunTimes(new Date(clock.now()), g.map_lat, g.map_lng, g.time_zone) },
        websocketPort: g.websocket_port,
        root_mesh_ip: g.root_mesh_ip,
        eMeterReadTimestamp: g.meter_read_at ? g.meter_read_at.toISOString() : null,
        eMeterVoltageValue: g.meter_voltage,
        eMeterCurrentValue: g.meter_current,
        mesh_items: mesh.map(toMesh),
        last_seen: g.last_seen ? g.last_seen.toISOString() : null,
        __v: g.version,
      };
    },

    /** Every gateway and its lights, for the map. */
    async map() {
      const all = await db.select().from(gateways).orderBy(asc(gateways.device_name));
      const mesh = all.length ? await db.select().from(meshItems).where(inArray(meshItems.gateway_id, all.map((g) => g.id))) : [];
      return { gateways: all.map((g) => ({ ...toRow(g), mesh_items: mesh.filter((m) => m.gateway_id === g.id).map(toMesh) })) };
    },

    /** Registers a gateway, or gives an existing one a new key (the old one stops working). The key is answered once. */
    async register(actor: DeviceSession | null, input: { mac_addr: string; device_name: string; device_description: string; city: string; map_lat: number | null; map_lng: number | null; time_zone: string }) {
      const key = newGatewayKey();
      const result = await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(gateways).where(eq(gateways.mac_addr, input.mac_addr)).for('update');
        if (existing) {
          await tx.update(gateways).set({ ...input, key_hash: hashKey(key), version: existing.version + 1 }).where(eq(gateways.id, existing.id));
          await tx.insert(deviceLogs).values({ actor: actor?.email ?? 'system', action: 'gateway.rekeyed', gateway_id: existing.id, detail: { mac: input.mac_addr } });
          return { _id: existing.id, created: false };
        }
        const id = newId();
        await tx.insert(gateways).values({ id, ...input, key_hash: hashKey(key) });
        await tx.insert(deviceLogs).values({ actor: actor?.email ?? 'system', action: 'gateway.registered', gateway_id: id, detail: { mac: input.mac_addr, name: input.device_name } });
        return { _id: id, created: true };
      });
      events.publish({ entity: 'gateways', id: result._id, action: result.created ? 'created' : 'updated' });
      return { ...result, mac_addr: input.mac_addr, key };
    },

    async byMac(mac: string): Promise<GatewayRecord | undefined> {
      const [g] = await db.select().from(gateways).where(eq(gateways.mac_addr, mac.trim().toUpperCase()));
      return g;
    },

    /**
     * Online: linked to this instance (ADR 0043). Offline only while still linked here: a gateway that moved to another
     * instance stays online when its old link here ends.
     */
    async setStatus(id: string, status: 'online' | 'offline') {
      const me = deps.instance ?? null;
      if (status === 'online') {
        await db.update(gateways).set({ status, linked_to: me, last_seen: new Date(clock.now()) }).where(eq(gateways.id, id));
      } else {
        const [r] = await db.update(gateways).set({ status, linked_to: null, last_seen: new Date(clock.now()) })
          .where(and(eq(gateways.id, id), me === null ? isNull(gateways.linked_to) : or(isNull(gateways.linked_to), eq(gateways.linked_to, me)))).returning({ id: gateways.id });
        if (!r) return;
      }
      events.publish({ entity: 'gateways', id, action: 'updated' });
    },

    /** This instance holds these links (again, after it was taken for dead): they are online and linked here. */
    async claimLinks(ids: string[], all = false) {
      if (ids.length === 0 || !deps.instance) return;
      const me = deps.instance;
      // Only the rows a sweep let go (linked to no instance), unless the instance's own row was swept too: a row linked
      // to another instance is that one's (the gateway moved; the link here is about to close as replaced).
      await db.update(gateways).set({ status: 'online', linked_to: me })
        .where(and(inArray(gateways.id, ids), all ? undefined : isNull(gateways.linked_to)));
    },

    /** A clean stop: the links held here end (the gateways reconnect to another instance). */
    async releaseLinks() {
      if (!deps.instance) return;
      await db.update(gateways).set({ status: 'offline', linked_to: null }).where(eq(gateways.linked_to, deps.instance));
    },

    async setInfo(id: string, info: { root_mesh_ip: string; websocket_port: number }) {
      await db.update(gateways).set({ root_mesh_ip: info.root_mesh_ip, websocket_port: info.websocket_port }).where(eq(gateways.id, id));
      events.publish({ entity: 'gateways', id, action: 'updated' });
    },

    /**
     * A meter reading, stored as the documented ' / ' strings with its read time, with the other readings of the
     * same 50 ms (meter-batch.ts): one statement for them all.
     */
    async setMeter(id: string, m: MeterReading) {
      await meters.add(id, m);
      events.publish({ entity: 'gateways', id, action: 'updated' });
    },

    /** Stores the meter readings still waiting (the service stopping). */
    flushMeters: () => meters.flush(),

    /** The statement storing a mesh report (the lights' new state), for a caller that sends it with another. */
    meshUpsert(id: string, items: MeshReportItem[]) {
      const now = new Date(clock.now());
      return db.insert(meshItems).values(items.map((m) => ({ gateway_id: id, ...m, updated_at: now })))
        .onConflictDoUpdate({
          target: [meshItems.gateway_id, meshItems.mac_addr],
          set: {
            name: sql`excluded.name`, rssi: sql`excluded.rssi`, version: sql`excluded.version`, brightness: sql`excluded.brightness`,
            connected: sql`excluded.connected`, map_lat: sql`excluded.map_lat`, map_lng: sql`excluded.map_lng`, updated_at: sql`excluded.updated_at`,
          },
        });
    },

    /** Tells the browsers a gateway's lights changed (after a stored mesh report). */
    meshChanged(id: string) { events.publish({ entity: 'gateways', id, action: 'updated' }); },

    async upsertMesh(id: string, items: MeshReportItem[]) {
      if (items.length === 0) return;
      await this.meshUpsert(id, items);
      this.meshChanged(id);
    },

    /** The MAC addresses of a gateway's stored lights. */
    async lightMacs(id: string): Promise<string[]> {
      const rows = await db.select({ mac: meshItems.mac_addr }).from(meshItems).where(eq(meshItems.gateway_id, id));
      return rows.map((r) => r.mac);
    },

    /** A log row of the gateway link (refusals, limits, closed links). */
    async logLink(action: string, gatewayId: string | null, detail: Record<string, unknown>) {
      await db.insert(deviceLogs).values({ actor: 'gateway-link', action, gateway_id: gatewayId, detail });
    },

    /** Every gateway is offline when a service starts: links are re-made by the gateways. */
    async allOffline() {
      await db.update(gateways).set({ status: 'offline', linked_to: null }).where(eq(gateways.status, 'online'));
    },
  };
}
export type GatewaysService = ReturnType<typeof createGatewaysService>;
