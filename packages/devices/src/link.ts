import type { WebSocket } from 'ws';
import { LINK_CLOSE, gatewayMessageSchema, type GatewayMessage, type ServiceMessage } from '@isik/domain';
import { keyMatches } from './ids.js';
import type { Clock } from './clock.js';
import type { Dispatcher, LinkSender } from './dispatcher.js';
import type { GatewaysService } from './gateways.js';
import type { ProgramsService } from './programs.js';

const HELLO_TIMEOUT_MS = 10_000;

/**
 * The gateways' live links (DECISIONS 10). A gateway opens a WebSocket to /device-api/link and says hello
 * with its MAC address and key; a wrong key is refused (close 4401) and logged. A second link of the same
 * gateway replaces the first. Frames of one link are handled strictly in order; a mesh report directly followed by
 * a command's answer (what a gateway sends after applying a command) is stored in one statement with it.
 */
export function createLinkHub(deps: { gateways: GatewaysService; dispatcher: Dispatcher; programs: ProgramsService; clock: Clock; log?: (msg: string, err?: unknown) => void }) {
  const open = new Map<string, WebSocket>();
  let closing = false;

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
    // Frames (parsed on arrival; null when malformed) and the link's end, handled one after another.
    const queue: ({ m: GatewayMessage | null } | 'closed')[] = [];
    let draining = false;
    const helloTimer = setTimeout(() => { if (!gatewayId) ws.close(LINK_CLOSE.badHello, 'hello expected'); }, HELLO_TIMEOUT_MS);
    helloTimer.unref();

    async function hello(m: GatewayMessage | null) {
      if (!m) { await deps.gateways.logRefused('', 'malformed hello', remote); ws.close(LINK_CLOSE.badHello, 'malformed'); return; }
      if (m.type !== 'hello') { await deps.gateways.logRefused('', 'no hello', remote); ws.close(LINK_CLOSE.badHello, 'hello expected'); return; }
      const g = await deps.gateways.byMac(m.mac);
      if (!g || !keyMatches(m.key, g.key_hash)) {
        await deps.gateways.logRefused(m.mac, g ? 'wrong key' : 'unknown gateway', remote);
        ws.close(LINK_CLOSE.refused, 'refused');
        return;
      }
      clearTimeout(helloTimer);
      gatewayId = g.id;
      const previous = open.get(g.id);
      open.set(g.id, ws);
      if (previous && previous !== ws) previous.close(LINK_CLOSE.replaced, 'replaced');
      await deps.gateways.setStatus(g.id, 'online');
      ws.send(JSON.stringify({ type: 'welcome', gateway_id: g.id, time: new Date(deps.clock.now()).toISOString() } satisfies ServiceMessage));
      await deps.programs.push(g.id, g.programs_revision);
      await deps.dispatcher.onConnect(g.id);
    }

    async function handle(m: GatewayMessage | null): Promise<unknown> {
      if (!gatewayId) return hello(m);
      if (!m) return; // a malformed frame of a known gateway is dropped, the link stays
      const id = gatewayId;
      switch (m.type) {
        case 'hello': return;
        case 'info': return deps.gateways.setInfo(id, m);
        case 'meter': return deps.gateways.setMeter(id, m);
        case 'mesh': {
          const next = queue[0];
          if (next !== 'closed' && next?.m?.type === 'ack') {
            queue.shift();
            return deps.dispatcher.onAck(id, next.m.id, next.m.status, m.items);
          }
          return deps.gateways.upsertMesh(id, m.items);
        }
        case 'ack': return deps.dispatcher.onAck(id, m.id, m.status);
        case 'programs_ack': return deps.programs.acked(id, m.revision);
      }
    }

    async function closed() {
      if (!gatewayId || open.get(gatewayId) !== ws) return;
      open.delete(gatewayId);
      if (closing) return;
      await deps.dispatcher.onDisconnect(gatewayId);
      await deps.gateways.setStatus(gatewayId, 'offline');
    }

    async function drain() {
      while (queue.length > 0) {
        const item = queue.shift()!;
        if (item === 'closed') await closed().catch((e) => deps.log?.('gateway link close', e));
        else await handle(item.m).catch((e) => deps.log?.('gateway link frame', e));
      }
      draining = false;
    }
    // Draining starts after the frames of one read are all queued (a microtask), so a mesh report sees its answer.
    const push = (item: (typeof queue)[number]) => { queue.push(item); if (!draining) { draining = true; queueMicrotask(() => void drain()); } };

    ws.on('message', (data) => {
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
    close() {
      closing = true;
      for (const ws of open.values()) ws.close(1001, 'service stopping');
      open.clear();
    },
  };
}
export type LinkHub = ReturnType<typeof createLinkHub>;
