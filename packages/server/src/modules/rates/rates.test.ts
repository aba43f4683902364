import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { addDays, expectedBulletinDate, istanbulClock, RATES_RECHECK_MINUTES } from '@isik/domain';
import { logs, tcmbRates } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { createRatesJob, nextCheckDelay } from './rates-job.js';
import { DEMO_BULLETIN_DAYS, seedRates } from './rates-seed.js';
import { createRatesService } from './rates-service.js';
import { bulletinXml, parseBulletin } from './tcmb-bulletin.js';

/** What the local feed answers; each test sets its own. */
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;
let feed: http.Server;
let feedUrl: string;
let hits = 0;
let t: TestContext;

const today = () => istanbulClock(new Date()).date;

/** A bulletin in TCMB's real format, with other currencies around USD and EUR as the bank publishes them. */
function bulletin(tarih: string, over: { usd?: [string, string] | null; eur?: [string, string] | null; no?: string } = {}) {
  const usd = over.usd === undefined ? ['42.2301', '42.3062'] : over.usd;
  const eur = over.eur === undefined ? ['48.8120', '48.9000'] : over.eur;
  return bulletinXml({
    tarih,
    bulletinNo: over.no ?? '2026/221',
    currencies: [
      ...(usd ? [{ code: 'USD', isim: 'ABD DOLARI', name: 'US DOLLAR', forexBuying: usd[0], forexSelling: usd[1] }] : []),
      { code: 'AUD', isim: 'AVUSTRALYA DOLARI', name: 'AUSTRALIAN DOLLAR', forexBuying: '27.4512', forexSelling: '27.6302' },
      ...(eur ? [{ code: 'EUR', isim: 'EURO', name: 'EURO', forexBuying: eur[0], forexSelling: eur[1] }] : []),
      { code: 'JPY', isim: 'JAPON YENİ', name: 'JAPANESE YEN', unit: 100, forexBuying: '27.1234', forexSelling: '27.3011' },
      { code: 'XDR', isim: 'ÖZEL ÇEKME HAKKI (SDR)', name: 'SPECIAL DRAWING RIGHT (SDR)', forexBuying: '57.4011' },
    ],
  });
}

const serveXml = (xml: string) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
  res.end(xml);
};

