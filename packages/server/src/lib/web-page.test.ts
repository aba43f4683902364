import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchRoutePattern, WebPage } from './web-page.js';

const PATTERNS = ['/', '/web', '/web/:id/:lang', '/login', '/product/:id', '/:deviceScreen', '/productionDashBoard'];

describe('matchRoutePattern', () => {
  it('picks the pattern React Router would: static segments over parameters, case-insensitive', () => {
    expect(matchRoutePattern('/', PATTERNS)).toBe('/');
    expect(matchRoutePattern('/web', PATTERNS)).toBe('/web');
    expect(matchRoutePattern('/web/', PATTERNS)).toBe('/web');
    expect(matchRoutePattern('/web/42/en', PATTERNS)).toBe('/web/:id/:lang');
    expect(matchRoutePattern('/product/abc', PATTERNS)).toBe('/product/:id');
    expect(matchRoutePattern('/streetlightmap', PATTERNS)).toBe('/:deviceScreen');
    expect(matchRoutePattern('/productiondashboard', PATTERNS)).toBe('/productionDashBoard');
    expect(matchRoutePattern('/login', PATTERNS)).toBe('/login');
    expect(matchRoutePattern('/product/1/2', PATTERNS)).toBeUndefined();
  });
});

describe('WebPage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-webpage-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const index = [
    '<!doctype html><html><head><title>x</title>',
    '<script src="/boot.js"></script>',
    '<script type="module" crossorigin src="/assets/index-A.js"></script>',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'index.html'), index);

  it('is index.html unchanged without the build\'s route-preloads.json', () => {
    expect(WebPage.load(dir).html('/login')).toBe(index);
  });

  it('names the screen\'s files after the entry and the dictionaries before /boot.js', () => {
    fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify({
      routes: [
        { pattern: '/login', js: ['/assets/login-page-B.js', '/assets/use-form-C.js'], css: ['/assets/Checkbox-D.css'] },
        { pattern: '/web/:id/:lang', js: ['/assets/product-E.js'], css: [] },
      ],
      i18n: { tr: ['/assets/i18n-tr-F.js'], en: ['/assets/i18n-en-G.js'] },
    }));
    fs.mkdirSync(path.join(dir, 'assets'));
    for (const f of ['login-page-B.js', 'use-form-C.js', 'Checkbox-D.css', 'product-E.js', 'i18n-tr-F.js', 'i18n-en-G.js']) fs.writeFileSync(path.join(dir, 'assets', f), '');
    const page = WebPage.load(dir);
    const login = page.html('/login');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-B.js">');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/use-form-C.js">');
    expect(login).toContain('<link rel="preload" as="style" crossorigin href="/assets/Checkbox-D.css">');
    expect(login.indexOf('/assets/index-A.js')).toBeLessThan(login.indexOf('/assets/login-page-B.js'));
    const meta = /<meta name="isik-i18n" content="([^"]*)">/.exec(login);
    expect(meta).not.toBeNull();
    expect(JSON.parse(meta![1].replace(/&quot;/g, '"'))).toEqual({ tr: ['/assets/i18n-tr-F.js'], en: ['/assets/i18n-en-G.js'] });
    expect(login.indexOf('isik-i18n')).toBeLessThan(login.indexOf('/boot.js'));

    const product = page.html('/web/7/tr');
    expect(product).toContain('href="/assets/product-E.js"');
    expect(product).not.toContain('login-page-B.js');
    // A path no screen serves still gets the dictionaries, and nothing else.
    const unknown = page.html('/no/such/page');
    expect(unknown).toContain('isik-i18n');
    expect(unknown).not.toContain('modulepreload');
  });

  it('leaves out files the build does not hold (a preload of one would be a 404)', () => {
    fs.rmSync(path.join(dir, 'assets', 'use-form-C.js'));
    const login = WebPage.load(dir).html('/login');
    expect(login).toContain('/assets/login-page-B.js');
    expect(login).not.toContain('use-form-C.js');
  });

  it("moves a back-office page's entry into a meta element for /boot.js, with where a visitor without a session goes", () => {
    const office = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-webpage-office-'));
    try {
      const built = index.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/react-R.js">\n<link rel="stylesheet" crossorigin href="/assets/index-S.css">\n</head>');
      fs.writeFileSync(path.join(office, 'index.html'), built);
      fs.mkdirSync(path.join(office, 'assets'));
      fs.writeFileSync(path.join(office, 'assets', 'companies-C.js'), '');
      fs.writeFileSync(path.join(office, 'route-preloads.json'), JSON.stringify({
        routes: [{ pattern: '/companies', js: ['/assets/companies-C.js'], css: [] }, { pattern: '/pdf/datasheet/:id/:lang', js: [], css: [] }], i18n: {},
      }));
      const page = WebPage.load(office);
      const meta = (html: string, name: string) => {
        const m = new RegExp(`<meta name="${name}" content="([^"]*)"( data-keep="(\\d)")?>`).exec(html);
        return m ? { content: m[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&'), keep: m[3] } : null;
      };
      const companies = page.html('/companies');
      // Nothing of the app is left for the browser's look-ahead to fetch: it all stands in isik-entry, in order.
      expect(companies).not.toMatch(/<script type="module"|<link rel="(modulepreload|stylesheet)"/);
      expect(meta(companies, 'isik-entry')?.content).toBe([
        '<script type="module" crossorigin src="/assets/index-A.js"></script>\n',
        '<link rel="modulepreload" crossorigin href="/assets/react-R.js">\n',
        '<link rel="stylesheet" crossorigin href="/assets/index-S.css">\n',
        '<link rel="modulepreload" crossorigin href="/assets/companies-C.js">',
      ].join(''));
      expect(meta(companies, 'isik-guest')).toEqual({ content: '/web', keep: '1' });
      expect(companies.indexOf('isik-guest')).toBeLessThan(companies.indexOf('/boot.js'));
      // An unknown path also sends a visitor to /web (the app's catch-all is behind the gate) but is kept for nothing.
      expect(meta(page.html('/no/such/page'), 'isik-guest')).toEqual({ content: '/web', keep: '0' });
      // An open screen the back office serves (the datasheet) keeps its tags where they are.
      const sheet = page.html('/pdf/datasheet/1/tr');
      expect(meta(sheet, 'isik-guest')).toBeNull();
      expect(sheet).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    } finally {
      fs.rmSync(office, { recursive: true, force: true });
    }
  });

  it('answers the open paths of the public entry with public.html and every other path with index.html', () => {
    const both = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-webpage-public-'));
    try {
      fs.writeFileSync(path.join(both, 'index.html'), index);
      fs.writeFileSync(path.join(both, 'public.html'), index.replace('/assets/index-A.js', '/assets/public-P.js'));
      fs.writeFileSync(path.join(both, 'route-preloads.json'), JSON.stringify({ routes: [{ pattern: '/web', js: [], css: [] }, { pattern: '/:deviceScreen', js: [], css: [] }], i18n: {} }));
      fs.writeFileSync(path.join(both, 'route-preloads.public.json'), JSON.stringify({ routes: [{ pattern: '/web', js: [], css: [] }, { pattern: '/web/:id/:lang', js: [], css: [] }], i18n: {} }));
      const page = WebPage.load(both);
      for (const open of ['/web', '/WEB/', '/web/12/en']) expect(page.html(open), open).toContain('/assets/public-P.js');
      for (const office of ['/', '/products', '/streetlightmap', '/web/1/2/3']) expect(page.html(office), office).toContain('/assets/index-A.js');
      // Without the public build's list of screens (an older build), every path gets index.html.
      fs.rmSync(path.join(both, 'route-preloads.public.json'));
      expect(WebPage.load(both).html('/web')).toContain('/assets/index-A.js');
    } finally {
      fs.rmSync(both, { recursive: true, force: true });
    }
  });
});
