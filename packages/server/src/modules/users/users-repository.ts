import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { companies, users } from '../../db/schema.js';
import { searchAny } from '../../lib/search.js';
import { sortKeyColumn } from '../../lib/sort.js';
import { likePattern } from '../../lib/http.js';
import { inPage, pageTotal, totalColumn } from '../../lib/paging.js';
import { param, prepared } from '../../lib/prepared.js';
import type { Permissions, User } from '@isik/domain';

export type UserRow = typeof users.$inferSelect;

const columns = {
  id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, mobile: users.mobile,
  role: users.role, user_img: users.user_img, company_id: users.company_id, userstate: users.userstate,
  permissions: users.permissions, created_at: users.created_at, version: users.version, company_name: companies.company_name,
};
type Joined = { [K in keyof typeof columns]: unknown } & { id: string; company_id: string | null; company_name: string | null; created_at: Date };

export function toUser(r: Joined): User {
  return {
    _id: r.id, firstname: r.firstname as string, lastname: r.lastname as string, email: r.email as string, mobile: r.mobile as string,
    role: r.role as number, user_img: r.user_img as string,
    usercompany_id: r.company_id ? [{ _id: r.company_id, company_name: r.company_name ?? '' }] : [],
    usercompany_name: r.company_name ?? '', userstate: r.userstate as boolean,
    permissions: (r.permissions ?? {}) as Permissions, date: r.created_at.toISOString(), __v: r.version as number,
  };
}

export interface UserListArgs { page: number; pageSize: number; orderBy: 'firstname' | 'lastname'; order: 'asc' | 'desc'; search?: string }

export async function listUsers(db: Executor, a: UserListArgs) {
  const search = a.search ? param('search') : undefined;
  const where = () => (search ? searchAny([users.firstname, users.lastname, users.email], search) : undefined);
  const shape = `users.list:${a.orderBy}:${a.order}:${search ? 's' : ''}`;
  const values = { search: a.search ? likePattern(a.search) : undefined, limit: a.pageSize, offset: (a.page - 1) * a.pageSize };
  // One round trip: the page's ids from an index-only scan of the order's key index (OFFSET skips index entries),
  // the page's users with their company in the same order, and the count; a prepared statement per shape.
  const rows = await prepared(db, shape, () => {
    const sortCol = sortKeyColumn(a.orderBy === 'lastname' ? users.lastname_key : users.firstname_key);
    // The id breaks ties in the same direction, so a descending page is a backward scan of the same index, not a sort.
    const dir = a.order === 'desc' ? desc : asc;
    const order = [dir(sortCol), dir(users.id)];
    const w = where();
    const pageIds = db.select({ id: users.id }).from(users).where(w).orderBy(...order).limit(param('limit')).offset(param('offset'));
    return db.select({ ...columns, total: totalColumn(users, w) }).from(users).leftJoin(companies, eq(companies.id, users.company_id))
      .where(inPage(users.id, pageIds)).orderBy(...order);
  }).execute(values);
  const total = await pageTotal(rows, async () => Number((await prepared(db, `${shape}:count`, () =>
    db.select({ n: count() }).from(users).where(where())).execute(values))[0].n));
  return { rows: rows.map((r) => toUser(r as unknown as Joined)), total };
}

export async function findUser(db: Executor, id: string): Promise<User | null> {
  const [r] = await db.select(columns).from(users).leftJoin(companies, eq(companies.id, users.company_id)).where(eq(users.id, id)).limit(1);
  return r ? toUser(r as Joined) : null;
}

export async function findUserRow(db: Executor, id: string): Promise<UserRow | null> {
  const [r] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return r ?? null;
}

export async function emailTaken(db: Executor, email: string, exceptId?: string): Promise<boolean> {
  const [r] = await db.select({ id: users.id }).from(users).where(exceptId ? and(eq(users.email, email), sql`${users.id} <> ${exceptId}`) : eq(users.email, email)).limit(1);
  return !!r;
}
