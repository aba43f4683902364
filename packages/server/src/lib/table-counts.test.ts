// Issue 27, ADR 0055: the company and user lists' unfiltered total is the kept count of their table (table_counts,
// ADR 0052), so a page no longer counts every row; a filtered or searched list counts its matches. Held here: after
// random inserts, deletes and folds every total equals the table's own count (unfiltered, by category, by status,
// searched, and on a page past the end); the unfiltered total is the kept one; a read beyond the slack folds.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Executor } from '../db/database.js';
import { useScratchClient } from '../test/scratch-client.js';
import * as schema from '../db/schema.js';
import { listCompanies, type CompanyListArgs } from '../modules/companies/companies-repository.js';
import { listUsers, type UserListArgs } from '../modules/users/users-repository.js';

const scratch = useScratchClient('listtotals');
const db = () => drizzle({ client: scratch.client, schema }) as unknown as Executor;

let seq = 0;
const id = (p: string) => `${p}-${(seq += 1).toString().padStart(6, '0')}`;
async function addCompanies(n: number, category: string, status: boolean): Promise<void> {
  const ids = Array.from({ length: n }, () => id('lc'));
  await scratch.client.query(`insert into companies (id, company_name, company_category, company_status)
    select x, 'Firma ' || x, $2, $3 from unnest($1::text[]) x`, [ids, category, status]);
}
async function addUsers(n: number): Promise<void> {
  const ids = Array.from({ length: n }, () => id('lu'));
  await scratch.client.query(`insert into users (id, firstname, lastname, email, password_hash)
    select x, 'Ad', 'Soyad', x || '@example.com', 'x' from unnest($1::text[]) x`, [ids]);
}
const count = async (q: string, p: unknown[] = []) => Number((await scratch.client.query(q, p)).rows[0].n);

const companyArgs = (a: Partial<CompanyListArgs>): CompanyListArgs => ({ page: 1, pageSize: 3, orderBy: 'company_name', order: 'asc', ...a });
const userArgs = (a: Partial<UserListArgs>): UserListArgs => ({ page: 1, pageSize: 3, orderBy: 'firstname', order: 'asc', ...a });

async function expectTotals(): Promise<void> {
  const companies = await count('select count(*)::int as n from companies');
  expect((await listCompanies(db(), companyArgs({}))).total).toBe(companies);
  expect((await listCompanies(db(), companyArgs({ page: 1000 }))).total, 'a page past the end').toBe(companies);
  expect((await listCompanies(db(), companyArgs({ orderBy: 'company_category', order: 'desc' }))).total).toBe(companies);
  for (const category of ['Customer', 'Suppliers']) {
    expect((await listCompanies(db(), companyArgs({ category }))).total).toBe(await count('select count(*)::int as n from companies where company_category = $1', [category]));
  }
  expect((await listCompanies(db(), companyArgs({ status: false }))).total).toBe(await count('select count(*)::int as n from companies where not company_status'));
  expect((await listCompanies(db(), companyArgs({ search: '-00001' }))).total).toBe(await count(`select count(*)::int as n from companies where company_name ilike '%-00001%'`));
  const people = await count('select count(*)::int as n from users');
  expect((await listUsers(db(), userArgs({}))).total).toBe(people);
  expect((await listUsers(db(), userArgs({ page: 1000, orderBy: 'lastname', order: 'desc' }))).total, 'a page past the end').toBe(people);
  expect((await listUsers(db(), userArgs({ search: '-00001' }))).total).toBe(await count(`select count(*)::int as n from users where email ilike '%-00001%'`));
}

const write = fc.oneof(
  fc.record({ k: fc.constant('companies' as const), n: fc.integer({ min: 1, max: 4 }), category: fc.constantFrom('Customer', 'Suppliers'), status: fc.boolean() }),
  fc.record({ k: fc.constant('users' as const), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ k: fc.constant('delete' as const), table: fc.constantFrom(['companies', 'lc'], ['users', 'lu']), at: fc.nat(10), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ k: fc.constant('fold' as const) }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

async function apply(w: Write): Promise<void> {
  if (w.k === 'companies') await addCompanies(w.n, w.category, w.status);
  else if (w.k === 'users') await addUsers(w.n);
  else if (w.k === 'delete') {
    await scratch.client.query(`delete from ${w.table[0]} where id in (select id from ${w.table[0]} where id like $1 order by id offset $2 limit $3)`, [`${w.table[1]}-%`, w.at, w.n]);
  } else await scratch.client.query('select table_counts_fold()');
}

describe('the company and user lists\' totals (ADR 0055)', () => {
  it('after random inserts, deletes and folds, every total equals the table\'s own count (unfiltered from the kept count; filtered and searched by their matches)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
      for (const w of writes) await apply(w);
      await expectTotals();
    }), { numRuns: 25 });
    expect(await count('select count(*)::int as n from companies')).toBeGreaterThan(0);
  }, 120_000);

  it('the unfiltered total is the kept count; a filtered one counts its matches', async () => {
    await addCompanies(2, 'Customer', true);
    await addUsers(2);
    await scratch.client.query('begin');
    try {
      // Kept counts that no row backs: the unfiltered lists show them, the filtered ones do not.
      await scratch.client.query(`insert into table_counts (name, n) values ('companies', 5), ('users', 7)`);
      expect((await listCompanies(db(), companyArgs({}))).total).toBe(await count('select count(*)::int + 5 as n from companies'));
      expect((await listCompanies(db(), companyArgs({ page: 1000 }))).total).toBe(await count('select count(*)::int + 5 as n from companies'));
      expect((await listUsers(db(), userArgs({}))).total).toBe(await count('select count(*)::int + 7 as n from users'));
      expect((await listUsers(db(), userArgs({ page: 1000 }))).total).toBe(await count('select count(*)::int + 7 as n from users'));
      expect((await listCompanies(db(), companyArgs({ category: 'Customer' }))).total).toBe(await count(`select count(*)::int as n from companies where company_category = 'Customer'`));
      expect((await listUsers(db(), userArgs({ search: 'example' }))).total).toBe(await count('select count(*)::int as n from users where email ilike \'%example%\''));
    } finally {
      await scratch.client.query('rollback');
    }
  });

  it('a list read beyond 100 extra kept rows folds them into one per table, the totals unchanged', async () => {
    for (let i = 0; i < 60; i++) await addCompanies(1, 'Customer', true);
    for (let i = 0; i < 60; i++) await addUsers(1);
    const raw = () => count('select count(*)::int as n from table_counts');
    expect(await raw()).toBeGreaterThan(120);
    const companies = (await listCompanies(db(), companyArgs({}))).total;
    expect(companies).toBe(await count('select count(*)::int as n from companies'));
    expect(await raw()).toBe(2);
    for (let i = 0; i < 110; i++) await addUsers(1);
    expect((await listUsers(db(), userArgs({}))).total).toBe(await count('select count(*)::int as n from users'));
    expect(await raw()).toBe(2);
  });
});
