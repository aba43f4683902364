import { and, desc, eq, gte, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { TODO_LIST_LIMIT } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { todos } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';

export type TodoRow = typeof todos.$inferSelect;

/** The to-dos a user sees: their own, and the office's meant for their role level. */
function visibleTo(user: { id: string; role: number }): SQL {
  return or(eq(todos.person_id, user.id), and(isNotNull(todos.for_role), gte(todos.for_role, user.role)))!;
}

/** `created_by` stores the creator's user id ('' for the public catalogue); answers show the creator's name. */
const creatorName = sql<string | null>`(select trim(u.firstname || ' ' || u.lastname) from users u where u.id = ${todos.created_by})`;

export interface NewTodo { person_id?: string | null; for_role?: number | null; person: string; task: string; link?: string }

/**
 * Writes a to-do inside the caller's transaction with its log row and live event; other areas
 * (the public offer request) call it so the to-do commits with their change.
 */
export async function insertTodo(tx: Executor, actor: Actor | null, t: NewTodo): Promise<string> {
  const id = newId();
  await tx.insert(todos).values({
    id, person_id: t.person_id ?? null, for_role: t.for_role ?? null, person: t.person, task: t.task, link: t.link ?? '',
    created_by: actor?.id || '',
  });
  await recordChange(tx, actor, { title: 'log.todo.created', description: `${t.person}: ${t.task}`.slice(0, 500), form: 'todos', operation_id: id }, { entity: 'todos', id, action: 'created' });
  return id;
}

export async function findTodoRow(db: Executor, id: string): Promise<TodoRow | null> {
  const [row] = await db.select().from(todos).where(eq(todos.id, id)).limit(1);
  return row ?? null;
}

/** One to-do with its creator's name. */
export async function findTodoWithCreator(db: Executor, id: string): Promise<{ row: TodoRow; creator: string | null } | null> {
  const [r] = await db.select({ row: todos, creator: creatorName }).from(todos).where(eq(todos.id, id)).limit(1);
  return r ?? null;
}

/** The to-dos a user sees, newest first (at most TODO_LIST_LIMIT), with their creators' names, and how many are unread. */
export async function listVisibleTodos(db: Executor, viewer: { id: string; role: number }) {
  const where = visibleTo(viewer);
  const rows = await db.select({ row: todos, creator: creatorName }).from(todos).where(where).orderBy(desc(todos.date), desc(todos.id)).limit(TODO_LIST_LIMIT);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(todos).where(and(where, eq(todos.read, false)));
  return { rows, unread: Number(n) };
}

export async function setTodoRead(tx: Executor, id: string, read: boolean): Promise<void> {
  await tx.update(todos).set({ read, read_at: read ? new Date() : null, updated_at: new Date(), version: sql`${todos.version} + 1` }).where(eq(todos.id, id));
}

export async function deleteTodo(tx: Executor, id: string): Promise<void> {
  await tx.delete(todos).where(eq(todos.id, id));
}
