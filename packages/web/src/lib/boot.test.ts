import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { returnPathFor } from './return-path';
import { TOKEN_KEY } from './session';
import { PRESENCE_FRESH_MS, PRESENCE_KEY } from './session-share';
import { memoryStorage } from '../test/memory-storage';

// public/boot.js runs before the app, in plain JavaScript; it reads the keys the app writes. These tests run it with
// the app's own constants, so a renamed key fails here.
const BOOT = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/boot.js'), 'utf8');

interface Meta { content: string; keep?: string }

/** Runs boot.js on a page with these meta elements at this address; answers where it sent the visitor and what it wrote. */
function boot(metas: Record<string, Meta>, at = '/companies?tab=2') {
  const written: string[] = [];
  const replaced: string[] = [];
  const root = { attrs: {} as Record<string, string>, setAttribute(k: string, v: string) { this.attrs[k] = v; } };
  const document = {
    documentElement: root,
    head: { appendChild: () => undefined },
    createElement: () => ({}),
    querySelector: (selector: string) => {
      const name = /meta\[name="([^"]+)"\]/.exec(selector)?.[1];
      const m = name ? metas[name] : undefined;
      return m ? { getAttribute: (a: string) => (a === 'content' ? m.content : a === 'data-keep' ? m.keep ?? null : null) } : null;
    },
    write: (html: string) => { written.push(html); },
  };
  const [pathname, search = ''] = at.split('?');
  const location = { pathname, search: search ? `?${search}` : '', replace: (to: string) => { replaced.push(to); } };
  const w = (globalThis as unknown as { window: { localStorage: Storage; sessionStorage: Storage } }).window;
  new Function('document', 'location', 'localStorage', 'sessionStorage', BOOT)(document, location, w.localStorage, w.sessionStorage);
  return { written, replaced };
}

const ENTRY = '<script type="module" crossorigin src="/assets/index-A.js"></script><link rel="modulepreload" crossorigin href="/assets/react-B.js">';
const officePage = (keep = '1') => ({ 'isik-guest': { content: '/web', keep }, 'isik-entry': { content: ENTRY } });

describe('boot.js on a back-office page', () => {
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = { sessionStorage: memoryStorage(), localStorage: memoryStorage() };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });
  const storage = (kind: 'local' | 'session') => (globalThis as unknown as { window: Record<string, Storage> }).window[`${kind}Storage`];

  it('sends a visitor without a session to /web before any of the app is fetched, keeping the screen for after sign-in', () => {
    expect(boot(officePage())).toEqual({ written: [], replaced: ['/web'] });
    expect(returnPathFor(0)).toBe('/companies?tab=2');
  });

  it('keeps the screen for a sign-in in another tab too (a QR scanner opens the link in a tab of its own)', () => {
    boot(officePage(), '/orderoperations/i1/o1');
    (globalThis as unknown as { window: Record<string, Storage> }).window.sessionStorage = memoryStorage();
    expect(returnPathFor(3)).toBe('/orderoperations/i1/o1');
  });

  it('keeps no path the server does not call a screen (an unknown address)', () => {
    expect(boot(officePage('0'), '/no/such/page')).toEqual({ written: [], replaced: ['/web'] });
    expect(storage('session').getItem('returnPath')).toBeNull();
  });

  it('writes the entry back for a stored token, in either storage', () => {
    storage('session').setItem(TOKEN_KEY, 'x.y.z');
    expect(boot(officePage())).toEqual({ written: [ENTRY], replaced: [] });
    storage('session').clear();
    storage('local').setItem(TOKEN_KEY, 'x.y.z');
    expect(boot(officePage())).toEqual({ written: [ENTRY], replaced: [] });
  });

  it("waits for another tab's session when one said lately that it holds one, not when that was long ago", () => {
    storage('local').setItem(PRESENCE_KEY, String(Date.now() - 1000));
    expect(boot(officePage())).toEqual({ written: [ENTRY], replaced: [] });
    storage('local').setItem(PRESENCE_KEY, String(Date.now() - PRESENCE_FRESH_MS - 1000));
    expect(boot(officePage())).toEqual({ written: [], replaced: ['/web'] });
  });

  it('does nothing of the kind on a page without the meta elements (the public pages)', () => {
    expect(boot({})).toEqual({ written: [], replaced: [] });
  });
});
