import { ACTIONS, MODULES, canDo, canManageRole, hasModulePermission, totalPages, type Permissions, type UserCreate, type UserUpdate, userCreateSchema, userUpdateSchema } from '@isik/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { AppError, conflict, dbConstraint, dbErrorCode, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange } from '../../lib/log.js';
import { withAnchor } from '../../lib/anchored-page.js';
import { hashPassword } from '../../lib/passwords.js';
import type { SessionContext } from '../../plugins/auth.js';
import type { AuthService } from '../auth/auth-service.js';
import { findCompany } from '../companies/companies-repository.js';
import { deleteUser, emailTaken, findUser, findUserRow, insertUser, listUsers, setUserPassword, updateUserFields, type UserListArgs } from './users-repository.js';

type CreateData = z.output<typeof userCreateSchema>;
type UpdateData = z.output<typeof userUpdateSchema>;

/** Two saves with one e-mail at the same time: the unique index refuses the later one; answer it like the check does. */
function emailRace(err: unknown): never {
  if (dbErrorCode(err) === '23505' && dbConstraint(err) === 'users_email_uq') throw conflict('user.email.taken', { email: 'user.email.taken' });
  throw err;
}

/** Whether two permission grids allow the same (a missing module entry allows everything). */
function sameGrid(a: Permissions | null | undefined, b: Permissions | null | undefined): boolean {
  return MODULES.every((m) => ACTIONS.every((act) => hasModulePermission(a, m, act) === hasModulePermission(b, m, act)));
}

export function createUsersService(deps: { db: Db; auth: AuthService; passwordMin: number }) {
  const { db } = deps;

  async function checkCompany(tx: Executor, id: string | null) {
    if (!id) return;
    if (!(await findCompany(tx, id))) throw new AppError(400, 'user.company.unknown', { usercompany_id: 'user.company.unknown' });
  }

  function checkPassword(pw: string) {
    if (pw.length < deps.passwordMin) throw new AppError(400, 'password.min', { password: 'password.min' }, { min: deps.passwordMin });
  }

  return {
    async list(args: UserListArgs) {
      const { rows, total, anchor } = await listUsers(db, args);
      return withAnchor({ users: rows, page: args.page, totalPage: totalPages(total, args.pageSize), totalItemCount: total }, anchor);
    },

    async get(caller: SessionContext, id: string) {
      if (caller.id !== id && !canDo('user.readOther', caller.role)) throw forbidden();
      const u = await findUser(db, id);
      if (!u) throw notFound();
      return u;
    },

    async create(caller: SessionContext, input: CreateData | UserCreate) {
      const data = input as CreateData;
      if (!canManageRole(caller.role, data.role)) throw forbidden('user.role.aboveOwn', { role: 'user.role.aboveOwn' });
      checkPassword(data.password);
      const passwordHash = await hashPassword(data.password);
      const id = newId();
      await db.transaction(async (tx) => {
        if (await emailTaken(tx, data.email)) throw conflict('user.email.taken', { email: 'user.email.taken' });
        await checkCompany(tx, data.usercompany_id);
        await insertUser(tx, {
          id, firstname: data.firstname, lastname: data.lastname, email: data.email, mobile: data.mobile, role: data.role,
          user_img: data.user_img, company_id: data.usercompany_id, userstate: data.userstate, permissions: data.permissions,
          password_hash: passwordHash,
        }).catch(emailRace);
        await recordChange(tx, caller, { title: 'log.user.created', description: `${data.firstname} ${data.lastname} <${data.email}>`, form: 'users', operation_id: id }, { entity: 'users', id, action: 'created' });
      });
      return (await findUser(db, id))!;
    },

    async update(caller: SessionContext, id: string, input: UpdateData | UserUpdate) {
      const data = input as UpdateData;
      await db.transaction(async (tx) => {
        const current = await findUserRow(tx, id);
        if (!current) throw notFound();
        // Role, state and permissions left out of the body keep their stored values.
        const role = data.role ?? current.role;
        const userstate = data.userstate ?? current.userstate;
        const permissions = data.permissions ?? current.permissions;
        const self = current.id === caller.id;
        // Others: only users of a less privileged role (role 0: everyone). Oneself: the profile, never one's own
        // role, state or permission grid.
        if (!self && !canManageRole(caller.role, current.role)) throw forbidden('user.target.higher');
        if (self && role !== current.role) throw forbidden('user.role.own', { role: 'user.role.own' });
        if (!self && !canManageRole(caller.role, role)) throw forbidden('user.role.aboveOwn', { role: 'user.role.aboveOwn' });
        if (self && !userstate) throw new AppError(409, 'user.self.deactivate', { userstate: 'user.self.deactivate' });
        if (self && !canDo('user.editOwnPermissions', caller.role) && !sameGrid(permissions as Permissions, current.permissions as Permissions)) {
          throw forbidden('user.permissions.own', { permissions: 'user.permissions.own' });
        }
        if (await emailTaken(tx, data.email, id)) throw conflict('user.email.taken', { email: 'user.email.taken' });
        await checkCompany(tx, data.usercompany_id);
        const deactivated = current.userstate && !userstate;
        // Deactivation ends the user's sessions at once.
        const res = await updateUserFields(tx, id, data.__v, {
          firstname: data.firstname, lastname: data.lastname, email: data.email, mobile: data.mobile, role,
          user_img: data.user_img, company_id: data.usercompany_id, userstate, permissions,
        }, deactivated).catch(emailRace);
        if (res.length === 0) throw conflict();
        await recordChange(tx, caller, { title: 'log.user.updated', description: `${data.firstname} ${data.lastname} <${data.email}>`, form: 'users', operation_id: id }, { entity: 'users', id, action: 'updated' });
      });
      return (await findUser(db, id))!;
    },

    /** Self (every role), or a manager for a user of a less privileged role. A change revokes the user's earlier tokens. */
    async changePassword(caller: SessionContext, id: string, password: string) {
      const self = caller.id === id;
      if (!self && !canDo('user.setOtherPassword', caller.role)) throw forbidden();
      // Setting another user's password is a write in the users module of the permission grid.
      if (!self && !hasModulePermission(caller.permissions, 'users', 'write')) throw forbidden('error.modulePermission');
      checkPassword(password);
      const hashed = await hashPassword(password);
      let tokenVersion = 0;
      await db.transaction(async (tx) => {
        const current = await findUserRow(tx, id);
        if (!current) throw notFound();
        if (!self && !canManageRole(caller.role, current.role)) throw forbidden('user.target.higher');
        const tv = await setUserPassword(tx, id, hashed);
        if (tv === null) throw notFound();
        tokenVersion = tv;
        await recordChange(tx, caller, { title: 'log.user.passwordChanged', description: `${current.firstname} ${current.lastname}`, form: 'users', operation_id: id }, { entity: 'users', id, action: 'updated' });
      });
      // The caller keeps working after changing their own password: they get a fresh token.
      return self ? { status: 'ok' as const, ...deps.auth.issueFor(id, tokenVersion) } : { status: 'ok' as const };
    },

    async remove(caller: SessionContext, id: string) {
      if (caller.id === id) throw new AppError(409, 'user.self.delete');
      await db.transaction(async (tx) => {
        const current = await findUserRow(tx, id);
        if (!current) throw notFound();
        if (!canManageRole(caller.role, current.role)) throw forbidden('user.target.higher');
        await deleteUser(tx, id);
        await recordChange(tx, caller, { title: 'log.user.deleted', description: `${current.firstname} ${current.lastname} <${current.email}>`, form: 'users', operation_id: id }, { entity: 'users', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
