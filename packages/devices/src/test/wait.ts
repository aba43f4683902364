import type { DeviceService } from '../service.js';

/**
 * Resolves once `check` holds, re-checking after each live event of the device service (and once at once):
 * the test waits for the state it expects, not for a time.
 */
export function until<T>(service: DeviceService, check: () => Promise<T | false | undefined | null> | T | false | undefined | null): Promise<T> {
  return new Promise((resolve, reject) => {
    let done = false;
    let running = false;
    let again = false;
    const run = async () => {
      if (done) return;
      if (running) { again = true; return; }
      running = true;
      try {
        const v = await check();
        if (v) { done = true; off(); resolve(v as T); }
      } catch (e) { done = true; off(); reject(e); }
      running = false;
      if (again && !done) { again = false; void run(); }
    };
    const off = service.events.subscribe(() => { void run(); });
    void run();
  });
}
