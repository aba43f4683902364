import type { WebSocket } from 'ws';
import { LINK_CLOSE, gatewayMessageSchema, type GatewayMessage, type MeshReportItem, type ServiceMessage } from '@isik/domain';
import { keyMatches } from './ids.js';
import type { Clock } from './clock.js';
import type { Dispatcher, LinkSender } from './dispatcher.js';
import type { GatewaysService } from './gateways.js';
import type { ProgramsService } from './programs.js';

const HELLO_TIMEOUT_MS = 10_000;
/** How long an overloaded link's close frame has to reach its gateway before the socket is cut. */
const OVERLOAD_CUT_MS = 1000;
/** Refused link attempts logged one row each in a window; the window's further refusals are counted into one row. */
export const REFUSAL_SAMPLE = 5;
export const REFUSAL_WINDOW_MS = 60_000;
/** How many distinct addresses and MAC addresses a refusal summary (or the lights limit's row) names. */
const NAMED = 5;

/** What one link may cost (DEVICE_MAX_LIGHTS, DEVICE_LINK_QUEUE). */
export interface LinkLimits { maxLights: number; queue: number }

type Log = (msg: string, err?: unknown) => void;

/**
 * Refused link attempts, sampled: in each window of REFUSAL_WINDOW_MS (from its first refusal) the first
 * REFUSAL_SAMPLE refusals are logged one row each (`link.refused`, as a single refusal always was); when more came,
 * one `link.refused.summary` row at the window's end counts them all, by reason, with a few of their addresses and MAC
 * addresses. 1,500 guesses in a few seconds cost REFUSAL_SAMPLE + 1 rows, and the rows still say how many there were.
 */
function createRefusalLog(deps: { gateways: GatewaysService; clock: Clock; log?: Log }) {
  interface Window { since: number; refused: number; logged: number; reasons: Record<string, number>; remotes: Set<string>; macs: Set<string>; timer: unknown }
  let current: Window | null = null;
  let writing: Promise<void> = Promise.resolve();
  const write = (fn: () => Promise<void>) => {
    writing = writing.then(fn).catch((e) => deps.log?.('gateway link refusal log', e));
    return writing;
  };

  /** Ends the window (its summary row, when it counted more than it logged); resolves when the rows are written. */
  function flush(): Promise<void> {
    const w = current;
    current = null;
    if (w) {
      deps.clock.clearTimeout(w.timer);
      if (w.refused > w.logged) {
        const detail = {
          refused: w.refused, logged: w.logged, reasons: w.reasons, remotes: [...w.remotes], macs: [...w.macs],
          since: new Date(w.since).toISOString(), until: new Date(deps.clock.now()).toISOString(),
        };
        void write(() => deps.gateways.logLink('link.refused.summary', null, detail));
      }
    }
    return writing;
  }

  return {
    flush,
    note(r: { mac: string; reason: string; remote?: string; gatewayId?: string | null }): Promise<void> {
      if (!current) {
        current = { since: deps.clock.now(), refused: 0, logged: 0, reasons: {}, remotes: new Set(), macs: new Set(), timer: undefined };
        current.timer = deps.clock.setTimeout(() => { void flush(); }, REFUSAL_WINDOW_MS);
      }
      const w = current;
      const mac = r.mac.slice(0, 40);
      w.refused++;
      w.reasons[r.reason] = (w.reasons[r.reason] ?? 0) + 1;
      if (r.remote && w.remotes.size < NAMED) w.remotes.add(r.remote);
      if (mac && w.macs.size < NAMED) w.macs.add(mac);
      if (w.logged >= REFUSAL_SAMPLE) return Promise.resolve();
      w.logged++;
      return write(() => deps.gateways.logLink('link.refused', r.gatewayId ?? null, { mac, reason: r.reason, remote: r.remote }));
    },
  };
}

/**
 * The gateways' live links (DECISIONS 10). A gateway opens a WebSocket to /device-api/link and says hello
 * with its MAC address and key; a wrong key is refused (close 4401) and logged (sampled: createRefusalLog). A second
 * link of the same gateway replaces the first. Frames of one link are handled strictly in order; a mesh report directly
 * followed by a command's answer (what a gateway sends after applying a command) is stored in one statement with it.
 *
 * What a link may cost is bounded (issue 22): a gateway keeps at most `limits.maxLights` lights (new ones beyond are
 * not stored; logged once); at most `limits.queue` frames wait to be handled, and one more closes the link (4429,
 * logged) and drops what waited, so a flood costs one queue's worth of work and its further frames are not even parsed.
 */
