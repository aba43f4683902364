// Issue 27, ADR 0056: the materials list serves a page from the client's anchor (Page-Anchor of the page it shows);
// every page reached so, forwards, backwards and from the end, in every order the list offers, is the page OFFSET
// serves; its total without a filter is the kept count (table_counts), with one the matches counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { getPage, walkAnchoredPages } from '../../test/anchored-walk.js';
import { insertMaterial } from '../catalogue/test-fixtures.js';

let t: TestContext;
const MATERIALS = 17;

beforeAll(async () => {
  t = await createTestContext();
  for (let i = 0; i < MATERIALS; i++) {
    // Names that tie on the sort key (lower(name): 'Vida M4', 'VIDA M4', 'vida m4'), numbers, prices, groups and
    // categories with ties, so every key's tie-breaks are walked.
    await insertMaterial(t.database.db, i, {
      material_name: ['Vida M4', 'VIDA M4', 'vida m4', 'Çelik Profil', 'Alüminyum Gövde', 'LED Modül'][i % 6] + (i % 4 === 0 ? '' : ` ${i % 3}`),
      material_no: 1 + (i % 5), material_price: [1.5, 0.25, 1.5, 10][i % 4],
      material_category: ['Elektronik', 'Mekanik'][i % 2], material_group: ['Vida', 'Profil', 'Modül'][i % 3],
    });
  }
});
afterAll(async () => { await t?.close(); });

describe('the materials list by anchor', () => {
  const sorts = ['', 'orderBy=material_name&order=desc', 'orderBy=date', 'orderBy=date&order=desc', 'orderBy=material_no', 'orderBy=material_no&order=desc',
    'orderBy=material_category', 'orderBy=material_category&order=desc', 'orderBy=material_group&order=desc', 'orderBy=material_price',
    'orderBy=material_price&order=desc', 'orderBy=stockSum&order=desc'];
  for (const sort of sorts) {
    it(`${sort || 'the default order'}: every page from every page's anchor is OFFSET's page`, async () => {
      const pages = await walkAnchoredPages(t, `/api/materials/list?type=list${sort ? `&${sort}` : ''}`, 'materials', 4, MATERIALS);
      expect(Object.keys((pages[1].body.materials as object[])[0])).not.toContain('k0');
      expect(pages[1].body.totalItemCount).toBe(MATERIALS);
    });
  }

  it('filtered (a category, a search): the pages by anchor are OFFSET\'s and the total counts the matches', async () => {
    const pages = await walkAnchoredPages(t, '/api/materials/list?type=list&category=Mekanik', 'materials', 3, 8);
    expect(pages[1].body.totalItemCount).toBe(8);
    // 'vida' in a name (9) or a group; the walk checks the pages together hold exactly the total.
    const matches = (await getPage(t, '/api/materials/list?type=list&search=vida&pageSize=100&page=1', 'materials')).ids.length;
    expect(matches).toBeGreaterThan(9);
    const found = await walkAnchoredPages(t, '/api/materials/list?type=list&search=vida', 'materials', 3, matches);
    expect(found[1].body.totalItemCount).toBe(matches);
  });

  it('an anchor of another sort or filter is ignored', async () => {
    const want = await getPage(t, '/api/materials/list?category=Mekanik&pageSize=3&page=2', 'materials');
    const other = await getPage(t, '/api/materials/list?pageSize=3&page=3', 'materials');
    expect((await getPage(t, `/api/materials/list?category=Mekanik&pageSize=3&page=2&anchor=${other.anchor}`, 'materials')).ids).toEqual(want.ids);
    const forged = Buffer.from(JSON.stringify({ v: 1, s: 'x', n: 3, p: 1, t: 1, f: ['a'], l: ['b'] })).toString('base64url');
    const res = await t.call({ method: 'GET', url: `/api/materials/list?pageSize=3&page=2&anchor=${forged}`, token: t.tokens[2] });
    expect(res.statusCode).toBe(200);
  });
});
