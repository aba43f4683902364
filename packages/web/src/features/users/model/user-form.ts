import {
  ACTIONS, MODULES, PASSWORD_MIN_DEFAULT, passwordSchema, userCreateSchema, userUpdateSchema,
  type Action, type Module, type Permissions, type User,
} from '@isik/domain';
import { companyIdOf, type UserBody } from '../api/users-api';

/** Translates a domain message key with its parameters (tm in the app, anything in tests). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export type PermissionGrid = Record<Module, Record<Action, boolean>>;

export interface UserFormValues {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  /** A Select value: the role number as text. */
  role: string;
  userstate: boolean;
  usercompany_id: string | null;
  permissions: PermissionGrid;
  /** Create mode only. */
  password: string;
  password2: string;
}

export type FormErrors = Partial<Record<string, string>>;

/** Which tab of the modal holds a field, so a refused save can show the tab with the error. */
export const DETAIL_FIELDS: readonly string[] = ['usercompany_id', 'permissions'];

/** A module without an entry is fully allowed (the role decides), so the grid shows it all ticked. */
export function gridFromPermissions(perms: Permissions | null | undefined): PermissionGrid {
  return Object.fromEntries(
    MODULES.map((m) => {
      const p = perms?.[m];
      return [m, { read: p ? p.read : true, write: p ? p.write : true, delete: p ? p.delete : true }];
    }),
  ) as PermissionGrid;
}

/** Only restricted modules are stored; a fully ticked row means "no restriction", like a missing entry. */
export function permissionsFromGrid(grid: PermissionGrid): Permissions {
  const out: Permissions = {};
  for (const m of MODULES) {
    const row = grid[m];
    if (!ACTIONS.every((a) => row[a])) out[m] = { read: row.read, write: row.write, delete: row.delete };
  }
  return out;
}

/**
 * Ticking or clearing one box of the grid. Writing or deleting needs reading: ticking write or delete
 * ticks read, clearing read clears the other two.
 */
export function toggleGrid(grid: PermissionGrid, module: Module, action: Action, value: boolean): PermissionGrid {
  const row = { ...grid[module], [action]: value };
  if (action === 'read' && !value) {
    row.write = false;
    row.delete = false;
  }
  if (action !== 'read' && value) row.read = true;
  return { ...grid, [module]: row };
}

/** Sets one action for every module (the column header's box). */
export function setGridColumn(grid: PermissionGrid, action: Action, value: boolean): PermissionGrid {
  let next = grid;
  for (const m of MODULES) next = toggleGrid(next, m, action, value);
  return next;
}

export function emptyUserForm(role = 7): UserFormValues {
  return {
    firstname: '',
    lastname: '',
    email: '',
    mobile: '',
    role: String(role),
    userstate: true,
    usercompany_id: null,
    permissions: gridFromPermissions({}),
    password: '',
    password2: '',
  };
}

export function userFormOf(user: User): UserFormValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    mobile: user.mobile,
    role: String(user.role),
    userstate: user.userstate,
    usercompany_id: companyIdOf(user),
    permissions: gridFromPermissions(user.permissions),
    password: '',
    password2: '',
  };
}

/**
 * Spec 000 section 5: an existing user whose name, last name or e-mail has 2 characters or fewer
 * opens with 'Write Name please', 'Write LastName please', 'Write E-Mail please' on those fields.
 */
export function presetErrors(user: Pick<User, 'firstname' | 'lastname' | 'email'>, t: Translate): FormErrors {
  const errors: FormErrors = {};
  if (user.firstname.trim().length <= 2) errors.firstname = t('user.placeholder.name');
  if (user.lastname.trim().length <= 2) errors.lastname = t('user.placeholder.lastname');
  if (user.email.trim().length <= 2) errors.email = t('user.placeholder.email');
  return errors;
}

/** The two password fields (create mode and the password change): the domain's minimum and equal. */
export function validatePasswords(password: string, password2: string, t: Translate, min = PASSWORD_MIN_DEFAULT): FormErrors {
  const errors: FormErrors = {};
  const tooShort = t('password.min', { min });
  const schema = passwordSchema(min);
  if (!schema.safeParse(password).success) errors.password = tooShort;
  if (!schema.safeParse(password2).success) errors.password2 = tooShort;
  else if (password !== password2) errors.password2 = t('password.notEqual');
  return errors;
}

/** The body create and update send, built from the form. */
export function bodyFromForm(values: UserFormValues, opts: { user?: User; withRole: boolean; withPermissions: boolean }): UserBody {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    mobile: values.mobile.trim(),
    user_img: opts.user?.user_img ?? '',
    usercompany_id: values.usercompany_id || null,
    userstate: values.userstate,
    ...(opts.withRole ? { role: Number(values.role) } : {}),
    ...(opts.withPermissions ? { permissions: permissionsFromGrid(values.permissions) } : {}),
  };
}

/**
 * Checks the form with the same domain schemas the server uses, so the messages are the same
 * ('User Name must be 3 characters long!', 'Lastname must be 3 characters long!', 'Email is not valid!').
 * Returns one translated message per field.
 */
export function validateUserForm(values: UserFormValues, mode: 'create' | 'update', t: Translate): FormErrors {
  const base = { ...bodyFromForm(values, { withRole: true, withPermissions: true }) };
  const parsed = mode === 'create'
    ? userCreateSchema.safeParse({ ...base, password: values.password })
    : userUpdateSchema.safeParse({ ...base, __v: 0 });
  const errors: FormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!field || field === 'password' || errors[field]) continue;
      errors[field] = t(issue.message);
    }
  }
  if (mode === 'create') Object.assign(errors, validatePasswords(values.password, values.password2, t));
  return errors;
}
