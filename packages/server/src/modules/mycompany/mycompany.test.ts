import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatIban, isValidIban } from '@isik/domain';
import { logs, myCompany } from '../../db/schema.js';
import { trackingToken } from '../../lib/tracking-token.js';
import { canRenderPictures, minimalPdf } from '../../seed/demo-images.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { seedMyCompany, turkishIban } from './mycompany-seed.js';

let t: TestContext;
beforeAll(async () => { t = await createTestContext(); });
afterAll(async () => { await t?.close(); });

/** Stamp, signature and certificate URLs come signed to staff (ADR 0012); the stored file is the URL without the query. */
const plain = (u: string) => u.split('?')[0];
const MISSING_EN = 'company info country or name is missing';
const MISSING_TR = 'Firma bilgilerinde ülke ya da firma adı eksik';
const STALE = 'Someone else changed this record after you opened it. Reload and try again.';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF = `data:application/pdf;base64,${minimalPdf(['Test certificate']).toString('base64')}`;
const TEXT = `data:text/plain;base64,${Buffer.from('hello, not a picture').toString('base64')}`;
const IBAN_TRY = turkishIban('00010', '0174512345670001');
const IBAN_USD = turkishIban('00062', '0152800000098765');

const get = (token: string | null = t.tokens[1], url = '/api/company/1') => t.call({ method: 'GET', url, token });
const create = (payload: object, token = t.tokens[1], lang = 'en') => t.call({ method: 'POST', url: '/api/company/create/', payload, token, lang });
const update = (payload: object, token = t.tokens[1], lang = 'en', id = '1') => t.call({ method: 'POST', url: `/api/company/update/${id}`, payload, token, lang });
const dbRow = async () => (await t.database.db.select().from(myCompany).where(eq(myCompany.id, '1')))[0];

function body(over: Record<string, unknown> = {}) {
  return {
    sirket_adi: 'Işık LED Aydınlatma A.Ş.', sirket_adres: 'Ankara OSB 1. Cadde No: 12', sirket_ilce: 'Sincan', sirket_il: 'Ankara',
    sirket_ulke: 'Türkiye', sirket_pk: '06935', sirket_email: 'info@isikled.com.tr', sirket_email2: 'satis@isikled.com.tr',
    sirket_web: 'www.isikled.com.tr', sirket_tel: '+90 312 267 00 00', sirket_fax: '+90 312 267 00 01',
    sirket_vergidairesi: 'Ostim', sirket_vergino: '4810012345',
    QCQuestions: [{ no: 1, Question: 'IP66 testi yapıldı mı?' }],
    certificates: [],
    banks: [{ bank: 'Ziraat', branch: 'OSB', iban: IBAN_TRY, currency: '₺' }],
    ...over,
  };
}

describe('IBAN helpers', () => {
  it('computes valid Turkish IBANs and refuses a changed digit', () => {
    expect(IBAN_TRY).toMatch(/^TR\d{24}$/);
    expect(isValidIban(IBAN_TRY)).toBe(true);
    expect(isValidIban(IBAN_USD)).toBe(true);
    expect(isValidIban(formatIban(IBAN_TRY))).toBe(true);
    const broken = IBAN_TRY.slice(0, 10) + ((Number(IBAN_TRY[10]) + 1) % 10) + IBAN_TRY.slice(11);
    expect(isValidIban(broken)).toBe(false);
    expect(isValidIban('TR12')).toBe(false);
    expect(formatIban(IBAN_TRY)).toMatch(/^TR\d\d( \d{4}){5} \d\d$/);
  });
});

describe('before the own company exists', () => {
  it('GET /api/company/1 and GET /api/web/company answer 404', async () => {
    expect((await get()).statusCode).toBe(404);
    expect((await get(null, '/api/web/company')).statusCode).toBe(404);
  });

  it('refuses update (404) while there is nothing to update', async () => {
    const res = await update({ ...body(), __v: 0 });
    expect(res.statusCode, res.body).toBe(404);
  });
});

