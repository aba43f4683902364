import { createSecretKey, randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { hash, verify } from '@node-rs/argon2';
import type { DeviceAccount, SessionUser } from '@isik/domain';
import type { DeviceDb } from './db/types.js';
import { deviceAccounts, deviceLoginAttempts, deviceLogs, deviceSettings } from './db/schema.js';
import { AppError, conflict, notFound } from './errors.js';
import { newId } from './ids.js';
import { createSignInGuard, type SignInRules } from './sign-in-guard.js';

// argon2id, the back office's profile (OWASP: 19 MiB, t=2, p=1).
const ARGON = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (p: string) => hash(p, ARGON);
const verifyPassword = async (h: string, p: string) => { try { return await verify(h, p); } catch { return false; } };

/** Device tokens carry this audience; a back-office token (other secret, no audience) is never one. */
export const DEVICE_AUDIENCE = 'isik-devices';
export const PASSWORD_MIN = 8;

export interface DeviceSession {
  id: string; email: string; name: string; admin: boolean;
  /** When the token ends (ms, on the service's clock): the browser socket closes then. */
  expiresAt?: number;
}

type AccountRow = typeof deviceAccounts.$inferSelect;

function toAccount(r: AccountRow): DeviceAccount {
  return { _id: r.id, email: r.email, name: r.name, admin: r.admin, active: r.active, __v: r.version };
}

/** The same user shape as the back office's login answers; admins show as role 0, others as role 3. */
function sessionUser(r: AccountRow): SessionUser {
  const [firstname, ...rest] = (r.name || r.email).split(' ');
  return { _id: r.id, email: r.email, firstname, lastname: rest.join(' '), role: r.admin ? 0 : 3, user_img: '', permissions: {} };
}

/** The token secret: from configuration, else generated once and kept in the service's own settings table. */
export async function ensureDeviceSecret(db: DeviceDb, configured?: string): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString('hex');
  await db.insert(deviceSettings).values({ key: 'token_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(deviceSettings).where(eq(deviceSettings.key, 'token_secret'));
  return row.value;
}

/**
 * The first device admin (DECISIONS 10), created on an empty accounts table. Without a configured password
 * one is generated and answered so the start can print it once.
 */
export async function ensureDeviceAdmin(db: DeviceDb, email: string, password?: string): Promise<{ created: boolean; email: string; password?: string }> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(deviceAccounts);
  if (n > 0) return { created: false, email };
  const pw = password ?? randomBytes(9).toString('base64url');
  const made = await db.insert(deviceAccounts).values({ id: newId(), email, name: 'Device Admin', password_hash: await hashPassword(pw), admin: true })
    .onConflictDoNothing().returning({ id: deviceAccounts.id });
  // Another instance starting at the same moment made it: its password is the one stored (and the one it prints).
  if (made.length === 0) return { created: false, email };
  await db.insert(deviceLogs).values({ actor: 'system', action: 'account.created', detail: { email, admin: true } });
  return { created: true, email, password: password ? undefined : pw };
}

/**
 * How long a signed-in account's row is reused by the token check (see `session`). Changes made through any instance
 * drop it at once everywhere (ADR 0043); this time only bounds what nothing announces: a row written straight to the
 * table, or a notification lost while the listener was cut off before it noticed.
 */
export const SESSION_CACHE_MS = 5_000;

export function createAccountsService(deps: {
  db: DeviceDb; secret: string; tokenTtl: string; signIn: SignInRules; now?: () => number;
  /** Tells the other instances that an account's sessions may have ended; awaited before the change answers. */
  announce?: (accountId: string) => Promise<void>;
}) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  // The back office's sign-in rules (issue 22): the device admin has the back-office admin's e-mail and password
  // by default, so a guess here must cost what it costs there.
  const guard = createSignInGuard({ db, table: deviceLoginAttempts, rules: deps.signIn, now });
  // The token check's account rows, for a few seconds (no database round trip per call: under a burst of commands
  // it was a third of the statements, docs/performance.md). This service's own account writes drop them before
  // they answer, so a logout, deactivation or new password here is never served stale; the other instances are told
  // (announce, ADR 0043) before the change answers and drop theirs (changedElsewhere).
  const cache = new Map<string, { row: AccountRow; until: number }>();
  let generation = 0;
  const forget = () => { generation++; cache.clear(); };
  const dummy = hashPassword('not-a-real-password-0');
  // A key object made once: given a string, jsonwebtoken first tries it as a public key (createPublicKey, which
  // throws) on every verify, 7 % of the service's CPU under a command burst (docs/performance.md).
  const key = createSecretKey(Buffer.from(deps.secret, 'utf8'));

  // Tokens are issued and checked on the service's clock (a test's clock moves their expiry too).
  const seconds = () => Math.floor(now() / 1000);
  // Who is told when an account's sessions may have ended (sign-out, new password, deactivation): the browser socket.
  const changed = new Set<(accountId: string) => void>();
  const tell = (id: string) => { for (const fn of changed) fn(id); };

  function sign(r: AccountRow) {
    const token = jwt.sign({ sub: r.id, tv: r.token_version, iat: seconds() }, key, { expiresIn: deps.tokenTtl as jwt.SignOptions['expiresIn'], algorithm: 'HS256', audience: DEVICE_AUDIENCE });
    const { exp } = jwt.decode(token) as { exp: number };
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  async function get(id: string): Promise<AccountRow> {
    const [r] = await db.select().from(deviceAccounts).where(eq(deviceAccounts.id, id));
    if (!r) throw notFound();
    return r;
  }

  function checkPassword(p: string): void {
    if (p.length < PASSWORD_MIN) throw new AppError(400, 'password.min', { password: 'password.min' }, { min: PASSWORD_MIN });
  }

  return {
    /** `address`: the caller's IP address, for the per-address limit. */
    async login(emailRaw: string, password: string, address: string) {
      const email = emailRaw.trim().toLowerCase();
      const attempt = await guard.begin(email, address);
      const [r] = await db.select().from(deviceAccounts).where(eq(deviceAccounts.email, email));
      const ok = r ? await verifyPassword(r.password_hash, password) : (await verifyPassword(await dummy, password), false);
      if (!r || !ok) {
        await attempt.failed();
        throw new AppError(401, 'auth.invalidCredentials', undefined, {}, { status: 'failed' });
      }
      if (!r.active) throw new AppError(401, 'auth.inactive', undefined, {}, { status: 'failed' });
      await attempt.succeeded();
      return { status: 'successful' as const, ...sign(r), user: sessionUser(r) };
    },

    /** The live session of a bearer token, or the reason it is none. */
    async session(token: string | null): Promise<DeviceSession | 'missing' | 'invalid' | 'notDevice'> {
      if (!token) return 'missing';
      let claims: jwt.JwtPayload;
      try {
        claims = jwt.verify(token, key, { algorithms: ['HS256'], audience: DEVICE_AUDIENCE, clockTimestamp: seconds() }) as jwt.JwtPayload;
      } catch (e) {
        // A well-formed token of another issuer (the back office's) is told apart from garbage.
        const decoded = jwt.decode(token) as jwt.JwtPayload | null;
        if (decoded && decoded.aud !== DEVICE_AUDIENCE && !(e instanceof jwt.TokenExpiredError)) return 'notDevice';
        return 'invalid';
      }
      if (typeof claims.sub !== 'string') return 'invalid';
      const hit = cache.get(claims.sub);
      let r = hit && hit.until > now() ? hit.row : undefined;
      if (!r) {
        const readAt = generation;
        [r] = await db.select().from(deviceAccounts).where(eq(deviceAccounts.id, claims.sub));
        // A row read before a write of this service dropped the cache may be the old one: not kept.
        if (r && readAt === generation) cache.set(r.id, { row: r, until: now() + SESSION_CACHE_MS });
      }
      if (!r || !r.active || r.token_version !== claims.tv) return 'invalid';
      return { id: r.id, email: r.email, name: r.name || r.email, admin: r.admin, expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : undefined };
    },

    async verify(s: DeviceSession) { return sessionUser(await get(s.id)); },

    async logout(s: DeviceSession) {
      try {
        await db.update(deviceAccounts).set({ token_version: sql`${deviceAccounts.token_version} + 1` }).where(eq(deviceAccounts.id, s.id));
      } finally {
        forget();
      }
      tell(s.id);
      await deps.announce?.(s.id);
    },

    /** Another instance changed an account (`null`: changes may have been missed): its cached rows go. */
    changedElsewhere(accountId: string | null) {
      forget();
      if (accountId !== null) tell(accountId);
    },

    /** Calls `fn` with the account's id after each change that may end its sessions; answers the unsubscribe. */
    onSessionsChanged(fn: (accountId: string) => void): () => void {
      changed.add(fn);
      return () => { changed.delete(fn); };
    },

    async list() {
      const rows = await db.select().from(deviceAccounts).orderBy(asc(deviceAccounts.email));
      return { accountList: rows.map(toAccount) };
    },

    async create(actor: DeviceSession, input: { email: string; name: string; password: string; admin: boolean }) {
      checkPassword(input.password);
      const [taken] = await db.select({ id: deviceAccounts.id }).from(deviceAccounts).where(eq(deviceAccounts.email, input.email));
      if (taken) throw new AppError(409, 'device.account.emailTaken', { email: 'device.account.emailTaken' });
      const row = { id: newId(), email: input.email, name: input.name, admin: input.admin, password_hash: await hashPassword(input.password) };
      await db.transaction(async (tx) => {
        await tx.insert(deviceAccounts).values(row);
        await tx.insert(deviceLogs).values({ actor: actor.email, action: 'account.created', detail: { email: input.email, admin: input.admin } });
      });
      return toAccount(await get(row.id));
    },

    async update(actor: DeviceSession, id: string, input: { name?: string; password?: string; admin?: boolean; active?: boolean; __v?: number }) {
      if (input.password !== undefined) checkPassword(input.password);
      if (id === actor.id && (input.active === false || input.admin === false)) throw new AppError(409, 'device.account.self');
      const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
      try {
        await db.transaction(async (tx) => {
          const [r] = await tx.select().from(deviceAccounts).where(eq(deviceAccounts.id, id)).for('update');
          if (!r) throw notFound();
          if (input.__v !== undefined && input.__v !== r.version) throw conflict();
          // A new password or deactivation ends the account's earlier sessions.
          const revoke = passwordHash !== undefined || (input.active === false && r.active);
          await tx.update(deviceAccounts).set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.admin !== undefined ? { admin: input.admin } : {}),
            ...(input.active !== undefined ? { active: input.active } : {}),
            ...(passwordHash ? { password_hash: passwordHash } : {}),
            token_version: revoke ? r.token_version + 1 : r.token_version,
            version: r.version + 1,
          }).where(eq(deviceAccounts.id, id));
          await tx.insert(deviceLogs).values({ actor: actor.email, action: 'account.updated', detail: { email: r.email, name: input.name, admin: input.admin, active: input.active, password: passwordHash ? 'changed' : undefined } });
        });
      } finally {
        forget();
      }
      tell(id);
      await deps.announce?.(id);
      return toAccount(await get(id));
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
