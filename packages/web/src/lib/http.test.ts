import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../i18n';
import { ApiError, apiUrl, request } from './http';

// The reader's dictionary loads asynchronously, as in the browser before the first render: wait for it, or a slow
// machine sees the bare message key.
beforeAll(() => i18nReady);

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown, statusText = '') {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), {
    status, statusText, headers: { 'content-type': 'application/json' },
  }));
}

describe('apiUrl', () => {
  it('prefixes /api once and drops empty query values', () => {
    expect(apiUrl('/companies/list', { filter: 'a b', page: 2, x: undefined, y: null })).toBe('/api/companies/list?filter=a+b&page=2');
    expect(apiUrl('/api/users/list')).toBe('/api/users/list');
    expect(apiUrl('users/1')).toBe('/api/users/1');
  });
});

describe('request', () => {
  it('sends JSON, the bearer token and the UI language', async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('/x', { method: 'POST', body: { a: 1 }, token: 'tok' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api/x');
    expect(init.body).toBe('{"a":1}');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Accept-Language']).toBe('tr');
  });

  it('sends a new X-Request-Id with every call (the id the server logs the call under)', async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await request('/x');
    await request('/y');
    const ids = fetchMock.mock.calls.map((c) => ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['X-Request-Id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('turns an error answer into ApiError with status text, message, code and fields', async () => {
    vi.stubGlobal('fetch', answer(400, { message: 'Girilen bilgiler hatalı.', code: 'error.validation', fields: { company_name: 'company.name.min' } }));
    const err = await request('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.status).toBe(400);
    expect(e.statusText).toBe('Bad Request');
    expect(e.message).toBe('Girilen bilgiler hatalı.');
    expect(e.code).toBe('error.validation');
    // A bare domain key from the server still reaches the user as text.
    expect(e.fields).toEqual({ company_name: 'Firma adı en az 3 karakter olmalı!' });
  });

  it('reports an unreachable server as a network ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const e = (await request('/x').catch((x: unknown) => x)) as ApiError;
    expect(e.isNetworkError).toBe(true);
    expect(e.status).toBe(0);
  });

  it('reports an answer that breaks off after its headers as a network ApiError, not as what its status line said', async () => {
    const body = new ReadableStream({ start: (c) => c.error(new TypeError('network error')) });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })));
    const e = (await request('/x').catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.isNetworkError).toBe(true);
  });
});
