import { localClock } from '@isik/domain';

/**
 * The simulator's sense of time for programs. Real: the wall clock, checked every second. Manual: time moves
 * only when the driver says so (`advance`, `set-time`), so a test decides when a program's minute arrives.
 */
export class SimClock {
  private manualAt: number | null;
  private listeners = new Set<(from: number, to: number) => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private last: number;

  constructor(mode: 'real' | 'manual', start?: Date) {
    this.manualAt = mode === 'manual' ? (start ?? new Date()).getTime() : null;
    this.last = this.now();
    if (mode === 'real') {
      this.timer = setInterval(() => this.tick(Date.now()), 1000);
      this.timer.unref();
    }
  }

  get manual(): boolean { return this.manualAt !== null; }
  now(): number { return this.manualAt ?? Date.now(); }

  /** Called with every stretch of time that passed (from, to]. */
  onTick(fn: (from: number, to: number) => void): () => void {
    this.listeners.add(fn);
    return () => { this.listeners.delete(fn); };
  }

  advance(ms: number): void { if (this.manualAt !== null) { this.manualAt += ms; this.tick(this.manualAt); } }
  set(at: Date): void { if (this.manualAt !== null) { this.manualAt = at.getTime(); this.tick(this.manualAt); } }

  private tick(to: number): void {
    const from = this.last;
    this.last = to;
    if (to <= from) return;
    for (const l of this.listeners) l(from, to);
  }

  stop(): void { if (this.timer) clearInterval(this.timer); }
}

/** The minutes (local time and weekday) whose start lies in (from, to], at most a week's worth. */
export function minutesBetween(from: number, to: number, timeZone: string): { time: string; weekday: number; at: number }[] {
  const out: { time: string; weekday: number; at: number }[] = [];
  const first = Math.max(Math.floor(from / 60_000) * 60_000 + 60_000, Math.floor((to - 7 * 86_400_000) / 60_000) * 60_000);
  for (let t = first; t <= to; t += 60_000) {
    const c = localClock(new Date(t), timeZone);
    out.push({ time: c.time, weekday: c.weekday, at: t });
  }
  return out;
}
