// Issue 27, ADR 0051: the company list serves a page from the client's anchor (Page-Anchor of the page it shows);
// every page reached so, forwards, backwards and from the end, is the page OFFSET serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { getPage, walkAnchoredPages } from '../../test/anchored-walk.js';

let t: TestContext;
const COMPANIES = 19;

beforeAll(async () => {
  t = await createTestContext();
  for (let i = 0; i < COMPANIES; i++) {
    // Names that tie on the Turkish sort key (Işık / ışık / IŞIK), two categories, both statuses.
    const res = await t.call({
      method: 'POST', url: '/api/companies/create', token: t.tokens[0], payload: {
        company_name: ['Işık Ltd', 'ışık ltd', 'IŞIK LTD', 'Çağ Enerji', 'Anadolu'][i % 5], company_city: 'İstanbul', company_country: 'Türkiye', company_email: `c${i}@firma.test`,
        company_category: i % 3 ? 'Customer' : 'Suppliers', company_status: i % 4 !== 0,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => { await t?.close(); });

describe('the company list by anchor', () => {
  for (const sort of ['orderBy=company_name', 'orderBy=company_name&order=desc', 'orderBy=company_category&order=desc', 'orderBy=company_status']) {
    it(`${sort}: every page from every page's anchor is OFFSET's page`, async () => {
      const pages = await walkAnchoredPages(t, `/api/companies/list?${sort}`, 'companyList', 4, COMPANIES, t.tokens[0]);
      expect(Object.keys((pages[1].body.companyList as object[])[0])).not.toContain('k0');
    });
  }

  it('an anchor of another sort or filter is ignored', async () => {
    const want = await getPage(t, '/api/companies/list?orderBy=company_name&category=Customer&pageSize=4&page=3', 'companyList', t.tokens[0]);
    const other = await getPage(t, '/api/companies/list?orderBy=company_name&pageSize=4&page=2', 'companyList', t.tokens[0]);
    expect((await getPage(t, `/api/companies/list?orderBy=company_name&category=Customer&pageSize=4&page=3&anchor=${other.anchor}`, 'companyList', t.tokens[0])).ids).toEqual(want.ids);
  });
});
