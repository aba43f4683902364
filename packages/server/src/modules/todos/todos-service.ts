import { and, desc, eq, gte, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { BACK_OFFICE_MAX_ROLE, TODO_LIST_LIMIT, canDo, type Todo, type todoInputSchema } from '@isik/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { todos, users } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import type { SessionContext } from '../../plugins/auth.js';

type Input = z.output<typeof todoInputSchema>;
type Row = typeof todos.$inferSelect;


/** The to-dos a user sees: their own, and the office's meant for their role level. */
function visibleTo(user: { id: string; role: number }): SQL {
  return or(eq(todos.person_id, user.id), and(isNotNull(todos.for_role), gte(todos.for_role, user.role)))!;
}

/** `created_by` stores the creator's user id ('' for the public catalogue); answers show the creator's name. */
const creatorName = sql<string | null>`(select trim(u.firstname || ' ' || u.lastname) from users u where u.id = ${todos.created_by})`;

function toTodo(r: Row, creator: string | null, viewer: { id: string; role: number }): Todo {
  return {
    _id: r.id, person: r.person, person_id: r.person_id, for_role: r.for_role, date: r.date.toISOString(), task: r.task, link: r.link,
    read: r.read, created_by: r.created_by ? (creator ?? '') : 'web', canDelete: canDelete(r, viewer),
  };
}

function canDelete(r: Row, viewer: { id: string; role: number }): boolean {
  return (r.created_by !== '' && r.created_by === viewer.id) || canDo('todo.deleteAny', viewer.role);
}

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

export function createTodosService(deps: { db: Db }) {
  const { db } = deps;

  async function visibleRow(caller: SessionContext, id: string): Promise<Row> {
    const [row] = await db.select().from(todos).where(eq(todos.id, id)).limit(1);
    if (!row) throw notFound();
    const mine = row.person_id === caller.id || (row.for_role !== null && row.for_role >= caller.role);
    if (!mine) throw forbidden();
    return row;
  }

  async function one(id: string, viewer: SessionContext): Promise<Todo> {
    const [r] = await db.select({ row: todos, creator: creatorName }).from(todos).where(eq(todos.id, id)).limit(1);
    if (!r) throw notFound();
    return toTodo(r.row, r.creator, viewer);
  }

  return {
    async list(caller: SessionContext) {
      const where = visibleTo(caller);
      const rows = await db.select({ row: todos, creator: creatorName }).from(todos).where(where).orderBy(desc(todos.date), desc(todos.id)).limit(TODO_LIST_LIMIT);
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(todos).where(and(where, eq(todos.read, false)));
      return { Todolist: rows.map((r) => toTodo(r.row, r.creator, caller)), unread: Number(n) };
    },

    /** Active back-office users a to-do may be assigned to. */
    async people() {
      const rows = await db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: users.role }).from(users)
        .where(and(eq(users.userstate, true), sql`${users.role} <= ${BACK_OFFICE_MAX_ROLE}`)).orderBy(users.firstname, users.lastname);
      return { people: rows.map((u) => ({ _id: u.id, name: `${u.firstname} ${u.lastname}`.trim(), role: u.role })) };
    },

    async create(caller: SessionContext, data: Input) {
      const [person] = await db.select().from(users).where(eq(users.id, data.person_id)).limit(1);
      // Only active back-office users see to-dos (the list is a back-office call), as GET /todo/people offers.
      if (!person || !person.userstate || person.role > BACK_OFFICE_MAX_ROLE) throw new AppError(400, 'todo.person.unknown', { person_id: 'todo.person.unknown' });
      const id = await db.transaction((tx) => insertTodo(tx, caller, {
        person_id: person.id, person: `${person.firstname} ${person.lastname}`.trim(), task: data.task, link: data.link,
      }));
      return one(id, caller);
    },

    async markRead(caller: SessionContext, id: string, read: boolean) {
      await visibleRow(caller, id);
      await db.transaction(async (tx) => {
        await tx.update(todos).set({ read, read_at: read ? new Date() : null, updated_at: new Date(), version: sql`${todos.version} + 1` }).where(eq(todos.id, id));
        await recordChange(tx, caller, { title: read ? 'log.todo.read' : 'log.todo.unread', form: 'todos', operation_id: id }, { entity: 'todos', id, action: 'updated' });
      });
      return one(id, caller);
    },

    async remove(caller: SessionContext, id: string) {
      const [row] = await db.select().from(todos).where(eq(todos.id, id)).limit(1);
      if (!row) throw notFound();
      if (!canDelete(row, caller)) throw forbidden();
      await db.transaction(async (tx) => {
        await tx.delete(todos).where(eq(todos.id, id));
        await recordChange(tx, caller, { title: 'log.todo.deleted', description: `${row.person}: ${row.task}`.slice(0, 500), form: 'todos', operation_id: id }, { entity: 'todos', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type TodosService = ReturnType<typeof createTodosService>;