describe('POST /api/company/create', () => {
  it('refuses roles above 1 (403) and callers without a token (401), creating nothing', async () => {
    for (const role of [2, 3, 7]) expect((await create(body(), t.tokens[role])).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/company/create', payload: body() })).statusCode).toBe(401);
    expect(await dbRow()).toBeUndefined();
  });

  it('refuses a missing name or country with the spec message in the caller language, naming the fields', async () => {
    const en = await create(body({ sirket_adi: '', sirket_ulke: undefined }));
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe(MISSING_EN);
    expect(en.json().fields).toMatchObject({ sirket_adi: MISSING_EN, sirket_ulke: MISSING_EN });
    const tr = await create(body({ sirket_ulke: '  ' }), t.tokens[1], 'tr');
    expect(tr.statusCode).toBe(400);
    expect(tr.json().message).toBe(MISSING_TR);
    expect(tr.json().fields).toEqual({ sirket_ulke: MISSING_TR });
    expect(await dbRow()).toBeUndefined();
  });

  it('checks e-mails, IBANs, currencies and question numbers', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sirket_email: 'not-an-email' }, 'sirket_email', 'Email is not valid!'],
      [{ sirket_email2: 'a@b' }, 'sirket_email2', 'Email is not valid!'],
      [{ banks: [{ bank: 'Ziraat', branch: '', iban: IBAN_TRY.slice(0, -1) + (IBAN_TRY.endsWith('1') ? '2' : '1'), currency: '₺' }] }, 'banks.0.iban', 'The IBAN is not valid (country code, check digits and length are checked).'],
      [{ banks: [{ bank: 'Ziraat', branch: '', iban: IBAN_TRY, currency: 'TRY' }] }, 'banks.0.currency', 'The currency must be ₺, $ or €.'],
      [{ banks: [{ bank: '', branch: '', iban: IBAN_TRY, currency: '$' }] }, 'banks.0.bank', 'Enter the bank name.'],
      [{ QCQuestions: [{ no: 0, Question: 'x' }] }, 'QCQuestions.0.no', 'The question number must be a positive whole number.'],
      [{ QCQuestions: [{ no: 1.5, Question: 'x' }] }, 'QCQuestions.0.no', 'The question number must be a positive whole number.'],
      [{ QCQuestions: [{ no: 2, Question: ' ' }] }, 'QCQuestions.0.Question', 'Enter the question.'],
      [{ certificates: [{ certificate: '', file: '', bwfile: '' }] }, 'certificates.0.certificate', 'Enter the certificate name.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields[field], res.body).toBe(message);
    }
    expect(await dbRow()).toBeUndefined();
  });

  it('refuses a non-image in an image slot and a non-image, non-PDF certificate file', async () => {
    const img = await create(body({ sirket_kase: TEXT }));
    expect(img.statusCode).toBe(400);
    expect(img.json().fields).toHaveProperty('sirket_kase');
    const pdfAsLogo = await create(body({ bwlogo: PDF }));
    expect(pdfAsLogo.statusCode).toBe(400);
    expect(pdfAsLogo.json().fields).toHaveProperty('bwlogo');
    const cert = await create(body({ certificates: [{ certificate: 'CE', file: TEXT, bwfile: '' }] }));
    expect(cert.statusCode).toBe(400);
    expect(cert.json().fields).toHaveProperty(['certificates.0.file']);
    expect(await dbRow()).toBeUndefined();
  });

  it('creates record "1" with images and certificate files stored as URLs, IBAN normalised, a log row', async () => {
    const spaced = formatIban(IBAN_USD).toLowerCase();
    const res = await create(body({
      sirket_rapor_logo: PNG, sirket_kase: PNG, sirket_kaseimza: PNG, bwlogo: PNG,
      certificates: [{ certificate: 'CE', file: PDF, bwfile: PNG }, { certificate: 'TSE', file: PNG, bwfile: '' }],
      banks: [{ bank: 'Ziraat', branch: 'OSB', iban: IBAN_TRY, currency: '₺' }, { bank: 'Garanti', branch: 'Ostim', iban: spaced, currency: '$' }],
    }));
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c._id).toBe('1');
    expect(c.__v).toBe(0);
    for (const f of ['sirket_rapor_logo', 'sirket_kase', 'sirket_kaseimza', 'bwlogo']) expect(plain(c[f])).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    for (const f of ['sirket_kase', 'sirket_kaseimza']) expect(c[f]).toMatch(/\?exp=\d+&sig=/);
    expect(plain(c.certificates[0].file)).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    expect(plain(c.certificates[0].bwfile)).toBe(c.bwlogo);
    expect({ ...c.certificates[1], file: plain(c.certificates[1].file) }).toEqual({ certificate: 'TSE', file: c.bwlogo, bwfile: '' });
    expect(c.banks[1]).toEqual({ bank: 'Garanti', branch: 'Ostim', iban: IBAN_USD, currency: '$' });
    expect(c.QCQuestions).toEqual([{ no: 1, Question: 'IP66 testi yapıldı mı?' }]);
    expect(JSON.stringify(c)).not.toContain('base64');
    const pdf = await t.call({ method: 'GET', url: c.certificates[0].file });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const logRows = await t.database.db.select().from(logs).where(eq(logs.form, 'mycompany'));
    expect(logRows.map((l) => l.title)).toEqual(['Firma bilgileri oluşturuldu']);
  });

  it('answers 409 when the own company exists already', async () => {
    const res = await create(body({ sirket_adi: 'Another' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The company info already exists; update it instead.');
    expect((await dbRow()).sirket_adi).toBe('Işık LED Aydınlatma A.Ş.');
  });
});

describe('GET /api/company/1', () => {
  it('is read by every back-office role (0-3), refused above (403) and without a token (401)', async () => {
    for (const role of [0, 1, 2, 3]) {
      const res = await get(t.tokens[role]);
      expect(res.statusCode).toBe(200);
      expect(res.json().sirket_adi).toBe('Işık LED Aydınlatma A.Ş.');
    }
    for (const role of [4, 7]) expect((await get(t.tokens[role])).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(t.tokens[1], '/api/company/2')).statusCode).toBe(404);
  });

  it('answers the whole record to the settings screen\'s roles (0-1), and to roles 2-3 only what documents read', async () => {
    for (const role of [0, 1]) {
      const c = (await get(t.tokens[role])).json();
      for (const f of ['sirket_vergino', 'sirket_vergidairesi', 'sirket_email2', 'QCQuestions', 'banks', '__v']) expect(c, `role ${role}`).toHaveProperty(f);
    }
    const full = (await get(t.tokens[0])).json();
    for (const role of [2, 3]) {
      const c = (await get(t.tokens[role])).json();
      expect(Object.keys(c).sort()).toEqual([
        '_id', 'banks', 'bwlogo', 'certificates', 'sirket_adi', 'sirket_adres', 'sirket_email', 'sirket_fax', 'sirket_il', 'sirket_ilce', 'sirket_kase',
        'sirket_kaseimza', 'sirket_pk', 'sirket_rapor_logo', 'sirket_tel', 'sirket_ulke', 'sirket_web',
      ]);
      expect(c.certificates).toEqual(full.certificates);
      expect(c.banks).toEqual(full.banks);
      expect(c.sirket_kaseimza).toBe(full.sirket_kaseimza);
    }
  });
});

