import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { hasModulePermission, type Action, type Module, type Permissions } from '@isik/domain';
import type { Db } from '../db/database.js';
import { users } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import { readToken } from '../lib/tokens.js';
import type { Actor } from '../lib/log.js';

export interface SessionContext extends Actor {
  email: string;
  firstname: string;
  lastname: string;
  permissions: Permissions;
  user_img: string;
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public' = no token; a number = the highest role number allowed (the route level). Missing = level 0. */
    level?: number | 'public';
    /** The route's entry in the action table (`actionConfig(key)`), which gave the level, module and action. */
    act?: string;
    /** Module of the permission grid this route writes or deletes in. */
    module?: Module;
    action?: Action;
  }
  interface FastifyRequest { session: SessionContext | null }
  interface FastifyInstance { routeTable: RouteEntry[]; userCache: UserCache }
}

/** One registered route and its guard, as the contract tests walk them. */
export interface RouteEntry { method: string; url: string; level: number | 'public' | undefined; module?: Module; action?: Action; act?: string }

/** Whether an action-table key names this route: 'METHOD /api/path'; a delete registered as GET and DELETE is keyed DELETE. */
export function actsFor(key: string, method: string, url: string): boolean {
  const [m, path] = key.split(' ');
  return path === url && (m === method || (m === 'DELETE' && method === 'GET'));
}

export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : null;
}

type UserRow = typeof users.$inferSelect;

/**
 * The users the session check has read, per API instance (issue 9: no database round trip per request).
 * Every change of a user publishes a `users` live event; each instance drops that user on the event
 * (LISTEN/NOTIFY, so across instances), and this instance also drops all on its own user and auth writes
 * before it answers them, so a revocation is never served stale by the instance that made it.
 */
export class UserCache {
  private readonly rows = new Map<string, UserRow>();
  /** Counts drops: a row read before a drop is not cached after it (it may be the old one). */
  generation = 0;
  /** max 0: nothing is cached (an app without live events). */
  constructor(private readonly max = 10_000) {}
  get(id: string): UserRow | undefined { return this.rows.get(id); }
  set(row: UserRow, readAt: number): void {
    if (this.max === 0 || readAt !== this.generation) return;
    if (this.rows.size >= this.max) this.rows.clear();
    this.rows.set(row.id, row);
  }
  private readonly waiting = new Set<{ id: string; resolve: () => void }>();
  drop(id?: string): void {
    this.generation++;
    if (id) this.rows.delete(id); else this.rows.clear();
    for (const w of this.waiting) {
      if (!id || w.id === id) {
        this.waiting.delete(w);
        w.resolve();
      }
    }
  }
  /** Resolves at the next drop of this user (or of all): how a caller knows a live event has been applied here. */
  dropped(id: string): Promise<void> {
    return new Promise((resolve) => { this.waiting.add({ id, resolve }); });
  }
  get size(): number { return this.rows.size; }
}

/**
 * Resolves a token to a live session: the user must exist, be active and the token not revoked. With a
 * cache, the user is read from it when present (see UserCache); without, always from the database.
 */
export async function sessionFromToken(db: Db, secret: string, token: string | null, cache?: UserCache): Promise<SessionContext | null> {
  if (!token) return null;
  const claims = readToken(secret, token);
  if (!claims) return null;
  let u = cache?.get(claims.sub);
  if (!u) {
    const readAt = cache?.generation ?? 0;
    [u] = await db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
    if (u && cache) cache.set(u, readAt);
  }
  if (!u || !u.userstate || u.token_version !== claims.tv) return null;
  return {
    id: u.id, name: `${u.firstname} ${u.lastname}`.trim(), role: u.role, email: u.email,
    firstname: u.firstname, lastname: u.lastname, permissions: (u.permissions ?? {}) as Permissions,
    user_img: u.user_img, tokenVersion: u.token_version,
  };
}

/**
 * Checks every route's level on the server (DECISIONS 2): a call is allowed when its level >= the role.
 * Routes without a level are closed to all but role 0, so a forgotten declaration fails closed.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; secret: string; listen?: (onPayload: (payload: string) => void, onResume?: () => void) => Promise<() => Promise<void>> }) => {
  app.decorateRequest('session', null);
  const cache = new UserCache(opts.listen ? 10_000 : 0);
  app.decorate('userCache', cache);
  if (opts.listen) {
    const unlisten = await opts.listen((payload) => {
      try {
        const e = JSON.parse(payload) as { entity?: string; id?: string };
        if (e.entity === 'users') cache.drop(e.id);
      } catch { /* not ours */ }
    // The events connection dropped and came back: changes of users meanwhile were not heard.
    }, () => cache.drop());
    app.addHook('onClose', async () => { await unlisten(); });
  }
  // This instance's own writes to users and sessions: nothing stale is served after their answer.
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET' && /^\/api\/(users|auth)\//.test(req.url)) cache.drop();
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    const config = (r.config ?? {}) as { level?: number | 'public'; module?: Module; action?: Action; act?: string };
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      // A route names its own entry of the action table: a copy-paste slip fails at start, not in production.
      if (config.act && !actsFor(config.act, method, r.url)) throw new Error(`${method} ${r.url} takes the action of ${config.act}`);
      routeTable.push({ method, url: r.url, level: config.level, module: config.module, action: config.action, act: config.act });
    }
  });
  // On request, before the body is even parsed: a caller without a valid token or with too low a role learns
  // nothing about the body rules (not even that the JSON was malformed).
  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config ?? {};
    const url = req.routeOptions.url;
    // Only API calls are guarded here: static files and the docs are open, the socket checks its own token.
    if (url === undefined || !url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const level = cfg.level ?? 0;
    const token = bearer(req);
    if (level === 'public') {
      if (token) req.session = await sessionFromToken(opts.db, opts.secret, token, cache);
      return;
    }
    if (!token) throw new AppError(401, 'error.unauthorized');
    const s = await sessionFromToken(opts.db, opts.secret, token, cache);
    if (!s) throw new AppError(401, 'error.tokenInvalid');
    req.session = s;
    if (s.role > level) throw new AppError(403, 'error.forbidden');
    if (cfg.module && cfg.action && !hasModulePermission(s.permissions, cfg.module, cfg.action)) {
      throw new AppError(403, 'error.modulePermission');
    }
  });
});

export function requireSession(req: FastifyRequest): SessionContext {
  if (!req.session) throw new AppError(401, 'error.unauthorized');
  return req.session;
}