export function createLinkHub(deps: {
  gateways: GatewaysService; dispatcher: Dispatcher; programs: ProgramsService; clock: Clock; limits: LinkLimits; log?: Log;
  /** Tells the other instances that a gateway said hello here at `at` (ADR 0043): an older link elsewhere closes. */
  announce?: (gatewayId: string, at: number) => void;
}) {
  const open = new Map<string, WebSocket>();
  /** When each open link said hello (wall clock, compared across instances). */
  const since = new Map<string, number>();
  /**
   * Per gateway with a link here: its lights' MAC addresses (stored, or on their way) and whether the lights limit was
   * logged; shared by all its links (a replaced one may still be draining), dropped with the last of them.
   */
  interface LightSet { macs: Set<string>; logged: boolean; links: number }
  const lights = new Map<string, LightSet>();
  const refusals = createRefusalLog(deps);
  let closing = false;

  /** The reported lights the gateway may have: those it has, then new ones while there is room. */
  async function admit(id: string, set: LightSet, items: MeshReportItem[]): Promise<MeshReportItem[]> {
    const kept: MeshReportItem[] = [];
    const refused: string[] = [];
    for (const item of items) {
      if (set.macs.has(item.mac_addr) || set.macs.size < deps.limits.maxLights) {
        set.macs.add(item.mac_addr);
        kept.push(item);
      } else refused.push(item.mac_addr);
    }
    if (refused.length > 0 && !set.logged) {
      set.logged = true;
      await deps.gateways.logLink('link.lights_limit', id, {
        reason: `more lights than DEVICE_MAX_LIGHTS: new lights are not stored`, limit: deps.limits.maxLights, macs: refused.slice(0, NAMED),
      }).catch((e) => deps.log?.('gateway link log', e));
    }
    return kept;
  }

  const sender: LinkSender = {
    isOnline: (id) => open.get(id)?.readyState === 1,
    send(id, msg: ServiceMessage) {
      const ws = open.get(id);
      if (!ws || ws.readyState !== 1) return false;
      ws.send(JSON.stringify(msg));
      return true;
    },
  };

  function accept(ws: WebSocket, remote?: string) {
    let gatewayId: string | null = null;
    let own: LightSet | null = null;
    // Frames (parsed on arrival; null when malformed) and the link's end, handled one after another.
    const queue: ({ m: GatewayMessage | null } | 'closed')[] = [];
    let draining = false;
    /** Refused or overloaded: the link is closing and its further frames are neither read nor handled. */
    let ended = false;
    const helloTimer = setTimeout(() => { if (!gatewayId) ws.close(LINK_CLOSE.badHello, 'hello expected'); }, HELLO_TIMEOUT_MS);
    helloTimer.unref();

    /** Stops handling the link: what waits is dropped (but its end is still handled), and it closes. */
    function end(code: number, reason: string) {
      ended = true;
      queue.splice(0, queue.length, ...queue.filter((item) => item === 'closed'));
      ws.close(code, reason);
    }

    /**
     * Too many frames: the link ends, and its socket is no longer even read (what the gateway still sends waits in the
     * network, not in this process); it is cut after a moment, time for the close frame to reach the gateway.
     */
    function overload() {
      end(LINK_CLOSE.overloaded, 'too many frames');
      ws.pause();
      setTimeout(() => ws.terminate(), OVERLOAD_CUT_MS).unref();
      const detail = { reason: 'frame queue full', limit: deps.limits.queue, remote };
      if (gatewayId) void deps.gateways.logLink('link.closed', gatewayId, detail).catch((e) => deps.log?.('gateway link log', e));
      else void refusals.note({ mac: '', reason: 'frame queue full before welcome', remote });
    }

    /** Refused: handling stops at once; the link closes once its log row (if sampled) is written, so a gateway told it was refused finds the row. */
    async function refuse(mac: string, reason: string, code: number, text: string, id?: string) {
      ended = true;
      queue.splice(0, queue.length, ...queue.filter((item) => item === 'closed'));
      await refusals.note({ mac, reason, remote, gatewayId: id });
      ws.close(code, text);
    }

    async function hello(m: GatewayMessage | null) {
      if (!m) return refuse('', 'malformed hello', LINK_CLOSE.badHello, 'malformed');
      if (m.type !== 'hello') return refuse('', 'no hello', LINK_CLOSE.badHello, 'hello expected');
      const g = await deps.gateways.byMac(m.mac);
      if (!g || !keyMatches(m.key, g.key_hash)) return refuse(m.mac, g ? 'wrong key' : 'unknown gateway', LINK_CLOSE.refused, 'refused', g?.id);
      clearTimeout(helloTimer);
      let set = lights.get(g.id);
      if (!set) {
        const macs = await deps.gateways.lightMacs(g.id);
        set = lights.get(g.id) ?? { macs: new Set(macs), logged: false, links: 0 };
        lights.set(g.id, set);
      }
      // Closed while its hello was checked (the hello timed out under load, the gateway gave up): not registered, nor
      // announced, else this dead link would replace the gateway's newer link on another instance (ADR 0043).
      if (ended || ws.readyState !== ws.OPEN) return;
      set.links++;
      own = set;
      gatewayId = g.id;
      const previous = open.get(g.id);
      open.set(g.id, ws);
      const at = Date.now();
      since.set(g.id, at);
      deps.announce?.(g.id, at);
      if (previous && previous !== ws) previous.close(LINK_CLOSE.replaced, 'replaced');
      await deps.gateways.setStatus(g.id, 'online');
      ws.send(JSON.stringify({ type: 'welcome', gateway_id: g.id, time: new Date(deps.clock.now()).toISOString() } satisfies ServiceMessage));
      await deps.programs.push(g.id, g.programs_revision);
      await deps.dispatcher.onConnect(g.id);
    }

    async function handle(m: GatewayMessage | null): Promise<unknown> {
      if (!gatewayId || !own) return hello(m);
      if (!m) return; // a malformed frame of a known gateway is dropped, the link stays
      const id = gatewayId;
      switch (m.type) {
        case 'hello': return;
        case 'info': return deps.gateways.setInfo(id, m);
        case 'meter': return deps.gateways.setMeter(id, m);
        case 'mesh': {
          const items = await admit(id, own, m.items);
          const next = queue[0];
          if (next !== 'closed' && next?.m?.type === 'ack') {
            queue.shift();
            return deps.dispatcher.onAck(id, next.m.id, next.m.status, items);
          }
          return deps.gateways.upsertMesh(id, items);
        }
        case 'ack': return deps.dispatcher.onAck(id, m.id, m.status);
        case 'programs_ack': return deps.programs.acked(id, m.revision);
      }
    }

    async function closed() {
      if (!gatewayId || !own) return;
      if (--own.links === 0 && lights.get(gatewayId) === own) lights.delete(gatewayId);
      if (open.get(gatewayId) !== ws) return;
      open.delete(gatewayId);
      since.delete(gatewayId);
      if (closing) return;
      await deps.dispatcher.onDisconnect(gatewayId);
      await deps.gateways.setStatus(gatewayId, 'offline');
    }

    async function drain() {
      while (queue.length > 0) {
        const item = queue.shift()!;
        if (item === 'closed') await closed().catch((e) => deps.log?.('gateway link close', e));
        else if (!ended) await handle(item.m).catch((e) => deps.log?.('gateway link frame', e));
      }
      draining = false;
    }
    // Draining starts after the frames of one read are all queued (a microtask), so a mesh report sees its answer.
    const push = (item: (typeof queue)[number]) => { queue.push(item); if (!draining) { draining = true; queueMicrotask(() => void drain()); } };

    ws.on('message', (data) => {
      if (ended) return;
      // Faster than the service stores: the link closes (the gateway reconnects) rather than queue without end.
      if (queue.length >= deps.limits.queue) { overload(); return; }
      let m: GatewayMessage | null = null;
      try {
        const parsed = gatewayMessageSchema.safeParse(JSON.parse(data.toString()));
        if (parsed.success) m = parsed.data;
      } catch { /* malformed */ }
      push({ m });
    });
    ws.on('close', () => {
      clearTimeout(helloTimer);
      push('closed');
    });
  }

  return {
    sender,
    accept,
    get count() { return open.size; },
    /** The gateways linked here. */
    ids: () => [...open.keys()],
    /** The gateway said hello to another instance at `at`: a link here from before that is replaced. */
    replacedElsewhere(gatewayId: string, at: number) {
      const ws = open.get(gatewayId);
      if (!ws || (since.get(gatewayId) ?? 0) > at) return;
      ws.close(LINK_CLOSE.replaced, 'replaced');
    },
    /** Writes the refusal summary of the window under way (tests, and the service stopping). */
    flushRefusals: () => refusals.flush(),
    close(): Promise<void> {
      closing = true;
      for (const ws of open.values()) ws.close(1001, 'service stopping');
      open.clear();
      since.clear();
      return refusals.flush();
    },
  };
}
export type LinkHub = ReturnType<typeof createLinkHub>;
