import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError, createRateLimiter } from '@isik/domain';
import type { DeviceDb } from './db/types.js';

/** LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES and LOGIN_MAX_FAILURES_PER_ADDRESS (config.ts `signInEnv`). */
export interface SignInRules { maxFailures: number; lockMinutes: number; maxFailuresPerAddress: number }

/**
 * A table of sign-in attempts per e-mail: `email` (primary key), `failures`, `window_start`, `locked_until`
 * (timestamptz). The back office has one in its schema, the device service one in its own.
 */
export type AttemptTable = PgTable & { email: PgColumn; failures: PgColumn; window_start: PgColumn; locked_until: PgColumn };

/** One counted sign-in, before its password is checked; the caller tells how the check went. */
export interface SignInAttempt {
  /** A wrong e-mail or password: the attempt keeps counting; the last one allowed locks the e-mail. */
  failed(): Promise<void>;
  /** The right password: the e-mail's count starts again and the attempt is not held against the address. */
  succeeded(): Promise<void>;
}

const realDelay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The sign-in rules of the back office (issue 6) and of the device service (issue 22), in one place (this package:
 * the server may import the device service's package, never the other way round):
 * - per e-mail: every attempt is counted BEFORE its password is checked, in one atomic statement, so however many
 *   guesses arrive at once only the first `maxFailures` of a window are ever checked; the last of them, failing,
 *   locks the e-mail for `lockMinutes`, and nothing is checked while it is locked, not even a right password;
 * - per client address: at most `maxFailuresPerAddress` attempts whose password was checked and wrong (or is being
 *   checked) in `lockMinutes`, counted before the check too, so spreading guesses over many e-mails does not help;
 * - repeated guesses are slowed before they are refused outright.
 * Every refusal is 429 `auth.locked` with the minutes to wait.
 */
export function createSignInGuard(deps: { db: DeviceDb; table: AttemptTable; rules: SignInRules; now?: () => number; delay?: (ms: number) => Promise<void> }) {
  const { db, table, rules } = deps;
  // Read at each call (a test's fake Date replaces the global).
  const now = deps.now ?? (() => Date.now());
  const delay = deps.delay ?? realDelay;
  const lockMs = rules.lockMinutes * 60_000;
  const perAddress = createRateLimiter(rules.maxFailuresPerAddress, lockMs, now);

  function locked(waitMs: number): AppError {
    return new AppError(429, 'auth.locked', undefined, { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) }, { status: 'failed' });
  }

  /** Counts the attempt and answers its number in the e-mail's window; a window older than the lock time (and no lock running) starts again at 1. */
  async function count(email: string, at: Date): Promise<{ n: number; lockedUntil: number | null }> {
    const nowSql = sql`${at.toISOString()}::timestamptz`;
    const windowOpen = sql`${new Date(at.getTime() - lockMs).toISOString()}::timestamptz`;
    const fresh = sql`((${table.locked_until} IS NULL OR ${table.locked_until} <= ${nowSql}) AND ${table.window_start} <= ${windowOpen})`;
    const res = await db.execute(sql`
      insert into ${table} (email, failures, window_start, locked_until) values (${email}, 1, ${nowSql}, null)
      on conflict (email) do update set
        failures = case when ${fresh} then 1 else ${table.failures} + 1 end,
        window_start = case when ${fresh} then ${nowSql} else ${table.window_start} end,
        locked_until = case when ${fresh} then null else ${table.locked_until} end
      returning failures, (extract(epoch from locked_until) * 1000)::float8 as locked_ms`);
    const [row] = (res as unknown as { rows: { failures: number; locked_ms: number | null }[] }).rows;
    return { n: Number(row.failures), lockedUntil: row.locked_ms === null ? null : Number(row.locked_ms) };
  }

  return {
    /**
     * Counts one sign-in of `email` from `address` and answers the attempt, or refuses it (429) without any check.
     * The caller checks the password only after this answered.
     */
    async begin(email: string, address: string): Promise<SignInAttempt> {
      const wait = perAddress.take(address);
      if (wait > 0) throw locked(wait);
      const at = new Date(now());
      let counted: { n: number; lockedUntil: number | null };
      try {
        counted = await count(email, at);
      } catch (e) {
        perAddress.release(address);
        throw e;
      }
      const { n, lockedUntil } = counted;
      // Refused unchecked: tells the guesser nothing, so it is not held against the address.
      if (lockedUntil !== null && lockedUntil > at.getTime()) { perAddress.release(address); throw locked(lockedUntil - at.getTime()); }
      // Beyond the limit nothing is checked, not even a right password (another guess of the burst may still be
      // under way and set the lock a moment later).
      if (n > rules.maxFailures) { perAddress.release(address); throw locked(lockMs); }
      if (n > 2) await delay(Math.min(2000, 250 * (n - 1)));
      return {
        async failed() {
          if (n < rules.maxFailures) return;
          const until = new Date(at.getTime() + lockMs).toISOString();
          await db.execute(sql`update ${table} set locked_until = ${until}::timestamptz
            where email = ${email} and (locked_until is null or locked_until <= ${at.toISOString()}::timestamptz)`);
        },
        async succeeded() {
          perAddress.release(address);
          await db.execute(sql`delete from ${table} where email = ${email}`);
        },
      };
    },
  };
}
export type SignInGuard = ReturnType<typeof createSignInGuard>;
