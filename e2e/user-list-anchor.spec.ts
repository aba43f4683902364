import type { Page } from '@playwright/test';
import { createUser } from './support/api';
import { loginAs } from './support/auth';
import { expect, test } from './support/test';

// The user list by anchor (issue 27, ADR 0055 on ADR 0051): the pager's next, last and previous send the anchor of
// the page on screen, and the screen shows the very rows the page by number holds.
const rows = (page: Page) => page.locator('table tbody tr');

test('the user list pages by anchor: next, last and previous show the pages by number', async ({ page, admin, tag }) => {
  test.setTimeout(120_000);
  for (let i = 1; i <= 33; i++) await createUser(admin, { role: 3, firstname: `Sayfa ${String(i).padStart(2, '0')}`, tag });
  const byNumber = async (p: number) => (await admin.get<{ users: { email: string }[] }>(
    `/users/list?search=${encodeURIComponent(tag)}&page=${p}&pageSize=10&orderBy=firstname&order=asc`)).users.map((u) => u.email);
  const call = (p: number) => page.waitForRequest((r) => r.url().includes('/api/users/list') && new URL(r.url()).searchParams.get('page') === String(p));
  const shows = async (p: number) => {
    const emails = await byNumber(p);
    await expect(rows(page)).toHaveCount(emails.length);
    for (const [i, email] of emails.entries()) await expect(rows(page).nth(i)).toContainText(email);
  };
  await loginAs(page, `/users?search=${encodeURIComponent(tag)}`);
  await shows(1);
  for (const [button, p] of [['Sonraki sayfa', 2], ['Son sayfa', 4], ['Önceki sayfa', 3]] as const) {
    const req = call(p);
    await page.getByRole('button', { name: button, exact: true }).click();
    expect(new URL((await req).url()).searchParams.get('anchor'), `${button}: the anchor of the page on screen`).toBeTruthy();
    await shows(p);
  }
  await page.getByRole('button', { name: 'İlk sayfa', exact: true }).click();
  await shows(1);
});
