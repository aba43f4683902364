import { ApiError, request, type RequestOptions } from './http';
import { reverifySession, sessionStore } from './session';

export { ApiError, apiUrl, type RequestOptions, type QueryValue, type HttpMethod } from './http';
export { notifyError, notifySuccess, notifyFailure } from './notify';

/** A paged GET's options as the back office sends them (lib/page-anchors.ts, ADR 0051; the public pages set none). */
let paged: ((path: string, options: RequestOptions) => RequestOptions) | undefined;
export function onPagedCall(fn: (path: string, options: RequestOptions) => RequestOptions): void {
  paged = fn;
}

/**
 * Calls the API under /api with the session's bearer token and the UI language.
 * Throws ApiError on any non-2xx answer. A 401 re-verifies the session once: when the token
 * still holds the call is retried once, otherwise the session ends and the error is thrown.
 */
export async function api<T>(path: string, given: RequestOptions = {}): Promise<T> {
  const token = sessionStore.get().token;
  const options = paged ? paged(path, given) : given;
  try {
    return await request<T>(path, { ...options, token });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401 || !token) throw err;
    const stillValid = await reverifySession();
    if (!stillValid) throw err;
    return request<T>(path, { ...options, token: sessionStore.get().token });
  }
}

/** The server's per-field messages of a refused save ({ field: message }), or null when it named no field. */
export function fieldErrorsOf(err: unknown): Record<string, string> | null {
  return err instanceof ApiError && err.fields && Object.keys(err.fields).length > 0 ? err.fields : null;
}
