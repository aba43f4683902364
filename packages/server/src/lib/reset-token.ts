import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a reset token is bound to: the user, and the stored password hash and token version of now. */
export interface ResetSubject { id: string; password_hash: string; token_version: number }

function signature(secret: string, id: string, expires: number, s: Omit<ResetSubject, 'id'>): string {
  // The password hash and the token version are inside the signature: setting a password (or signing out everywhere)
  // changes them, so a used link, and every older one, stops working without anything stored.
  return createHmac('sha256', secret).update(`pwreset\u0000${id}\u0000${expires}\u0000${s.password_hash}\u0000${s.token_version}`).digest('base64url');
}

/**
 * A stateless single-use password-reset token (issue 13): `<user id>.<expiry ms, base 36>.<HMAC>`. It is valid
 * until `expires` and only while the user's password hash and token version are those it was made with.
 */
export function makeResetToken(secret: string, s: ResetSubject, expires: number): string {
  if (!secret) throw new Error('reset tokens need the server secret');
  return `${s.id}.${expires.toString(36)}.${signature(secret, s.id, expires, s)}`;
}

/** The user id a token names, when it looks like a token (the caller then loads the user and verifies). */
export function resetTokenUser(token: string): { id: string; expires: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]{1,64}$/.test(parts[0]) || !/^[0-9a-z]{1,12}$/.test(parts[1])) return null;
  const expires = parseInt(parts[1], 36);
  return Number.isSafeInteger(expires) ? { id: parts[0], expires } : null;
}

/** Whether `token` is a reset token of this user as stored now, not expired at `now` (constant-time compare). */
export function verifyResetToken(secret: string, token: string, s: ResetSubject, now: number): boolean {
  const head = resetTokenUser(token);
  if (!secret || !head || head.id !== s.id || head.expires <= now) return false;
  const expected = Buffer.from(makeResetToken(secret, s, head.expires));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
