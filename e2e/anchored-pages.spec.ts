import type { Page } from '@playwright/test';
import { createCompany } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// Anchored pages (issue 27, ADR 0051): the pager's next, last and previous send the anchor of the page on screen, and
// the screen shows the very rows the page by number holds.
const rows = (page: Page) => page.locator('table tbody tr');

test('the company list pages by anchor: next, last and previous show the pages by number', async ({ page, admin, tag }) => {
  test.setTimeout(120_000);
  for (let i = 1; i <= 33; i++) await createCompany(admin, `${tag} Sayfa ${String(i).padStart(2, '0')}`);
  const byNumber = async (p: number) => (await admin.get<{ companyList: { company_name: string }[] }>(
    `/companies/list?search=${encodeURIComponent(tag)}&page=${p}&pageSize=10&orderBy=company_name&order=asc`)).companyList.map((c) => c.company_name);
  const call = (p: number) => page.waitForRequest((r) => r.url().includes('/api/companies/list') && new URL(r.url()).searchParams.get('page') === String(p));
  const shows = async (p: number) => {
    const names = await byNumber(p);
    await expect(rows(page)).toHaveCount(names.length);
    for (const [i, name] of names.entries()) await expect(rows(page).nth(i)).toContainText(name);
  };
  await loginAs(page, `/companies?search=${encodeURIComponent(tag)}`);
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
