import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface TokenClaims { sub: string; tv: number }

/**
 * The HMAC key object of each secret, made once: given a string, jsonwebtoken tries createPublicKey (which
 * throws) and then createSecretKey on every call, a large share of a request's CPU (issue 9).
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signToken(secret: string, claims: TokenClaims, ttl: string): { token: string; expiresAt: string } {
  const token = jwt.sign(claims, keyOf(secret), { expiresIn: ttl as jwt.SignOptions['expiresIn'], algorithm: 'HS256' });
  const decoded = jwt.decode(token) as { exp: number };
  return { token, expiresAt: new Date(decoded.exp * 1000).toISOString() };
}

export function readToken(secret: string, token: string): TokenClaims | null {
  try {
    const v = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] }) as jwt.JwtPayload;
    if (typeof v.sub !== 'string' || typeof v.tv !== 'number') return null;
    return { sub: v.sub, tv: v.tv };
  } catch {
    return null;
  }
}
