import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed file URL works; rounded up to the hour so one file's URL stays the same for a while (caches). */
const SIGNED_FOR_S = 12 * 3600;
const FILE_URL = /^\/api\/files\/([0-9a-f]{64})(\/small)?(?:\?(.*))?$/;

function signature(secret: string, id: string, exp: number): string {
  return createHmac('sha256', secret).update(`file:${id}:${exp}`).digest('base64url').slice(0, 32);
}

/**
 * A stored file's URL that works without a session until it expires: the own company's stamp, signature and
 * certificate files are served only to signed-in staff, and an <img> or a link cannot send the bearer token, so
 * the staff's own answer carries these URLs instead. Other values come back unchanged.
 */
export function signFileUrl(secret: string, url: string, now = Date.now()): string {
  const m = FILE_URL.exec(url);
  if (!m) return url;
  const exp = Math.ceil((now / 1000 + SIGNED_FOR_S) / 3600) * 3600;
  return `/api/files/${m[1]}${m[2] ?? ''}?exp=${exp}&sig=${signature(secret, m[1], exp)}`;
}

/** Whether `exp`/`sig` of a request sign this file id and have not expired. */
export function validFileSignature(secret: string, id: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  if (Number(exp) * 1000 < now) return false;
  const want = Buffer.from(signature(secret, id, Number(exp)));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** A file URL without `exp`/`sig` (what a client sends back from a signed answer is stored plain). */
export function withoutSignature(url: string): string {
  const m = FILE_URL.exec(url);
  if (!m || !m[3]) return url;
  const params = new URLSearchParams(m[3]);
  params.delete('exp');
  params.delete('sig');
  const rest = params.toString();
  return `/api/files/${m[1]}${m[2] ?? ''}${rest ? `?${rest}` : ''}`;
}
