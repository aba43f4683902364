import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The order-tracking token (DECISIONS 4): HMAC-SHA256 of the offer id and the company id with the
 * server's token secret, base64url. The link /ordertracking/{offerId}/{companyId}/{token} opens the
 * order read-only without a login; any other token opens nothing.
 */
export function trackingToken(secret: string, offerId: string, companyId: string): string {
  if (!secret) throw new Error('tracking tokens need the server secret');
  // A separator that cannot occur in either id keeps ('ab','c') and ('a','bc') apart.
  return createHmac('sha256', secret).update(`ordertracking\u0000${offerId}\u0000${companyId}`).digest('base64url');
}

/** Whether `token` is the tracking token of the two ids (constant-time compare). */
export function verifyTrackingToken(secret: string, offerId: string, companyId: string, token: string): boolean {
  if (!secret || typeof token !== 'string' || token.length === 0 || token.length > 200) return false;
  const expected = Buffer.from(trackingToken(secret, offerId, companyId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
