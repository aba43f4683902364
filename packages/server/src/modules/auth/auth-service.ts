import type { SignInRules } from '@isik/devices';
import type { LiveEvent, SessionUser } from '@isik/domain';
import { notifyInTx, type Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { signToken } from '../../lib/tokens.js';
import type { SessionContext } from '../../plugins/auth.js';
import { findUserRowByEmail, revokeUserTokens, type UserRow } from '../users/users-repository.js';
import { loginAttemptsGuard } from './auth-repository.js';

export interface AuthDeps { db: Db; secret: string; tokenTtl: string; signIn: SignInRules }

export function createAuthService(deps: AuthDeps) {
  const { db } = deps;
  // Verifying against a fixed hash when the user is unknown keeps both paths equally slow.
  const dummyHash = hashPassword('not-a-real-password-0');
  // Failures per e-mail and per address, counted before the password is checked (one guard for both sign-ins).
  const guard = loginAttemptsGuard(db, deps.signIn);

  function sessionUser(u: UserRow): SessionUser {
    return { _id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname, role: u.role, user_img: u.user_img, permissions: (u.permissions ?? {}) as SessionUser['permissions'] };
  }

  return {
    /** `address`: the caller's IP address, for the per-address limit. */
    async login(emailRaw: string, password: string, address: string) {
      const email = emailRaw.trim().toLowerCase();
      const attempt = await guard.begin(email, address);
      const u = await findUserRowByEmail(db, email);
      const ok = u ? await verifyPassword(u.password_hash, password) : (await verifyPassword(await dummyHash, password), false);
      if (!u || !ok) {
        await attempt.failed();
        throw new AppError(401, 'auth.invalidCredentials', undefined, {}, { status: 'failed' });
      }
      if (!u.userstate) throw new AppError(401, 'auth.inactive', undefined, {}, { status: 'failed' });
      // A successful sign-in starts the count again.
      await attempt.succeeded();
      const { token, expiresAt } = signToken(deps.secret, { sub: u.id, tv: u.token_version }, deps.tokenTtl);
      return { status: 'successful' as const, token, expiresAt, user: sessionUser(u) };
    },

    verify(s: SessionContext) {
      return { _id: s.id, email: s.email, firstname: s.firstname, lastname: s.lastname, role: s.role, user_img: s.user_img, permissions: s.permissions };
    },

    /** Revokes every token the user holds (they carry the old token version). */
    async logout(s: SessionContext) {
      await db.transaction(async (tx) => {
        await revokeUserTokens(tx, s.id);
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
