import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { companies, users } from '../../db/schema.js';
import { searchAny } from '../../lib/search.js';
import { sortKeyColumn } from '../../lib/sort.js';
import { likePattern } from '../../lib/http.js';
import { inPage, pageTotal, totalColumn } from '../../lib/paging.js';
import { param, prepared } from '../../lib/prepared.js';
import { keyColumns, readAnchoredPage, type PageKey } from '../../lib/anchored-page.js';
import { foldTableCounts, keptRawColumn, keptTotal, keptTotalColumn } from '../../lib/table-counts.js';
import { versionIs } from '../../lib/version.js';
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

export interface UserListArgs {
  page: number; pageSize: number; orderBy: 'firstname' | 'lastname'; order: 'asc' | 'desc'; search?: string;
  /** The Page-Anchor of the page the client shows (ADR 0051, 0055). */
  anchor?: string;
}

/** The list's sort keys: the name's stored key (users_firstname_key_idx / users_lastname_key_idx), then the id, one way. */
function userKeys(orderBy: UserListArgs['orderBy'], desc: boolean): PageKey[] {
  return [{ expr: sortKeyColumn(orderBy === 'lastname' ? users.lastname_key : users.firstname_key), type: 'text', desc }, { expr: users.id, type: 'text', desc }];
}

export async function listUsers(db: Executor, a: UserListArgs) {
  const search = a.search ? param('search') : undefined;
  const where = () => (search ? searchAny([users.firstname, users.lastname, users.email], search) : undefined);
  const shape = `users.list:${a.orderBy}:${a.order}:${search ? 's' : ''}`;
  const values = { search: a.search ? likePattern(a.search) : undefined };
  const keys = userKeys(a.orderBy, a.order === 'desc');
  const req = { page: a.page, size: a.pageSize, anchor: a.anchor, scope: JSON.stringify(['users/list', a.orderBy, a.order, a.search ?? null]) };
  // Without a search the total is the kept count of users (table_counts, ADR 0055), not a count of the table.
  const kept = !search;
  let raw = 0;
  // One round trip: the page's ids from an index-only scan of the order's key index, from the nearest of the start,
  // the client's anchor and the end (ADR 0051; the id breaks ties in the same direction, so a descending or backward
  // page is a scan of the same index, not a sort), the page's users with their company in the same order, and the
  // total; a prepared statement per shape.
  const page = await readAnchoredPage(keys, req, async (plan) => {
    const rows = await prepared(db, `${shape}:${plan.shape}`, () => {
      const w = where();
      const pw = plan.where ? and(w, plan.where) : w;
      const pageIds = db.select({ id: users.id }).from(users).where(pw).orderBy(...plan.orderBy).limit(param('limit')).offset(param('offset'));
      const totals = kept ? { total: keptTotalColumn('users'), raw: keptRawColumn } : { total: totalColumn(users, w), raw: sql<number>`0` };
      return db.select({ ...columns, ...keyColumns(keys), ...totals }).from(users).leftJoin(companies, eq(companies.id, users.company_id))
        .where(inPage(users.id, pageIds)).orderBy(...plan.orderBy);
    }).execute({ ...values, ...plan.values, limit: plan.limit, offset: plan.offset });
    raw = rows.length ? Number(rows[0].raw) : 0;
    const total = await pageTotal(rows, async () => {
      if (!kept) return Number((await prepared(db, `${shape}:count`, () => db.select({ n: count() }).from(users).where(where())).execute(values))[0].n);
      const k = await keptTotal(db, 'users');
      raw = k.raw;
      return k.total;
    });
    return { rows, total };
  }, 'placeholder');
  if (kept) await foldTableCounts(db, raw);
  return { rows: page.rows.map((r) => toUser(r as unknown as Joined)), total: page.total, anchor: page.anchor };
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

/** Active users of role `maxRole` or lower (back office), by name. */
export async function activeBackOfficeUsers(db: Executor, maxRole: number) {
  return db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: users.role }).from(users)
    .where(and(eq(users.userstate, true), sql`${users.role} <= ${maxRole}`)).orderBy(users.firstname, users.lastname);
}

export type NewUserRow = typeof users.$inferInsert;

export async function findUserRowByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [r] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return r ?? null;
}

/** The user's row, locked for the rest of the transaction. */
export async function lockUserRow(tx: Executor, id: string): Promise<UserRow | null> {
  const [r] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return r ?? null;
}

export async function insertUser(tx: Executor, values: NewUserRow): Promise<void> {
  await tx.insert(users).values(values);
}

export type UserFields = Pick<NewUserRow, 'firstname' | 'lastname' | 'email' | 'mobile' | 'role' | 'user_img' | 'company_id' | 'userstate' | 'permissions'>;

/**
 * Saves a user's fields when the stored version is `sentVersion` (any, when absent), one version on; `endSessions`
 * also moves the token version on (the user's tokens stop working). Answers the updated ids (none: missing or stale).
 */
export async function updateUserFields(tx: Executor, id: string, sentVersion: number | undefined, fields: UserFields, endSessions: boolean) {
  return tx.update(users).set({
    ...fields, updated_at: new Date(), version: sql`${users.version} + 1`,
    token_version: endSessions ? sql`${users.token_version} + 1` : sql`${users.token_version}`,
  }).where(and(eq(users.id, id), versionIs(users.version, sentVersion))).returning({ id: users.id });
}

/** A new password hash; the user's earlier tokens stop working. Answers the new token version (null: no such user). */
export async function setUserPassword(tx: Executor, id: string, passwordHash: string): Promise<number | null> {
  const [r] = await tx.update(users).set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1`, updated_at: new Date() })
    .where(eq(users.id, id)).returning({ tv: users.token_version });
  return r ? r.tv : null;
}

/** Like setUserPassword, only while the stored hash is still `currentHash` (a reset link works once). */
export async function replaceUserPassword(tx: Executor, id: string, currentHash: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1`, updated_at: new Date() })
    .where(and(eq(users.id, id), eq(users.password_hash, currentHash)));
}

/** Revokes every token the user holds (they carry the old token version). */
export async function revokeUserTokens(tx: Executor, id: string): Promise<void> {
  await tx.update(users).set({ token_version: sql`${users.token_version} + 1` }).where(eq(users.id, id));
}

export async function deleteUser(tx: Executor, id: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}
