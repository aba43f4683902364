import jwt from 'jsonwebtoken';

export interface TokenClaims { sub: string; tv: number }

export function signToken(secret: string, claims: TokenClaims, ttl: string): { token: string; expiresAt: string } {
  const token = jwt.sign(claims, secret, { expiresIn: ttl as jwt.SignOptions['expiresIn'], algorithm: 'HS256' });
  const decoded = jwt.decode(token) as { exp: number };
  return { token, expiresAt: new Date(decoded.exp * 1000).toISOString() };
}

export function readToken(secret: string, token: string): TokenClaims | null {
  try {
    const v = jwt.verify(token, secret, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    if (typeof v.sub !== 'string' || typeof v.tv !== 'number') return null;
    return { sub: v.sub, tv: v.tv };
  } catch {
    return null;
  }
}
