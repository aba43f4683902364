import type { Page } from '@playwright/test';
import { createCompany, createUser, type Api } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// Anchored pages (issue 27, ADR 0051; users ADR 0055): the pager's next, last and previous send the anchor of the page
// on screen, and the screen shows the very rows the page by number holds.
const rows = (page: Page) => page.locator('table tbody tr');

/** Each anchored list: its screen, its call, how to make 33 of its rows under the test's tag, and what a row shows. */
const LISTS: { name: string; screen: string; call: string; sort: string; make: (admin: Api, tag: string, i: number) => Promise<unknown>; shown: (body: Record<string, { [k: string]: string }[]>) => string[] }[] = [
  {
    name: 'company', screen: '/companies', call: '/companies/list', sort: 'company_name',
    make: (admin, tag, i) => createCompany(admin, `${tag} Sayfa ${String(i).padStart(2, '0')}`),
    shown: (body) => body.companyList.map((c) => c.company_name),
  },
  {
    name: 'user', screen: '/users', call: '/users/list', sort: 'firstname',
    make: (admin, tag, i) => createUser(admin, { role: 3, firstname: `Sayfa ${String(i).padStart(2, '0')}`, tag }),
    shown: (body) => body.users.map((u) => u.email),
  },
];

for (const list of LISTS) {
  test(`the ${list.name} list pages by anchor: next, last and previous show the pages by number`, async ({ page, admin, tag }) => {
    test.setTimeout(120_000);
    for (let i = 1; i <= 33; i++) await list.make(admin, tag, i);
    const byNumber = async (p: number) => list.shown(await admin.get<Record<string, { [k: string]: string }[]>>(
      `${list.call}?search=${encodeURIComponent(tag)}&page=${p}&pageSize=10&orderBy=${list.sort}&order=asc`));
    const call = (p: number) => page.waitForRequest((r) => r.url().includes(`/api${list.call}`) && new URL(r.url()).searchParams.get('page') === String(p));
    const shows = async (p: number) => {
      const texts = await byNumber(p);
      await expect(rows(page)).toHaveCount(texts.length);
      for (const [i, text] of texts.entries()) await expect(rows(page).nth(i)).toContainText(text);
    };
    await loginAs(page, `${list.screen}?search=${encodeURIComponent(tag)}`);
    await shows(1);
    // Each step goes to a page not shown before: a page shown within the client's stale time comes from its cache,
    // without a request.
    for (const [button, p] of [['Sonraki sayfa', 2], ['Son sayfa', 4], ['Önceki sayfa', 3]] as const) {
      const req = call(p);
      await page.getByRole('button', { name: button, exact: true }).click();
      expect(new URL((await req).url()).searchParams.get('anchor'), `${button}: the anchor of the page on screen`).toBeTruthy();
      await shows(p);
    }
    await page.getByRole('button', { name: 'İlk sayfa', exact: true }).click();
    await shows(1);
  });
}
