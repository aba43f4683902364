import { and, asc, eq, inArray, lt, ne, or, isNull, sql } from 'drizzle-orm';
import {
  COMMAND_PAGE_SIZE, COMMAND_TIMEOUT_MS, SET_MESH_STATUS, afterCommandTimeout, totalPages,
  type Command, type CommandPayload, type CommandStatus, type MeshReportItem, type ServiceMessage,
} from '@isik/domain';
import type { DeviceDb } from './db/types.js';
import { deviceLogs, gatewayCommands, gateways, meshItems } from './db/schema.js';
import { badRequest, notFound } from './errors.js';
import type { DeviceEvents } from './events.js';
import { newId } from './ids.js';
import type { Clock } from './clock.js';
import type { DeviceSession } from './accounts.js';
import type { GatewaysService } from './gateways.js';

type CommandRecord = typeof gatewayCommands.$inferSelect;

/** Writes a frame to a gateway's link; false when the gateway has no open link here. */
export interface LinkSender { send(gatewayId: string, msg: ServiceMessage): boolean; isOnline(gatewayId: string): boolean }

/** A command row as a raw statement answers it (timestamps as PostgreSQL's text), as the query builder would. */
function fromDriver(x: Record<string, unknown>): CommandRecord {
  const at = (v: unknown): Date => gatewayCommands.created_at.mapFromDriverValue(v as string) as Date;
  return {
    ...(x as unknown as CommandRecord),
    created_at: at(x.created_at), updated_at: at(x.updated_at), expires_at: at(x.expires_at), sent_at: x.sent_at === null ? null : at(x.sent_at),
  };
}

export function toCommand(r: CommandRecord): Command {
  return {
    _id: r.id, device_id: r.gateway_id, timestamp: r.created_at.toISOString(), command: r.command, payload: r.payload,
    user: r.user_name, status: r.status as CommandStatus, attempts: r.sends, updated: r.updated_at.toISOString(),
  };
}

/**
 * Commands are never silently lost (DECISIONS 10): stored as queued before anything else; written to the
 * gateway's link (sent); completed on its answer; without an answer in 10 s timeout and sent again, at most
 * three times, then failed; queued past their time to live while the gateway is offline, expired. Each move is
 * a conditional UPDATE on the stored status, so an answer racing a timeout settles once. Queued commands
 * survive a restart and go out when their gateway connects.
 */