describe('POST /api/company/update/1', () => {
  it('refuses role 2 and above (403), changing nothing', async () => {
    const res = await update({ sirket_adi: 'Hijack', __v: 0 }, t.tokens[2]);
    expect(res.statusCode).toBe(403);
    expect((await dbRow()).sirket_adi).toBe('Işık LED Aydınlatma A.Ş.');
  });

  it('refuses a malformed __v (400), answers 409 for a stale one and 404 for another id', async () => {
    const badV = await update({ sirket_tel: '1', __v: '0' });
    expect(badV.statusCode).toBe(400);
    expect(badV.json().fields).toHaveProperty('__v');
    const stale = await update({ sirket_tel: '1', __v: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE);
    expect((await update({ sirket_tel: '1', __v: 0 }, t.tokens[1], 'en', '2')).statusCode).toBe(404);
    expect((await dbRow()).sirket_tel).toBe('+90 312 267 00 00');
  });

  it('refuses an emptied name with the spec message (tr and en)', async () => {
    const en = await update({ sirket_adi: '', __v: 0 });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ message: MISSING_EN, fields: { sirket_adi: MISSING_EN } });
    const tr = await update({ sirket_adi: '   ', sirket_ulke: '', __v: 0 }, t.tokens[1], 'tr');
    expect(tr.statusCode).toBe(400);
    expect(tr.json()).toMatchObject({ message: MISSING_TR, fields: { sirket_adi: MISSING_TR, sirket_ulke: MISSING_TR } });
  });

  it('changes what is sent, keeps what is left out, bumps __v, writes a log row; a second save with the old __v is stale', async () => {
    const before = (await get(t.tokens[1])).json();
    const res = await update({ sirket_tel: '+90 312 999 99 99', QCQuestions: [{ no: 1, Question: 'A' }, { no: 2, Question: 'B' }], sirket_kase: '', __v: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c.__v).toBe(1);
    expect(c.sirket_tel).toBe('+90 312 999 99 99');
    expect(c.QCQuestions).toEqual([{ no: 1, Question: 'A' }, { no: 2, Question: 'B' }]);
    expect(c.sirket_kase).toBe('');
    for (const f of ['sirket_adi', 'sirket_email', 'sirket_rapor_logo', 'bwlogo', 'certificates', 'banks', 'sirket_vergino']) expect(c[f]).toEqual(before[f]);
    const again = await update({ sirket_tel: 'x', __v: 0 });
    expect(again.statusCode).toBe(409);
    const logRows = await t.database.db.select().from(logs).where(eq(logs.form, 'mycompany'));
    expect(logRows.map((l) => l.title)).toContain('Firma bilgileri güncellendi');
  });

  it('takes stored file URLs back unchanged and refuses unknown ones', async () => {
    const c = (await get(t.tokens[1])).json();
    const ok = await update({ sirket_kase: c.sirket_rapor_logo, __v: c.__v });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(plain(ok.json().sirket_kase)).toBe(c.sirket_rapor_logo);
    const bad = await update({ sirket_kase: `/api/files/${'0'.repeat(64)}`, __v: ok.json().__v });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('sirket_kase');
    const html = await update({ bwlogo: 'https://example.com/logo.png', __v: ok.json().__v });
    expect(html.statusCode).toBe(400);
  });
});

