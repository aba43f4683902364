/**
 * A rate limit shared by every API instance on one database (issue 27, ADR 0042): the same sliding window as the
 * domain's in-memory createRateLimiter (at most `limit` hits per key in `windowMs`), with the hits in PostgreSQL
 * (rate_limit_hits), so two instances behind a balancer allow `limit` together, not `limit` each. One key's hits are
 * counted and added under a transaction-scoped advisory lock, so parallel calls on several instances never pass
 * the limit together.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { rateLimitHits } from '../db/schema.js';

export interface SharedRateLimiter {
  /** Counts one attempt; answers the milliseconds to wait when the key is over its limit, else 0. */
  take(key: string): Promise<number>;
}

export function createSharedRateLimiter(db: Db, name: string, limit: number, windowMs: number): SharedRateLimiter {
  const window = sql`${`${windowMs} milliseconds`}::interval`;
  let calls = 0;
  return {
    async take(key) {
      // Now and then, every key's expired hits of this limit (a key that never comes back leaves none for long).
      const sweep = ++calls % 100 === 0;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${name}:${key}`}))`);
        await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.name, name), ...(sweep ? [] : [eq(rateLimitHits.key, key)]), lte(rateLimitHits.at, sql`now() - ${window}`)));
        const [r] = await tx.select({
          n: sql<number>`count(*)::int`,
          wait: sql<number>`coalesce(extract(epoch from (min(${rateLimitHits.at}) + ${window} - now())) * 1000, 0)::float8`,
        }).from(rateLimitHits).where(and(eq(rateLimitHits.name, name), eq(rateLimitHits.key, key)));
        if (r.n >= limit) return Math.max(1, Math.ceil(r.wait));
        await tx.insert(rateLimitHits).values({ name, key });
        return 0;
      });
    },
  };
}
