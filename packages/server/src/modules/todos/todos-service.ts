import { BACK_OFFICE_MAX_ROLE, canDo, type Todo, type todoInputSchema } from '@isik/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { recordChange } from '../../lib/log.js';
import type { SessionContext } from '../../plugins/auth.js';
import { activeBackOfficeUsers, findUserRow } from '../users/users-repository.js';
import { deleteTodo, findTodoRow, findTodoWithCreator, insertTodo, listVisibleTodos, setTodoRead, type TodoRow as Row } from './todos-repository.js';

// Other areas write their to-dos with it inside their own transaction.
export { insertTodo, type NewTodo } from './todos-repository.js';

type Input = z.output<typeof todoInputSchema>;

function toTodo(r: Row, creator: string | null, viewer: { id: string; role: number }): Todo {
  return {
    _id: r.id, person: r.person, person_id: r.person_id, for_role: r.for_role, date: r.date.toISOString(), task: r.task, link: r.link,
    read: r.read, created_by: r.created_by ? (creator ?? '') : 'web', canDelete: canDelete(r, viewer),
  };
}

function canDelete(r: Row, viewer: { id: string; role: number }): boolean {
  return (r.created_by !== '' && r.created_by === viewer.id) || canDo('todo.deleteAny', viewer.role);
}

export function createTodosService(deps: { db: Db }) {
  const { db } = deps;

  async function visibleRow(caller: SessionContext, id: string): Promise<Row> {
    const row = await findTodoRow(db, id);
    if (!row) throw notFound();
    const mine = row.person_id === caller.id || (row.for_role !== null && row.for_role >= caller.role);
    if (!mine) throw forbidden();
    return row;
  }

  async function one(id: string, viewer: SessionContext): Promise<Todo> {
    const r = await findTodoWithCreator(db, id);
    if (!r) throw notFound();
    return toTodo(r.row, r.creator, viewer);
  }

  return {
    async list(caller: SessionContext) {
      const { rows, unread } = await listVisibleTodos(db, caller);
      return { Todolist: rows.map((r) => toTodo(r.row, r.creator, caller)), unread };
    },

    /** Active back-office users a to-do may be assigned to. */
    async people() {
      const rows = await activeBackOfficeUsers(db, BACK_OFFICE_MAX_ROLE);
      return { people: rows.map((u) => ({ _id: u.id, name: `${u.firstname} ${u.lastname}`.trim(), role: u.role })) };
    },

    async create(caller: SessionContext, data: Input) {
      const person = await findUserRow(db, data.person_id);
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
        await setTodoRead(tx, id, read);
        await recordChange(tx, caller, { title: read ? 'log.todo.read' : 'log.todo.unread', form: 'todos', operation_id: id }, { entity: 'todos', id, action: 'updated' });
      });
      return one(id, caller);
    },

    async remove(caller: SessionContext, id: string) {
      const row = await findTodoRow(db, id);
      if (!row) throw notFound();
      if (!canDelete(row, caller)) throw forbidden();
      await db.transaction(async (tx) => {
        await deleteTodo(tx, id);
        await recordChange(tx, caller, { title: 'log.todo.deleted', description: `${row.person}: ${row.task}`.slice(0, 500), form: 'todos', operation_id: id }, { entity: 'todos', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type TodosService = ReturnType<typeof createTodosService>;
