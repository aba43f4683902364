import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { LiveEvent, SessionUser } from '@isik/domain';
import { notifyInTx, type Db } from '../../db/database.js';
import { loginAttempts, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { signToken } from '../../lib/tokens.js';
import type { SessionContext } from '../../plugins/auth.js';

export interface AuthDeps { db: Db; secret: string; tokenTtl: string; maxFailures: number; lockMinutes: number }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createAuthService(deps: AuthDeps) {
  const { db } = deps;
  // Verifying against a fixed hash when the user is unknown keeps both paths equally slow.
  const dummyHash = hashPassword('not-a-real-password-0');

  /**
   * Counts the attempt BEFORE the password is checked, in one atomic statement, and answers its number in the
   * window: however many guesses arrive at once, only the first LOGIN_MAX_FAILURES of a window are ever checked.
   * A window older than LOGIN_LOCK_MINUTES (and no lock running) starts again at 1.
   */
  async function countAttempt(email: string, now: Date): Promise<{ n: number; lockedUntil: Date | null }> {
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const windowOpen = sql`${new Date(now.getTime() - deps.lockMinutes * 60_000).toISOString()}::timestamptz`;
    const fresh = sql`((${loginAttempts.locked_until} IS NULL OR ${loginAttempts.locked_until} <= ${nowSql}) AND ${loginAttempts.window_start} <= ${windowOpen})`;
    const [row] = await db.insert(loginAttempts).values({ email, failures: 1, window_start: now, locked_until: null })
      .onConflictDoUpdate({
        target: loginAttempts.email,
        set: {
          failures: sql`CASE WHEN ${fresh} THEN 1 ELSE ${loginAttempts.failures} + 1 END`,
          window_start: sql`CASE WHEN ${fresh} THEN ${nowSql} ELSE ${loginAttempts.window_start} END`,
          locked_until: sql`CASE WHEN ${fresh} THEN NULL ELSE ${loginAttempts.locked_until} END`,
        },
      })
      .returning({ failures: loginAttempts.failures, locked_until: loginAttempts.locked_until });
    return { n: row.failures, lockedUntil: row.locked_until };
  }

  function locked(until: Date | null, now: Date): AppError {
    const ms = until ? until.getTime() - now.getTime() : deps.lockMinutes * 60_000;
    const minutes = Math.max(1, Math.ceil(ms / 60_000));
    return new AppError(429, 'auth.locked', undefined, { minutes }, { status: 'failed' });
  }

  function sessionUser(u: typeof users.$inferSelect): SessionUser {
    return { _id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname, role: u.role, user_img: u.user_img, permissions: (u.permissions ?? {}) as SessionUser['permissions'] };
  }

  return {
    async login(emailRaw: string, password: string) {
      const email = emailRaw.trim().toLowerCase();
      const now = new Date();
      const { n, lockedUntil } = await countAttempt(email, now);
      if (lockedUntil && lockedUntil.getTime() > now.getTime()) throw locked(lockedUntil, now);
      // Beyond the limit nothing is checked, not even a right password (another guess of the burst may still be
      // under way and set the lock a moment later).
      if (n > deps.maxFailures) throw locked(null, now);
      // Slow down repeated guesses before refusing them outright.
      if (n > 2) await sleep(Math.min(2000, 250 * (n - 1)));
      const [u] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      const ok = u ? await verifyPassword(u.password_hash, password) : (await verifyPassword(await dummyHash, password), false);
      if (!u || !ok) {
        if (n >= deps.maxFailures) {
          await db.update(loginAttempts).set({ locked_until: new Date(now.getTime() + deps.lockMinutes * 60_000) })
            .where(and(eq(loginAttempts.email, email), or(isNull(loginAttempts.locked_until), lte(loginAttempts.locked_until, now))));
        }
        throw new AppError(401, 'auth.invalidCredentials', undefined, {}, { status: 'failed' });
      }
      if (!u.userstate) throw new AppError(401, 'auth.inactive', undefined, {}, { status: 'failed' });
      // A successful sign-in starts the count again.
      await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
      const { token, expiresAt } = signToken(deps.secret, { sub: u.id, tv: u.token_version }, deps.tokenTtl);
      return { status: 'successful' as const, token, expiresAt, user: sessionUser(u) };
    },

    verify(s: SessionContext) {
      return { _id: s.id, email: s.email, firstname: s.firstname, lastname: s.lastname, role: s.role, user_img: s.user_img, permissions: s.permissions };
    },

    /** Revokes every token the user holds (they carry the old token version). */
    async logout(s: SessionContext) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ token_version: sql`${users.token_version} + 1` }).where(eq(users.id, s.id));
        // Live sockets opened with the revoked tokens are closed by every instance.
        await notifyInTx(tx, { entity: 'users', id: s.id, action: 'changed' } satisfies LiveEvent);
      });
    },

    issueFor(userId: string, tokenVersion: number) {
      return signToken(deps.secret, { sub: userId, tv: tokenVersion }, deps.tokenTtl);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