beforeAll(async () => {
  feed = http.createServer((req, res) => { hits++; answer(req, res); });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/kurlar/today.xml`;
  // The other tests press "update rates" often; the one-a-minute limit has its own test below.
  t = await createTestContext({ TCMB_URL: feedUrl, RATES_MIN_INTERVAL_SECONDS: '0' });
});
afterAll(async () => {
  await t?.close();
  feed?.closeAllConnections();
  await new Promise((resolve) => feed?.close(resolve));
});
beforeEach(async () => {
  await t.database.db.delete(tcmbRates);
  await t.database.db.delete(logs).where(eq(logs.form, 'tcmb'));
  answer = serveXml(bulletin(today()));
  hits = 0;
});

const rateRows = () => t.database.db.select().from(tcmbRates).orderBy(asc(tcmbRates.tarih));
const rateLogs = async () => Number((await t.database.db.select({ n: count() }).from(logs).where(eq(logs.form, 'tcmb')))[0].n);
const update = (token = t.tokens[3], lang = 'en') => t.call({ method: 'POST', url: '/api/tcmb/update', token, lang });
const getToday = (lang = 'en') => t.call({ method: 'GET', url: '/api/tcmb/today', lang });

describe('the TCMB bulletin reader', () => {
  it('reads the real format, keeping values as exact strings', () => {
    const b = parseBulletin(bulletin('2026-11-20', { usd: ['42.2301', '42.3062'], eur: ['48.8120', '48.9000'] }));
    expect(b).toMatchObject({ tarih: '2026-11-20', bulletinNo: '2026/221', usd: { buying: '42.2301', selling: '42.3062' }, eur: { buying: '48.8120', selling: '48.9000' } });
    expect(b.currencies.find((c) => c.code === 'JPY')).toMatchObject({ unit: 100, forexSelling: '27.3011' });
    expect(b.currencies.find((c) => c.code === 'XDR')).toMatchObject({ forexBuying: '57.4011', forexSelling: null });
  });

  it('refuses a bad date, missing USD or EUR, and what is not a bulletin', () => {
    expect(() => parseBulletin(bulletin('2026-11-20').replace('Tarih="20.11.2026"', 'Tarih="31.02.2026"'))).toThrow();
    expect(() => parseBulletin(bulletin('2026-11-20').replace('Date="11/20/2026"', 'Date="11/19/2026"'))).toThrow();
    expect(() => parseBulletin(bulletin('2026-11-20', { eur: null }))).toThrow(/EUR/);
    expect(() => parseBulletin(bulletin('2026-11-20', { usd: ['42.1', ''] }))).toThrow(/USD/);
    expect(() => parseBulletin(bulletin('2026-11-20', { usd: ['42,1', '42,2'] }))).toThrow(/USD/);
    expect(() => parseBulletin('<html><body>Bakım çalışması</body></html>')).toThrow();
    expect(() => parseBulletin('<Tarih_Date Tarih="20.11.2026"><Currency')).toThrow();
  });
});

describe('GET /api/tcmb/today and POST /api/tcmb/update', () => {
  it('with no bulletin stored at all answers 503 with a translated message, never a made-up rate', async () => {
    const en = await getToday('en');
    expect(en.statusCode).toBe(503);
    expect(en.json()).toMatchObject({ code: 'rates.none', message: 'No exchange rates are stored yet: the central bank bulletin could not be fetched.' });
    const tr = await getToday('tr');
    expect(tr.json().message).toBe('Henüz kayıtlı döviz kuru yok: merkez bankası kur bülteni alınamadı.');
    expect(JSON.stringify(en.json())).not.toMatch(/ForexSelling/);
  });

  it('stores the day\'s bulletin on "update rates" and answers USD and EUR as the bulletin wrote them, to callers without a token', async () => {
    const res = await update();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stored: true, today: { bulletinDate: today(), ageDays: 0, stale: false, lastError: null } });

    const open = await getToday();
    expect(open.statusCode).toBe(200);
    const body = open.json();
    expect(body.Data).toEqual([
      { CurrencyCode: 'USD', Unit: 1, ForexBuying: '42.2301', ForexSelling: '42.3062' },
      { CurrencyCode: 'EUR', Unit: 1, ForexBuying: '48.8120', ForexSelling: '48.9000' },
    ]);
    expect(body).toMatchObject({ bulletinDate: today(), bulletinNo: '2026/221', demo: false, ageDays: 0, stale: false, lastError: null });
    expect(new Date(body.tarih).toISOString()).toBe(`${today()}T12:30:00.000Z`);
    const [row] = await rateRows();
    expect(row).toMatchObject({ tarih: today(), usd_selling: '42.306200', eur_buying: '48.812000' });
    expect(await rateLogs()).toBe(1);
  });

  it('stores the same bulletin once, however often and by however many instances it is fetched', async () => {
    expect((await update()).json().stored).toBe(true);
    const again = await update(t.tokens[0]);
    expect(again.statusCode).toBe(200);
    expect(again.json().stored).toBe(false);
    const second = await t.openSecondInstance();
    try {
      const both = await Promise.all([update(), second.app.inject({ method: 'POST', url: '/api/tcmb/update', headers: { authorization: `Bearer ${t.tokens[1]}` } })]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both.map((r) => r.json().stored)).toEqual([false, false]);
    } finally {
      await second.close();
    }
    expect(await rateRows()).toHaveLength(1);
    expect(await rateLogs()).toBe(1);
  });

  it('stores an older bulletin under its own date and says how old it is', async () => {
    const old = addDays(today(), -10);
    answer = serveXml(bulletin(old, { no: '2026/211' }));
    const res = await update();
    expect(res.statusCode, res.body).toBe(200);
    const body = (await getToday()).json();
    expect(body).toMatchObject({ bulletinDate: old, bulletinNo: '2026/211', ageDays: 10, stale: true });
    expect((await rateRows()).map((r) => r.tarih)).toEqual([old]);
  });

  it('keeps answering the newest bulletin when the feed later serves an older one', async () => {
    expect((await update()).statusCode).toBe(200);
    const old = addDays(today(), -1);
    answer = serveXml(bulletin(old, { usd: ['40.0000', '40.1000'], no: '2026/220' }));
    expect((await update()).json()).toMatchObject({ stored: true, today: { bulletinDate: today(), bulletinNo: '2026/221' } });
    const body = (await getToday()).json();
    expect(body).toMatchObject({ bulletinDate: today(), ageDays: 0, stale: false, lastError: null });
    expect(body.Data[0]).toEqual({ CurrencyCode: 'USD', Unit: 1, ForexBuying: '42.2301', ForexSelling: '42.3062' });
    expect((await rateRows()).map((r) => r.tarih)).toEqual([old, today()]);
  });

  it('when the feed answers 500, keeps answering the last stored bulletin with its age and the reason', async () => {
    const old = addDays(today(), -3);
    answer = serveXml(bulletin(old));
    expect((await update()).statusCode).toBe(200);

    answer = (_req, res) => { res.writeHead(500); res.end('Internal Server Error'); };
    const failed = await update();
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'rates.httpStatus', message: 'The central bank rate bulletin answered HTTP 500.', today: { bulletinDate: old, ageDays: 3 } });
    expect(failed.json().today.Data[0]).toMatchObject({ CurrencyCode: 'USD', ForexSelling: '42.3062' });

    const res = await getToday('tr');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bulletinDate: old, ageDays: 3, lastError: 'Merkez bankası kur bülteni HTTP 500 yanıtı verdi.' });
    expect(res.json().lastErrorAt).toBeTruthy();

    // The next good fetch clears the reason.
    answer = serveXml(bulletin(today()));
    expect((await update()).json()).toMatchObject({ stored: true, today: { bulletinDate: today(), lastError: null } });
  });

  it('when the feed cannot be reached, answers 503 on update and the last bulletin on /today', async () => {
    expect((await update()).statusCode).toBe(200);
    answer = (req) => req.socket.destroy();
    const failed = await update(t.tokens[2]);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'rates.unreachable', today: { bulletinDate: today() } });
    expect((await getToday()).json()).toMatchObject({ bulletinDate: today(), lastError: 'The central bank rate bulletin could not be reached.' });
  });

  it('refuses malformed XML and a bulletin without EUR, storing nothing', async () => {
    for (const xml of ['<?xml version="1.0"?><Tarih_Date Tarih="20.11.2026"><Currency Kod="USD">', bulletin(today(), { eur: null }), '<html>bakım</html>']) {
      answer = serveXml(xml);
      const res = await update();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'rates.malformed', today: null });
    }
    expect(await rateRows()).toHaveLength(0);
    expect(await rateLogs()).toBe(0);
    expect((await getToday()).statusCode).toBe(503);
  });

  it('refuses a bulletin dated in the future', async () => {
    answer = serveXml(bulletin(addDays(today(), 5)));
    expect((await update()).json().code).toBe('rates.malformed');
    expect(await rateRows()).toHaveLength(0);
  });

  it('needs a back-office session to update', async () => {
    expect((await update(null as unknown as string)).statusCode).toBe(401);
    expect((await update(t.tokens[4])).statusCode).toBe(403);
    expect(hits).toBe(0);
  });
});

describe('"update rates" under load', () => {
  it('makes one outbound fetch for 50 concurrent calls, and none for calls within a minute of it (429 with the stored bulletin)', async () => {
    const limited = await createTestContext({ TCMB_URL: feedUrl });
    try {
      // The feed holds its answer until the test releases it, so the calls overlap the one fetch.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => { release = resolve; });
      let reached!: () => void;
      const feedReached = new Promise<void>((resolve) => { reached = resolve; });
      answer = (req, res) => { reached(); void gate.then(() => serveXml(bulletin(today()))(req, res)); };
      const call = () => limited.call({ method: 'POST', url: '/api/tcmb/update', token: limited.tokens[3] });
      const pending = Array.from({ length: 50 }, call);
      await feedReached;
      release();
      const answers = await Promise.all(pending);
      // Each call shared the one fetch (200) or came after it (429): never a second fetch.
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(1);
      expect(hits).toBe(1);

      const soon = await call();
      expect(soon.statusCode).toBe(429);
      expect(soon.headers['retry-after']).toMatch(/^\d+$/);
      expect(soon.json()).toMatchObject({ code: 'rates.tooSoon', today: { bulletinDate: today() } });
      expect(soon.json().message).toMatch(/wait \d+ seconds to fetch again/);
      for (let i = 0; i < 20; i++) expect((await call()).statusCode).toBe(429);
      expect(hits).toBe(1);

      // A minute later (controlled clock) the next call fetches again.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 61_000);
        expect((await call()).statusCode).toBe(200);
        expect(hits).toBe(2);
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/tcmb/list', () => {
  beforeEach(async () => {
    for (const [i, d] of [-3, -2, -1, 0].entries()) {
      answer = serveXml(bulletin(addDays(today(), d), { usd: ['42.1000', `42.${i}000`], no: `2026/${200 + i}` }));
      expect((await update()).statusCode).toBe(200);
    }
  });

  it('lists bulletins newest first, paged', async () => {
    const res = await t.call({ method: 'GET', url: '/api/tcmb/list?page=1&pageSize=3', token: t.tokens[2] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, totalPage: 2, totalItemCount: 4 });
    expect(body.list.map((r: { bulletinDate: string }) => r.bulletinDate)).toEqual([0, -1, -2].map((d) => addDays(today(), d)));
    expect(body.list[0].Data[0]).toEqual({ CurrencyCode: 'USD', Unit: 1, ForexBuying: '42.1000', ForexSelling: '42.3000' });
    expect(body.list[0].Data[1].CurrencyCode).toBe('EUR');
    expect(body.list[0]._id).toEqual(expect.any(String));
    const second = (await t.call({ method: 'GET', url: '/api/tcmb/list?page=2&pageSize=3', token: t.tokens[0] })).json();
    expect(second.list.map((r: { bulletinDate: string }) => r.bulletinDate)).toEqual([addDays(today(), -3)]);
  });

  it('is for roles up to 2, and checks its parameters', async () => {
    expect((await t.call({ method: 'GET', url: '/api/tcmb/list', token: t.tokens[3] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/tcmb/list' })).statusCode).toBe(401);
    const bad = await t.call({ method: 'GET', url: '/api/tcmb/list?pageSize=1001', token: t.tokens[1] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('pageSize');
    expect((await t.call({ method: 'GET', url: '/api/tcmb/list?pageSize=1000', token: t.tokens[1] })).json().list).toHaveLength(4);
  });
});

describe('the demo rates', () => {
  it('seeds marked weekday bulletins that the central bank\'s own bulletin of a date replaces', async () => {
    expect(await seedRates(t.database.db)).toBe(DEMO_BULLETIN_DAYS);
    expect(await seedRates(t.database.db)).toBe(0);
    const rows = await rateRows();
    expect(rows).toHaveLength(DEMO_BULLETIN_DAYS);
    for (const r of rows) {
      expect(r.bulletin_no).toBe(`DEMO-${r.tarih}`);
      expect([0, 6]).not.toContain(new Date(`${r.tarih}T00:00:00Z`).getUTCDay());
      expect(Number(r.usd_selling)).toBeGreaterThan(41.5);
      expect(Number(r.usd_selling)).toBeLessThan(43);
      expect(Number(r.eur_selling)).toBeGreaterThan(48);
      expect(Number(r.eur_selling)).toBeLessThan(50);
    }
    const newest = expectedBulletinDate(new Date());
    expect(rows.at(-1)!.tarih).toBe(newest);
    expect((await getToday()).json()).toMatchObject({ demo: true, bulletinDate: newest });

    answer = serveXml(bulletin(newest, { no: '2026/300' }));
    expect((await update()).json()).toMatchObject({ stored: true, today: { demo: false, bulletinNo: '2026/300', Data: [{ ForexSelling: '42.3062' }, { ForexSelling: '48.9000' }] } });
    expect(await rateRows()).toHaveLength(DEMO_BULLETIN_DAYS);
  });
});

describe('the rates job', () => {
  it('fetches once at start without holding it up, and stops when told', async () => {
    // The service's log line "bulletin stored" is the sentinel: no polling, no sleep.
    let storedLine!: () => void;
    const stored = new Promise<void>((resolve) => { storedLine = resolve; });
    const rates = createRatesService({ db: t.database.db, url: feedUrl, log: { info: () => storedLine(), warn: () => undefined } });
    const job = createRatesJob({ rates });
    job.start();
    await stored;
    await job.stop();
    expect((await rateRows()).map((r) => r.tarih)).toEqual([today()]);
    expect(hits).toBe(1);
  });

  it('gives up a fetch that takes longer than the timeout', async () => {
    answer = () => { /* never answers */ };
    const rates = createRatesService({ db: t.database.db, url: feedUrl, timeoutMs: 150 });
    await expect(rates.fetchOnce(null)).rejects.toMatchObject({ key: 'rates.timeout' });
    const closed = createRatesService({ db: t.database.db, url: 'http://127.0.0.1:9/today.xml' });
    await expect(closed.fetchOnce(null)).rejects.toMatchObject({ key: 'rates.unreachable' });
    expect(await rateRows()).toHaveLength(0);
  });

  it('sleeps until the next weekday publication, and re-checks every 30 minutes while the day\'s bulletin is missing', () => {
    const MIN = 60_000;
    // Friday 16:00 Istanbul (13:00 UTC), not yet stored: again in 30 minutes; stored: Monday 15:30, at most 6 hours at a time.
    expect(nextCheckDelay(new Date('2026-11-20T13:00:00Z'), false)).toBe(RATES_RECHECK_MINUTES * MIN);
    expect(nextCheckDelay(new Date('2026-11-20T13:00:00Z'), true)).toBe(6 * 60 * MIN);
    // Monday 10:00 Istanbul: wait until 15:30.
    expect(nextCheckDelay(new Date('2026-11-23T07:00:00Z'), false)).toBe(5.5 * 60 * MIN);
    // Sunday 13:00 Istanbul: nothing today; wakes only to look at the clock again.
    expect(nextCheckDelay(new Date('2026-11-22T10:00:00Z'), false)).toBe(6 * 60 * MIN);
    // Monday 15:00 Istanbul: half an hour.
    expect(nextCheckDelay(new Date('2026-11-23T12:00:00Z'), false)).toBe(30 * MIN);
  });
});
