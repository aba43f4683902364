/** A small seeded generator (mulberry32): the same seed plays the same fleet. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/** A locally administered MAC address from a prefix byte and a number. */
export function macOf(prefix: number, n: number, sub = 0): string {
  return ['02', hex(prefix & 0xff), hex((n >> 8) & 0xff), hex(n & 0xff), hex((sub >> 8) & 0xff), hex(sub & 0xff)].join(':');
}
