// Issue 27, ADR 0055 (anchored pages, ADR 0051): the user list serves a page from the client's anchor (Page-Anchor of
// the page it shows); every page reached so, forwards, backwards and from the end, is the page OFFSET serves, and the
// total of an unfiltered list is the kept count of users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { getPage, walkAnchoredPages } from '../../test/anchored-walk.js';
import { users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

let t: TestContext;
const ADDED = 21;
let count = 0;

beforeAll(async () => {
  t = await createTestContext();
  // Names that tie on the Turkish sort key (Işık / ışık / IŞIK), and Turkish letters around them.
  await t.database.db.insert(users).values(Array.from({ length: ADDED }, (_, i) => ({
    id: newId(), firstname: ['Işık', 'ışık', 'IŞIK', 'Çağla', 'Ömer', 'Ayşe', 'İlknur'][i % 7], lastname: ['Şahin', 'Öz', 'Can'][i % 3],
    email: `u${i}@firma.test`, role: 1 + (i % 5), password_hash: 'x',
  })));
  count = Number(((await t.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] }).rows[0].n);
});
afterAll(async () => { await t?.close(); });

describe('the user list by anchor', () => {
  for (const sort of ['orderBy=firstname', 'orderBy=firstname&order=desc', 'orderBy=lastname', 'orderBy=lastname&order=desc']) {
    it(`${sort}: every page from every page's anchor is OFFSET's page`, async () => {
      const pages = await walkAnchoredPages(t, `/api/users/list?${sort}`, 'users', 4, count, t.tokens[0]);
      expect(pages[1].body.totalItemCount).toBe(count);
      expect(pages[1].body.totalPage).toBe(Math.ceil(count / 4));
      expect(Object.keys((pages[1].body.users as object[])[0])).not.toContain('k0');
    });
  }

  it('a searched list pages by anchor too, with its matches\' total', async () => {
    const pages = await walkAnchoredPages(t, '/api/users/list?orderBy=lastname&search=%C5%9Fahin', 'users', 3, 7, t.tokens[0]);
    expect(pages[1].body.totalItemCount).toBe(7);
  });

  it('an anchor of another sort or search is ignored', async () => {
    const want = await getPage(t, '/api/users/list?orderBy=firstname&search=firma&pageSize=4&page=3', 'users', t.tokens[0]);
    const other = await getPage(t, '/api/users/list?orderBy=firstname&pageSize=4&page=2', 'users', t.tokens[0]);
    expect((await getPage(t, `/api/users/list?orderBy=firstname&search=firma&pageSize=4&page=3&anchor=${other.anchor}`, 'users', t.tokens[0])).ids).toEqual(want.ids);
  });
});
