import type { FastifyRequest } from 'fastify';

/** Where a secret can sit in a log object: request headers, bodies and our own objects' fields. */
export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["sec-websocket-protocol"]', 'req.headers["x-api-key"]',
  'headers.authorization', 'headers.cookie', 'headers["sec-websocket-protocol"]', 'headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'password', 'token', 'jwtSecret', 'JWT_SECRET', 'ADMIN_PASSWORD', 'SMTP_URL',
  '*.password', '*.token', '*.new_password', '*.jwtSecret', '*.JWT_SECRET', '*.ADMIN_PASSWORD', '*.SMTP_URL',
  'body.*.password', 'req.body.password', 'req.body.token',
];

/** Paths whose whole query stays out of the log (the live socket was once opened with `?token=`). */
const QUERYLESS_PATHS = [/^\/ws\/?$/, /^\/api\/auth\//, /^\/api\/users\/paswordchange\//];
/** Query parameters, and route parameters of a path, that never reach the log. */
const SECRET_PARAMS = /^(token|access_token|password|secret|key|api_key|jwt|signature|sig)$/i;
const REDACTED = '[redacted]';

/** A route pattern (`/api/offers/:id/:companyid/:token`) as a test of a path and the places of its secret segments. */
interface SecretRoute { re: RegExp; secret: number[] }

function secretRoute(pattern: string): SecretRoute | null {
  const segments = pattern.split('/');
  const secret = segments.flatMap((s, i) => (s.startsWith(':') && SECRET_PARAMS.test(s.slice(1).replace(/\?$/, '')) ? [i] : []));
  if (!secret.length) return null;
  const body = segments.map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return { re: new RegExp(`^${body}/?$`, 'i'), secret };
}

/**
 * Which paths carry a secret in a segment (the order-tracking token of `/api/ordertracking/:offerId/:companyId/:token`):
 * every route, of the server or of the web app's route table, with a parameter named like a secret. The server adds
 * each route it registers (onRoute), so a new route with a `:token` is redacted without a list to keep.
 */
export class PathSecrets {
  private readonly routes: SecretRoute[] = [];
  private readonly seen = new Set<string>();
  constructor(patterns: Iterable<string> = []) { for (const p of patterns) this.add(p); }
  add(pattern: string): void {
    if (this.seen.has(pattern)) return;
    this.seen.add(pattern);
    const r = secretRoute(pattern);
    if (r) this.routes.push(r);
  }
  /** The path with every secret segment replaced by [redacted]. */
  redact(path: string): string {
    for (const r of this.routes) {
      if (!r.re.test(path)) continue;
      const segments = path.split('/');
      for (const i of r.secret) segments[i] = REDACTED;
      return segments.join('/');
    }
    return path;
  }
  /** The patterns with a secret segment (tests call each of them). */
  get count(): number { return this.routes.length; }
}

/** The URL as it may be logged: no secret path segments, no query on sensitive paths, secret parameters redacted elsewhere. */
export function loggableUrl(url: string, secrets?: PathSecrets): string {
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const path = secrets ? secrets.redact(rawPath) : rawPath;
  if (q < 0) return path;
  if (QUERYLESS_PATHS.some((re) => re.test(path))) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of [...new Set(params.keys())]) {
    if (SECRET_PARAMS.test(name)) {
      params.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? `${path}?${params.toString()}` : `${path}${url.slice(q)}`;
}

interface SerializedRequest { [key: string]: unknown; method?: string; url?: string; host?: string; remoteAddress?: string; remotePort?: number }

export interface LogSink { write(line: string): void }

/** The pino options of the server's log: level, redaction of secrets, a request serializer without them. */
export function loggerOptions(level: string, stream?: LogSink, secrets?: PathSecrets) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(req: FastifyRequest): SerializedRequest {
        // Objects that only look like a request (logged on purpose) keep their shape; redact covers their headers.
        if (typeof (req as { url?: unknown } | undefined)?.url !== 'string') return req as unknown as SerializedRequest;
        return { method: req.method, url: loggableUrl(req.url, secrets), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
      },
    },
    ...(stream ? { stream } : {}),
  };
}