export function createDispatcher(deps: {
  db: DeviceDb; clock: Clock; events: DeviceEvents; gateways: GatewaysService; ttlMs: number; log?: (msg: string, err?: unknown) => void;
  /** This instance (ADR 0043): what it writes to a link is marked sent_by it. */
  instance?: string;
  /** Tells the other instances that a command waits queued for a gateway not linked here. */
  announce?: (gatewayId: string) => void;
}) {
  const { db, clock, events } = deps;
  const me = deps.instance ?? null;
  /** Per gateway, the flush under way: a gateway's queued commands go out one flush at a time, in order. */
  const flushing = new Map<string, Promise<void>>();
  let links: LinkSender = { send: () => false, isOnline: () => false };
  const timers = new Map<string, unknown>();
  let sweepTimer: unknown;
  let closed = false;
  const listeners = new Set<(c: Command) => void>();

  const date = () => new Date(clock.now());

  function notify(r: CommandRecord) {
    if (listeners.size === 0) return;
    const c = toCommand(r);
    for (const l of listeners) l(c);
  }

  function changed(r: CommandRecord) {
    events.publish({ entity: 'gateway_commands', id: r.id, device_id: r.gateway_id, action: 'updated' });
    notify(r);
  }

  /** Moves a command from one of `from` to `to`; answers the updated row, or undefined when it was elsewhere. */
  async function move(id: string, from: CommandStatus[], to: CommandStatus, extra: Partial<CommandRecord> = {}): Promise<CommandRecord | undefined> {
    const [r] = await db.update(gatewayCommands).set({ status: to, updated_at: date(), ...extra })
      .where(and(eq(gatewayCommands.id, id), inArray(gatewayCommands.status, from))).returning();
    if (r) changed(r);
    return r;
  }

  function clearTimer(id: string) {
    const t = timers.get(id);
    if (t !== undefined) { clock.clearTimeout(t); timers.delete(id); }
  }

  /**
   * Writes a command stored as sent (its attempt `sends`) to its gateway's link and arms its 10 s timeout;
   * false when the link was gone.
   */
  function wire(r: CommandRecord): boolean {
    const ok = links.send(r.gateway_id, { type: 'command', id: r.id, attempt: r.sends, command: SET_MESH_STATUS, payload: r.payload as CommandPayload });
    if (!ok) return false;
    clearTimer(r.id);
    timers.set(r.id, clock.setTimeout(() => { void onTimeout(r.id, r.sends).catch((e) => deps.log?.('command timeout', e)); }, COMMAND_TIMEOUT_MS));
    return true;
  }

  /** Writes a queued (or timed-out) command to its gateway's link; without a link it waits queued. */
  async function send(id: string, gatewayId: string, status: CommandStatus): Promise<CommandRecord | undefined> {
    if (closed) return undefined;
    if (!links.isOnline(gatewayId)) {
      return status === 'timeout' ? move(id, ['timeout'], 'queued') : undefined;
    }
    // The claim: one conditional UPDATE, so of two instances (or two flushes) only one writes it to a link.
    const r = await move(id, ['queued', 'timeout'], 'sent', { sends: sql`${gatewayCommands.sends} + 1` as unknown as number, sent_at: date(), sent_by: me });
    if (!r) return undefined;
    if (!wire(r)) return move(id, ['sent'], 'queued');
    return r;
  }

  async function onTimeout(id: string, sends: number): Promise<void> {
    timers.delete(id);
    const [r] = await db.update(gatewayCommands).set({ status: 'timeout', updated_at: date() })
      .where(and(eq(gatewayCommands.id, id), eq(gatewayCommands.status, 'sent'), eq(gatewayCommands.sends, sends), me === null ? undefined : eq(gatewayCommands.sent_by, me))).returning();
    if (!r) return;
    changed(r);
    if (afterCommandTimeout(r.sends) === 'failed') {
      await move(id, ['timeout'], 'failed');
      await db.insert(deviceLogs).values({ actor: 'dispatcher', action: 'command.failed', gateway_id: r.gateway_id, detail: { command: id, sends: r.sends } });
      return;
    }
    await send(id, r.gateway_id, 'timeout');
  }

  /**
   * The queued commands of several gateways linked here, claimed in one statement (ADR 0043: `cmd` messages arrive
   * grouped, one per command created elsewhere; a flush each cost a read and an UPDATE per command). Locked in id order
   * (two instances claiming at once wait, never deadlock), re-checked as still queued after a wait, so of two claims one
   * writes a command to the link; those past their time to live expire instead. Written to each link oldest first.
   */
  async function claimAll(gatewayIds: string[]): Promise<void> {
    const now = date();
    const res = await db.execute(sql`
      with due as (
        select ${gatewayCommands.id} as id, ${gatewayCommands.expires_at} < ${now} as expired from ${gatewayCommands}
        where ${gatewayCommands.status} = 'queued' and ${inArray(gatewayCommands.gateway_id, gatewayIds)}
        order by ${gatewayCommands.id} for update
      )
      update ${gatewayCommands} c set
        status = case when due.expired then 'expired' else 'sent' end,
        sends = case when due.expired then c.sends else c.sends + 1 end,
        sent_at = case when due.expired then c.sent_at else ${now} end,
        sent_by = case when due.expired then c.sent_by else ${me} end,
        updated_at = ${now}
      from due where c.id = due.id
      returning c.*`);
    const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows.map(fromDriver)
      .sort((x, y) => x.created_at.getTime() - y.created_at.getTime() || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    for (const r of rows) {
      changed(r);
      if (r.status === 'sent' && !wire(r)) await move(r.id, ['sent'], 'queued');
    }
  }

  /** Writes the gateway's queued commands to its link here, oldest first (expired ones expire); one flush at a time. */
  function flush(gatewayId: string): Promise<void> {
    if (closed || !links.isOnline(gatewayId)) return flushing.get(gatewayId) ?? Promise.resolve();
    const next = (flushing.get(gatewayId) ?? Promise.resolve()).then(() => (closed || !links.isOnline(gatewayId) ? undefined : claimAll([gatewayId]))).catch((e) => deps.log?.('command flush', e)).finally(() => { if (flushing.get(gatewayId) === next) flushing.delete(gatewayId); });
    flushing.set(gatewayId, next);
    return next;
  }

  /**
   * Flushes these gateways (those linked here): one claim for all that have no flush under way; the others after
   * theirs (a gateway's commands go out one flush at a time, in order).
   */
  function flushMany(gatewayIds: string[]): Promise<void> {
    const ids = [...new Set(gatewayIds)].filter((g) => links.isOnline(g));
    if (closed || ids.length === 0) return Promise.resolve();
    const free = ids.filter((g) => !flushing.has(g));
    const rest = ids.filter((g) => flushing.has(g)).map((g) => flush(g));
    if (free.length === 0) return Promise.all(rest).then(() => undefined);
    const batch = claimAll(free).catch((e) => deps.log?.('command claim', e)).finally(() => {
      for (const g of free) if (flushing.get(g) === batch) flushing.delete(g);
    });
    for (const g of free) flushing.set(g, batch);
    return Promise.all([batch, ...rest]).then(() => undefined);
  }

  /** Gateways told in this turn that commands wait for them, flushed together at its end. */
  let told = new Set<string>();
  function flushSoon(gatewayId: string) {
    if (told.size === 0) setImmediate(() => { const ids = [...told]; told = new Set(); void flushMany(ids); });
    told.add(gatewayId);
  }

  async function expireDue(gatewayId?: string): Promise<void> {
    const rows = await db.update(gatewayCommands).set({ status: 'expired', updated_at: date() })
      .where(and(eq(gatewayCommands.status, 'queued'), lt(gatewayCommands.expires_at, date()), gatewayId ? eq(gatewayCommands.gateway_id, gatewayId) : undefined))
      .returning();
    for (const r of rows) changed(r);
  }

  function scheduleSweep() {
    if (closed) return;
    sweepTimer = clock.setTimeout(() => {
      void expireDue().catch((e) => deps.log?.('command expiry', e)).finally(scheduleSweep);
    }, 30_000);
  }

  return {
    attach(sender: LinkSender) { links = sender; },

    /**
     * At start: commands that were on the wire when the service stopped wait for their gateway again. `requeue`
     * false (instances sharing the database, ADR 0043): another instance's commands on the wire are its own; those of
     * a dead instance are queued again by the sweep.
     */
    async recover(opts: { requeue: boolean } = { requeue: true }) {
      const rows = !opts.requeue ? [] : await db.update(gatewayCommands).set({ status: 'queued', updated_at: date() })
        .where(inArray(gatewayCommands.status, ['sent', 'timeout'])).returning({ id: gatewayCommands.id });
      await expireDue();
      scheduleSweep();
      return rows.length;
    },

    async create(actor: DeviceSession, input: { device_id: string; command: string; payload: CommandPayload }): Promise<Command> {
      const macs = [...new Set(input.payload.macs)];
      const gatewayId = input.device_id;
      const now = date();
      // Checked and stored, with its log row, in one statement before anything is written to the link: as sent
      // (attempt 1) when the gateway's link is open here, else queued; nothing is stored when the gateway is
      // unknown or a light is not its own. Checked, stored as queued and then moved to sent, it took five more
      // round trips (a query, a transaction and an UPDATE) before the gateway saw it (docs/performance.md).
      const online = !closed && links.isOnline(gatewayId);
      const row: CommandRecord = {
        id: newId(), gateway_id: gatewayId, command: SET_MESH_STATUS, payload: { macs, cid: input.payload.cid, value: input.payload.value },
        account_id: actor.id, user_name: actor.name, status: online ? 'sent' : 'queued', sends: online ? 1 : 0, sent_by: online ? me : null,
        created_at: now, updated_at: now, sent_at: online ? now : null, expires_at: new Date(now.getTime() + deps.ttlMs),
      };
      const res = await db.execute(sql`
        with g as (
          select array(select ${meshItems.mac_addr} from ${meshItems} where ${meshItems.gateway_id} = ${gatewayId} and ${inArray(meshItems.mac_addr, macs)}) as known
          from ${gateways} where ${gateways.id} = ${gatewayId}
        ), stored as (
          insert into ${gatewayCommands} (id, gateway_id, command, payload, account_id, user_name, status, sends, created_at, updated_at, sent_at, expires_at, sent_by)
          select ${row.id}, ${gatewayId}, ${row.command}, ${JSON.stringify(row.payload)}::jsonb, ${row.account_id}, ${row.user_name}, ${row.status}, ${row.sends},
            ${now}, ${now}, ${row.sent_at}, ${row.expires_at}, ${row.sent_by}
          from g where cardinality(g.known) = ${macs.length}
          returning id
        ), logged as (
          insert into ${deviceLogs} (actor, action, gateway_id, detail)
          select ${actor.email}, 'command.created', ${gatewayId}, ${JSON.stringify({ command: row.id, payload: row.payload })}::jsonb from stored
        )
        select known from g`);
      const [g] = (res as unknown as { rows: { known: string[] }[] }).rows;
      if (!g) throw notFound();
      const unknown = macs.filter((m) => !g.known.includes(m));
      if (unknown.length) throw badRequest('device.macs.unknown', { 'payload.macs': 'device.macs.unknown' }, { macs: unknown.slice(0, 5).join(', ') });
      events.publish({ entity: 'gateway_commands', id: row.id, device_id: gatewayId, action: 'created' });
      notify(row);
      let r: CommandRecord | undefined = row;
      // The link went away since: the command waits queued for the gateway's next connection.
      if (online && !wire(row)) r = await move(row.id, ['sent'], 'queued');
      // Stored queued: the gateway may have connected meanwhile (after its connection read the queued commands).
      if (r?.status === 'queued') r = (await send(row.id, gatewayId, 'queued')) ?? r;
      r ??= (await deps.db.select().from(gatewayCommands).where(eq(gatewayCommands.id, row.id)))[0];
      // Not linked here: the instance holding the gateway's link (if any) is told; the row is the truth either way.
      if (r.status === 'queued' && !links.isOnline(gatewayId)) deps.announce?.(gatewayId);
      // Waiting for an offline gateway: it expires at its time to live unless the gateway comes back first.
      if (r.status === 'queued') {
        const key = `expire:${r.id}`;
        timers.set(key, clock.setTimeout(() => { timers.delete(key); void expireDue(gatewayId).catch((e) => deps.log?.('command expiry', e)); }, deps.ttlMs + 1));
      }
      return toCommand(r);
    },

    async list(gatewayId: string, q: { page: number; pageSize: number } = { page: 1, pageSize: COMMAND_PAGE_SIZE }) {
      await deps.gateways.record(gatewayId);
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(gatewayCommands).where(eq(gatewayCommands.gateway_id, gatewayId));
      const pages = totalPages(n, q.pageSize);
      const page = Math.min(q.page, pages);
      const rows = await db.select().from(gatewayCommands).where(eq(gatewayCommands.gateway_id, gatewayId))
        .orderBy(sql`${gatewayCommands.created_at} desc`, asc(gatewayCommands.id)).limit(q.pageSize).offset((page - 1) * q.pageSize);
      return { commandList: rows.map(toCommand), page, totalPage: pages, totalItemCount: n };
    },

    /** How many commands are in each state (/metrics, read at scrape time). */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db.select({ status: gatewayCommands.status, n: sql<number>`count(*)::int` }).from(gatewayCommands).groupBy(gatewayCommands.status);
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },

    async get(id: string): Promise<Command | undefined> {
      const [r] = await db.select().from(gatewayCommands).where(eq(gatewayCommands.id, id));
      return r ? toCommand(r) : undefined;
    },

    /**
     * The gateway answered a command. A late answer (after a timeout, before failing) still completes it. `mesh`:
     * the lights' report the gateway sent just before its answer, stored in the same statement (one round trip).
     */
    async onAck(gatewayId: string, id: string, status: 'completed' | 'rejected', mesh?: MeshReportItem[]) {
      const update = db.update(gatewayCommands).set({ status: status === 'completed' ? 'completed' : 'failed', updated_at: date() })
        .where(and(eq(gatewayCommands.id, id), eq(gatewayCommands.gateway_id, gatewayId), inArray(gatewayCommands.status, ['sent', 'timeout']))).returning();
      let r: CommandRecord | undefined;
      if (mesh?.length) {
        const res = await db.execute(sql`with mesh as (${deps.gateways.meshUpsert(gatewayId, mesh).getSQL()}) ${update.getSQL()}`);
        deps.gateways.meshChanged(gatewayId);
        const [raw] = (res as unknown as { rows: Record<string, unknown>[] }).rows;
        r = raw ? fromDriver(raw) : undefined;
      } else {
        [r] = await update;
      }
      if (!r) return;
      clearTimer(id);
      changed(r);
    },

    /**
     * A gateway connected here: what another instance (or a run before) had on the wire to it went down with that
     * link and waits queued again; what expired while it was away expires, the rest goes out in order.
     */
    async onConnect(gatewayId: string) {
      if (me !== null) {
        const rows = await db.update(gatewayCommands).set({ status: 'queued', updated_at: date() })
          .where(and(eq(gatewayCommands.gateway_id, gatewayId), inArray(gatewayCommands.status, ['sent', 'timeout']), or(isNull(gatewayCommands.sent_by), ne(gatewayCommands.sent_by, me))))
          .returning();
        for (const r of rows) changed(r);
      }
      await flush(gatewayId);
    },

    flush,
    flushMany,
    /** Another instance said commands wait for this gateway: flushed with the others told in this turn (one claim). */
    flushSoon,

    /** The gateways linked here (of `ids`) that have commands waiting queued: the safety net's look at the table. */
    async waiting(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectDistinct({ g: gatewayCommands.gateway_id }).from(gatewayCommands)
        .where(and(eq(gatewayCommands.status, 'queued'), inArray(gatewayCommands.gateway_id, ids)));
      return rows.map((r) => r.g);
    },

    /** A clean stop of a shared instance: what it has on the wire waits queued for the gateway's next link. */
    async release(): Promise<string[]> {
      if (me === null) return [];
      const rows = await db.update(gatewayCommands).set({ status: 'queued', updated_at: date() })
        .where(and(inArray(gatewayCommands.status, ['sent', 'timeout']), eq(gatewayCommands.sent_by, me))).returning();
      for (const r of rows) changed(r);
      return [...new Set(rows.map((r) => r.gateway_id))];
    },

    /** A link dropped: what this instance had on the wire to it waits for the next connection. */
    async onDisconnect(gatewayId: string) {
      const rows = await db.select({ id: gatewayCommands.id }).from(gatewayCommands)
        .where(and(eq(gatewayCommands.gateway_id, gatewayId), inArray(gatewayCommands.status, ['sent', 'timeout']), me === null ? undefined : eq(gatewayCommands.sent_by, me)));
      for (const r of rows) { clearTimer(r.id); await move(r.id, ['sent', 'timeout'], 'queued'); }
    },

    /** Tests and the benchmark follow command moves here. */
    onChange(fn: (c: Command) => void): () => void { listeners.add(fn); return () => { listeners.delete(fn); }; },

    close() {
      closed = true;
      for (const t of timers.values()) clock.clearTimeout(t);
      timers.clear();
      if (sweepTimer !== undefined) clock.clearTimeout(sweepTimer);
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
