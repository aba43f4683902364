import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { Api, apiSignIn, createUser, uniqueTag, type MadeUser } from './api';
import { signIn } from './auth';
import { ADMIN } from './fixtures';

/**
 * The test fixtures every spec should use (see e2e/README.md):
 *
 *   import { expect, test } from './support/test';
 *   test.use({ role: 2 });                          // the page is signed in as a new role-2 user
 *   test('…', async ({ page, user, admin, tag }) => { … });
 *
 * - `admin`  an Api signed in as the seeded admin (once per worker, through the API) to make the
 *            test's own records; never sign the admin out or change its password in a test.
 * - `tag`    a short string unique to this test run; put it into the names of what the test makes and
 *            search by it, so parallel tests never see each other's records.
 * - `makeUser({ role })`  a new user of its own for this test (unique e-mail, password Test12345!).
 * - `role`   option: when set, `user` is a new user of that role and `page` is signed in as it
 *            (through the API, token in sessionStorage as the web client keeps it); the page starts
 *            blank, so the test's first step is its own `page.goto`.
 * - `api`    an Api signed in as `user` (or the admin when no role is set).
 */
export interface TestFixtures {
  role: number | null;
  tag: string;
  admin: Api;
  makeUser: (opts?: { role?: number; firstname?: string; lastname?: string; companyId?: string }) => Promise<MadeUser>;
  user: MadeUser | null;
  api: Api;
}

interface WorkerFixtures {
  adminToken: string;
  apiRequest: APIRequestContext;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  role: [null, { option: true }],

  apiRequest: [async ({ playwright }, use, workerInfo) => {
    const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
    await use(request);
    await request.dispose();
  }, { scope: 'worker' }],

  adminToken: [async ({ apiRequest }, use) => {
    await use((await apiSignIn(apiRequest, ADMIN)).token);
  }, { scope: 'worker' }],

  // eslint-disable-next-line no-empty-pattern
  tag: async ({}, use) => {
    await use(uniqueTag());
  },

  admin: async ({ apiRequest, adminToken }, use) => {
    await use(new Api(apiRequest, adminToken));
  },

  makeUser: async ({ admin, tag }, use) => {
    await use((opts = {}) => createUser(admin, { ...opts, tag }));
  },

  user: async ({ role, makeUser }, use) => {
    await use(role === null ? null : await makeUser({ role }));
  },

  api: async ({ user, admin, apiRequest }, use) => {
    if (!user) return use(admin);
    await use(new Api(apiRequest, (await apiSignIn(apiRequest, user)).token));
  },

  page: async ({ page, user }, use) => {
    if (user) await signIn(page, user);
    await use(page);
  },
});

export { expect };
export type { MadeUser };
