import { eq } from 'drizzle-orm';
import { createSignInGuard, type SignInRules } from '@isik/devices';
import type { Db, Executor } from '../../db/database.js';
import { loginAttempts } from '../../db/schema.js';

/** Failures per e-mail and per address, counted in login_attempts before the password is checked (one guard for both sign-ins). */
export function loginAttemptsGuard(db: Db, rules: SignInRules) {
  return createSignInGuard({ db, table: loginAttempts, rules });
}

/** Forgets an e-mail's failed sign-ins and its lock. */
export async function clearLoginAttempts(tx: Executor, email: string): Promise<void> {
  await tx.delete(loginAttempts).where(eq(loginAttempts.email, email));
}
