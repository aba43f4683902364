import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { WEEKDAYS, type LinkProgram, type Program, type ServiceMessage } from '@isik/domain';
import type { DeviceDb, DeviceExecutor } from './db/types.js';
import { deviceLogs, gatewayPrograms, gateways } from './db/schema.js';
import { conflict, notFound } from './errors.js';
import type { DeviceEvents } from './events.js';
import { newId } from './ids.js';
import type { DeviceSession } from './accounts.js';
import type { GatewaysService } from './gateways.js';
import type { LinkSender } from './dispatcher.js';

type ProgramRecord = typeof gatewayPrograms.$inferSelect;
type Days = Record<(typeof WEEKDAYS)[number], boolean>;
export type ProgramFields = { user_defined_time: string; brightness: number } & Days;

function toProgram(r: ProgramRecord): Program {
  return {
    _id: r.id, device_id: r.gateway_id, user_defined_time: r.user_defined_time, brightness: r.brightness,
    monday: r.monday, tuesday: r.tuesday, wednesday: r.wednesday, thursday: r.thursday, friday: r.friday, saturday: r.saturday, sunday: r.sunday,
    __v: r.version,
  };
}

export function toLinkProgram(r: ProgramRecord): LinkProgram {
  return { id: r.id, time: r.user_defined_time, brightness: r.brightness, days: WEEKDAYS.map((d) => r[d]) };
}

/**
 * Programs (DECISIONS 10): stored, then pushed to the gateway whenever they change and whenever it connects.
 * Each change raises the gateway's programs revision in the same transaction; the gateway acknowledges the
 * revision it holds.
 */
export function createProgramsService(deps: {
  db: DeviceDb; events: DeviceEvents; gateways: GatewaysService;
  /** Tells the other instances that a gateway not linked here has new programs (ADR 0043). */
  announce?: (gatewayId: string) => void;
}) {
  const { db, events } = deps;
  let links: LinkSender = { send: () => false, isOnline: () => false };

  async function bump(tx: DeviceExecutor, gatewayId: string) {
    await tx.update(gateways).set({ programs_revision: sql`${gateways.programs_revision} + 1` }).where(eq(gateways.id, gatewayId));
  }

  /** Sends the gateway its programs; `knownRevision` spares a read when the caller has the gateway row. */
  async function push(gatewayId: string, knownRevision?: number): Promise<boolean> {
    if (!links.isOnline(gatewayId)) return false;
    const [g] = knownRevision !== undefined ? [{ revision: knownRevision }]
      : await db.select({ revision: gateways.programs_revision }).from(gateways).where(eq(gateways.id, gatewayId));
    if (!g) return false;
    const rows = await db.select().from(gatewayPrograms).where(eq(gatewayPrograms.gateway_id, gatewayId)).orderBy(asc(gatewayPrograms.user_defined_time), asc(gatewayPrograms.id));
    const msg: ServiceMessage = { type: 'programs', revision: g.revision, programs: rows.map(toLinkProgram) };
    return links.send(gatewayId, msg);
  }

  async function after(gatewayId: string, id: string, action: 'created' | 'updated' | 'deleted') {
    events.publish({ entity: 'gateway_programs', id, device_id: gatewayId, action });
    if (!(await push(gatewayId))) deps.announce?.(gatewayId);
  }

  return {
    attach(sender: LinkSender) { links = sender; },
    push,

    async list(gatewayId: string) {
      await deps.gateways.record(gatewayId);
      const rows = await db.select().from(gatewayPrograms).where(eq(gatewayPrograms.gateway_id, gatewayId)).orderBy(asc(gatewayPrograms.user_defined_time), asc(gatewayPrograms.id));
      return { programList: rows.map(toProgram) };
    },

    async create(actor: DeviceSession, gatewayId: string, input: ProgramFields): Promise<Program> {
      await deps.gateways.record(gatewayId);
      const id = newId();
      await db.transaction(async (tx) => {
        await tx.insert(gatewayPrograms).values({ id, gateway_id: gatewayId, ...input });
        await bump(tx, gatewayId);
        await tx.insert(deviceLogs).values({ actor: actor.email, action: 'program.created', gateway_id: gatewayId, detail: { program: id, ...input } });
      });
      await after(gatewayId, id, 'created');
      const [r] = await db.select().from(gatewayPrograms).where(eq(gatewayPrograms.id, id));
      return toProgram(r);
    },

    async update(actor: DeviceSession, id: string, input: ProgramFields & { __v?: number }): Promise<Program> {
      const { __v, ...fields } = input;
      const gatewayId = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(gatewayPrograms).where(eq(gatewayPrograms.id, id)).for('update');
        if (!r) throw notFound();
        if (__v !== undefined && __v !== r.version) throw conflict();
        await tx.update(gatewayPrograms).set({ ...fields, version: r.version + 1 }).where(eq(gatewayPrograms.id, id));
        await bump(tx, r.gateway_id);
        await tx.insert(deviceLogs).values({ actor: actor.email, action: 'program.updated', gateway_id: r.gateway_id, detail: { program: id, ...fields } });
        return r.gateway_id;
      });
      await after(gatewayId, id, 'updated');
      const [r] = await db.select().from(gatewayPrograms).where(eq(gatewayPrograms.id, id));
      return toProgram(r);
    },

    async remove(actor: DeviceSession, id: string) {
      const gatewayId = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(gatewayPrograms).where(eq(gatewayPrograms.id, id)).for('update');
        if (!r) throw notFound();
        await tx.delete(gatewayPrograms).where(eq(gatewayPrograms.id, id));
        await bump(tx, r.gateway_id);
        await tx.insert(deviceLogs).values({ actor: actor.email, action: 'program.deleted', gateway_id: r.gateway_id, detail: { program: id } });
        return r.gateway_id;
      });
      await after(gatewayId, id, 'deleted');
      return { status: 'ok' as const };
    },

    /** Of the gateways linked here (`ids`), those holding older programs than stored (after missed messages). */
    async behind(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: gateways.id }).from(gateways)
        .where(and(inArray(gateways.id, ids), sql`${gateways.programs_acked} < ${gateways.programs_revision}`));
      return rows.map((r) => r.id);
    },

    async acked(gatewayId: string, revision: number) {
      await db.update(gateways).set({ programs_acked: revision }).where(eq(gateways.id, gatewayId));
    },
  };
}
export type ProgramsService = ReturnType<typeof createProgramsService>;
