import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../i18n';
import { api } from './api';
import { anchorListPages, forgetAnchors } from './page-anchors';

beforeAll(async () => {
  await i18nReady;
  anchorListPages();
});
afterEach(() => {
  vi.unstubAllGlobals();
  forgetAnchors();
});

/** Answers each call with a Page-Anchor naming the page it was asked for (none for `search=`). */
function lists() {
  return vi.fn(async (url: string) => {
    const page = new URL(url, 'http://x').searchParams.get('page');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (page && !url.includes('search=')) headers['page-anchor'] = `A${page}`;
    return new Response(JSON.stringify({ rows: [] }), { status: 200, headers });
  });
}
const urls = (m: ReturnType<typeof lists>) => m.mock.calls.map(([u]) => u);

describe('anchored pages (ADR 0051)', () => {
  it('a list\'s next page sends the anchor of the page it shows; another sort, filter or size, or a search, sends none', async () => {
    const fetchMock = lists();
    vi.stubGlobal('fetch', fetchMock);
    await api('/offers/list', { query: { page: 1, pageSize: 30, orderBy: 'teklif_tarihi' } });
    await api('/offers/list', { query: { page: 2, pageSize: 30, orderBy: 'teklif_tarihi' } });
    await api('/offers/list', { query: { page: 7, pageSize: 30, orderBy: 'teklif_tarihi' } });
    await api('/offers/list', { query: { page: 2, pageSize: 30, orderBy: 'firma_adi' } });
    await api('/offers/list', { query: { page: 2, pageSize: 12, orderBy: 'teklif_tarihi' } });
    await api('/orders/overview', { query: { page: 3, pageSize: 30, orderBy: 'teklif_tarihi' } });
    await api('/offers/list', { query: { page: 1, pageSize: 30, orderBy: 'teklif_tarihi', search: 'x' } });
    await api('/offers/list', { query: { page: 2, pageSize: 30, orderBy: 'teklif_tarihi', search: 'x' } });
    await api('/offers/list', { method: 'POST', query: { page: 8, pageSize: 30, orderBy: 'teklif_tarihi' } });
    expect(urls(fetchMock)).toEqual([
      '/api/offers/list?page=1&pageSize=30&orderBy=teklif_tarihi',
      '/api/offers/list?page=2&pageSize=30&orderBy=teklif_tarihi&anchor=A1',
      '/api/offers/list?page=7&pageSize=30&orderBy=teklif_tarihi&anchor=A2',
      '/api/offers/list?page=2&pageSize=30&orderBy=firma_adi',
      '/api/offers/list?page=2&pageSize=12&orderBy=teklif_tarihi',
      '/api/orders/overview?page=3&pageSize=30&orderBy=teklif_tarihi',
      '/api/offers/list?page=1&pageSize=30&orderBy=teklif_tarihi&search=x',
      '/api/offers/list?page=2&pageSize=30&orderBy=teklif_tarihi&search=x',
      '/api/offers/list?page=8&pageSize=30&orderBy=teklif_tarihi',
    ]);
  });
});
