/**
 * A sliding-window counter per key (a caller's IP address), kept in the process: the per-address limits of the
 * public calls (offer requests, forgot password, sign-up) and of both sign-ins (back office and device service).
 * No I/O: the clock is handed in.
 */
export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now) {
  const hits = new Map<string, number[]>();
  return {
    /** Counts one attempt; answers the milliseconds to wait when the key is over its limit, else 0. */
    take(key: string): number {
      const t = now();
      const recent = (hits.get(key) ?? []).filter((x) => x > t - windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        return recent[0] + windowMs - t;
      }
      recent.push(t);
      hits.set(key, recent);
      // Forget idle keys now and then so the map cannot grow without bound.
      if (hits.size > 10_000) for (const [k, v] of hits) if (v.every((x) => x <= t - windowMs)) hits.delete(k);
      return 0;
    },
    /** Gives back the key's latest attempt (one that turned out not to count, e.g. a successful sign-in). */
    release(key: string): void {
      const recent = hits.get(key);
      if (!recent?.length) return;
      recent.pop();
      if (!recent.length) hits.delete(key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
