import { eq, sql } from 'drizzle-orm';
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

  async function failedBefore(email: string): Promise<number> {
    const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.email, email)).limit(1);
    if (!row) return 0;
    if (row.locked_until && row.locked_until.getTime() > Date.now()) {
      const minutes = Math.max(1, Math.ceil((row.locked_until.getTime() - Date.now()) / 60_000));
      throw new AppError(429, 'auth.locked', undefined, { minutes }, { status: 'failed' });
    }
    const windowMs = deps.lockMinutes * 60_000;
    return Date.now() - row.window_start.getTime() > windowMs ? 0 : row.failures;
  }

  async function recordFailure(email: string, previous: number): Promise<void> {
    const failures = previous + 1;
    const lockedUntil = failures >= deps.maxFailures ? new Date(Date.now() + deps.lockMinutes * 60_000) : null;
    await db.insert(loginAttempts).values({ email, failures, window_start: new Date(), locked_until: lockedUntil })
      .onConflictDoUpdate({
        target: loginAttempts.email,
        set: { failures, locked_until: lockedUntil, window_start: previous === 0 ? new Date() : sql`${loginAttempts.window_start}` },
      });
  }

  function sessionUser(u: typeof users.$inferSelect): SessionUser {
    return { _id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname, role: u.role, user_img: u.user_img, permissions: (u.permissions ?? {}) as SessionUser['permissions'] };
  }

  return {
    async login(emailRaw: string, password: string) {
      const email = emailRaw.trim().toLowerCase();
      const previous = await failedBefore(email);
      // Slow down repeated guesses before refusing them outright.
      if (previous >= 2) await sleep(Math.min(2000, 250 * previous));
      const [u] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      const ok = u ? await verifyPassword(u.password_hash, password) : (await verifyPassword(await dummyHash, password), false);
      if (!u || !ok) {
        await recordFailure(email, previous);
        throw new AppError(401, 'auth.invalidCredentials', undefined, {}, { status: 'failed' });
      }
      if (!u.userstate) throw new AppError(401, 'auth.inactive', undefined, {}, { status: 'failed' });
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
