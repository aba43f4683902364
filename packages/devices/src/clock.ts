/**
 * Time as the dispatcher sees it. The real clock in production; tests hand in a ManualClock and move
 * time themselves, so a 10 s timeout takes no 10 s and no test sleeps.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

interface Timer { at: number; seq: number; fn: () => void }

/** A clock that moves only when told: advance(ms) runs the timers that fall due, in order. */
export class ManualClock implements Clock {
  private t: number;
  private seq = 0;
  private timers = new Set<Timer>();

  constructor(start: number | Date = Date.UTC(2026, 0, 5, 9, 0, 0)) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }

  now(): number { return this.t; }

  setTimeout(fn: () => void, ms: number): unknown {
    const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.add(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void { this.timers.delete(handle as Timer); }

  /** Timers waiting to fire. */
  get pending(): number { return this.timers.size; }

  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = [...this.timers].filter((x) => x.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.timers.delete(next);
      this.t = next.at;
      next.fn();
    }
    this.t = end;
  }
}
