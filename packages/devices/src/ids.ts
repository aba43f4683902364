import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export const newId = (): string => randomUUID().replaceAll('-', '').slice(0, 24);

/** A gateway's key: 32 random bytes, given out once at registration; only its SHA-256 is stored. */
export function newGatewayKey(): string { return randomBytes(32).toString('base64url'); }
export function hashKey(key: string): string { return createHash('sha256').update(key).digest('hex'); }
export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
