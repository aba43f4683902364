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
/** Query parameters that never reach the log on any path. */
const SECRET_PARAMS = /^(token|access_token|password|secret|key|api_key|jwt|signature|sig)$/i;

/** The URL as it may be logged: no query on sensitive paths, secret parameters redacted elsewhere. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  if (QUERYLESS_PATHS.some((re) => re.test(path))) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of [...new Set(params.keys())]) {
    if (SECRET_PARAMS.test(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${path}?${params.toString()}` : url;
}

interface SerializedRequest { [key: string]: unknown; method?: string; url?: string; host?: string; remoteAddress?: string; remotePort?: number }

export interface LogSink { write(line: string): void }

/** The pino options of the server's log: level, redaction of secrets, a request serializer without them. */
export function loggerOptions(level: string, stream?: LogSink) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(req: FastifyRequest): SerializedRequest {
        // Objects that only look like a request (logged on purpose) keep their shape; redact covers their headers.
        if (typeof (req as { url?: unknown } | undefined)?.url !== 'string') return req as unknown as SerializedRequest;
        return { method: req.method, url: loggableUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
      },
    },
    ...(stream ? { stream } : {}),
  };
}