describe('GET /api/company/1/{offerId}/{companyId}/{token} (order tracking)', () => {
  const secret = () => t.config.jwtSecret;
  it('answers the customer view without a login when the token is the HMAC of the two ids', async () => {
    const token = trackingToken(secret(), 'offer123', 'comp456');
    const res = await get(null, `/api/company/1/offer123/comp456/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c.sirket_adi).toBe('Işık LED Aydınlatma A.Ş.');
    expect(c.sirket_rapor_logo).toMatch(/^\/api\/files\//);
    expect(Object.keys(c).sort()).toEqual(['_id', 'sirket_adi', 'sirket_adres', 'sirket_email', 'sirket_fax', 'sirket_il', 'sirket_ilce', 'sirket_pk', 'sirket_rapor_logo', 'sirket_tel', 'sirket_ulke', 'sirket_web'].sort());
  });

  it('answers 404 with nothing of the company for a wrong token or swapped ids, even with a session', async () => {
    const token = trackingToken(secret(), 'offer123', 'comp456');
    for (const url of [
      `/api/company/1/offer123/comp456/${token.slice(0, -1)}x`,
      `/api/company/1/comp456/offer123/${token}`,
      `/api/company/1/offer123/comp457/${token}`,
      `/api/company/2/offer123/comp456/${token}`,
    ]) {
      for (const tok of [null, t.tokens[0]]) {
        const res = await get(tok, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('Işık');
        expect(res.body).not.toContain('sirket');
      }
    }
  });
});

describe('GET /api/web/company (public)', () => {
  it('answers only the public fields, without a token', async () => {
    const res = await get(null, '/api/web/company');
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(Object.keys(c).sort()).toEqual(['logo', 'sirket_adi', 'sirket_adres', 'sirket_email', 'sirket_il', 'sirket_ilce', 'sirket_tel', 'sirket_ulke', 'sirket_web']);
    expect(c.sirket_email).toBe('info@isikled.com.tr');
    expect(c.logo).toMatch(/^\/api\/files\//);
    for (const secretValue of ['4810012345', 'Ostim', 'satis@isikled.com.tr', IBAN_TRY, 'IP66', 'QCQuestions', 'banks', '__v']) expect(res.body).not.toContain(secretValue);
  });
});

describe('demo seed', () => {
  it('seeds the manufacturer once: images and certificate files as URLs, 5 QC questions, valid TRY and USD IBANs', async () => {
    await t.database.db.delete(myCompany);
    expect(await seedMyCompany(t.database.db)).toBe(true);
    expect(await seedMyCompany(t.database.db)).toBe(false);
    const res = await get(t.tokens[1]);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c.sirket_adi).toBe('Işık LED Aydınlatma A.Ş.');
    expect(c.sirket_ulke).toBe('Türkiye');
    expect(c.QCQuestions.map((q: { no: number }) => q.no)).toEqual([1, 2, 3, 4, 5]);
    expect(c.certificates.map((x: { certificate: string }) => x.certificate.split(' ')[0])).toEqual(['CE', 'ENEC', 'TSE']);
    for (const x of c.certificates) expect(plain(x.file)).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    expect(c.banks.map((b: { currency: string }) => b.currency)).toEqual(['₺', '$']);
    for (const b of c.banks) expect(isValidIban(b.iban)).toBe(true);
    if (canRenderPictures()) {
      for (const f of ['sirket_rapor_logo', 'sirket_kase', 'sirket_kaseimza', 'bwlogo']) {
        expect(plain(c[f])).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
        const img = await t.call({ method: 'GET', url: c[f] });
        expect(img.headers['content-type']).toBe('image/png');
      }
    }
    // The seeded record passes the update rules as it is (what the form sends back on Save).
    const { _id: _i, date: _d, ...rest } = c;
    const again = await update({ ...rest });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().__v).toBe(1);
  });
});
