import { i18n, tm } from '../i18n';

export type QueryValue = string | number | boolean | null | undefined;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out, arrays repeat the key. */
  query?: Record<string, QueryValue | QueryValue[]>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Told the answer of a successful call (its headers). */
  seen?: (res: Response) => void;
}

/** A failed call: the server's translated message plus what the UI needs to react (status, code, field errors). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** The parsed response body, for calls (like login) that answer extra fields on failure. */
  readonly body: unknown;

  constructor(init: { status: number; statusText: string; message: string; code: string; fields?: Record<string, string>; body?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.fields = init.fields;
    this.body = init.body;
  }

  /** True when the server was never reached (offline, DNS, proxy down). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

// HTTP/2 responses carry no reason phrase, so the notice title would be empty without these.
const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Entity',
  429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  // The device service has its own prefix (DECISIONS 1); everything else is the back office's /api.
  const url = clean.startsWith('/api/') || clean.startsWith('/device-api/') ? clean : `/api${clean}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== null && v !== undefined) params.append(key, String(v));
    }
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(res: Response, body: unknown): ApiError {
  const statusText = res.statusText || REASONS[res.status] || `HTTP ${res.status}`;
  const obj = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const raw = typeof obj.message === 'string' && obj.message ? obj.message : typeof body === 'string' && body ? body : statusText;
  const fields = typeof obj.fields === 'object' && obj.fields !== null ? (obj.fields as Record<string, string>) : undefined;
  return new ApiError({
    status: res.status,
    statusText,
    // The server already translates; tm() only matters if a bare domain key slips through.
    message: tm(raw),
    code: typeof obj.code === 'string' ? obj.code : `http.${res.status}`,
    fields: fields && Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, tm(String(v))])),
    body,
  });
}

/**
 * A new id for one call (32 hex digits), sent as X-Request-Id: the server's log line of the call carries it, and its
 * answer names it back. getRandomValues, not randomUUID: the latter is missing on a plain-http address in the LAN.
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One HTTP call to the API without any session logic; `api()` adds the session on top.
 * Kept separate so the session module can verify tokens without going through its own 401 handler.
 */
export async function request<T>(path: string, options: RequestOptions & { token?: string | null } = {}): Promise<T> {
  const { method = 'GET', body, query, signal, headers = {}, token } = options;
  const init: RequestInit = {
    method,
    signal,
    headers: {
      Accept: 'application/json',
      'Accept-Language': i18n.language || 'tr',
      'X-Request-Id': newRequestId(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !(body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  };
  const networkError = () => new ApiError({ status: 0, statusText: i18n.t('notice.error'), message: i18n.t('notice.networkError'), code: 'network' });
  let res: Response;
  try {
    res = await fetch(apiUrl(path, query), init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw networkError();
  }
  let payload: unknown;
  try {
    payload = await readBody(res);
  } catch (err) {
    // The answer broke off after its headers (the connection dropped, or the page is being left while the body
    // is still arriving): the server never told us anything, whatever the status line said.
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw networkError();
  }
  if (!res.ok) throw toApiError(res, payload);
  options.seen?.(res);
  return payload as T;
}
