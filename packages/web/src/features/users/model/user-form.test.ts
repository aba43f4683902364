import { describe, expect, it } from 'vitest';
import { MODULES, translate, type User } from '@isik/domain';
import {
  bodyFromForm, emptyUserForm, gridFromPermissions, permissionsFromGrid, presetErrors, setGridColumn, toggleGrid,
  userFormOf, validatePasswords, validateUserForm,
} from './user-form';

const en = (key: string, params?: Record<string, string | number>) => translate(key, 'en', params);

const user: User = {
  _id: 'u1', firstname: 'Ayşe', lastname: 'Yılmaz', email: 'ayse@example.com', mobile: '555', role: 3, user_img: '',
  usercompany_id: [{ _id: 'c1', company_name: 'Acme' }], usercompany_name: 'Acme', userstate: true,
  permissions: { stock: { read: true, write: false, delete: false } }, date: '2024-01-01T00:00:00.000Z', __v: 4,
};

describe('user form validation', () => {
  it('uses the domain messages of the spec', () => {
    const errors = validateUserForm({ ...emptyUserForm(), firstname: 'A', lastname: 'Ab', email: 'nope' }, 'update', en);
    expect(errors).toEqual({
      firstname: 'User Name must be 3 characters long!',
      lastname: 'Lastname must be 3 characters long!',
      email: 'Email is not valid!',
    });
  });

  it('accepts a valid existing user', () => {
    expect(validateUserForm(userFormOf(user), 'update', en)).toEqual({});
  });

  it('checks both passwords in create mode', () => {
    const values = { ...userFormOf(user), password: 'short', password2: 'short' };
    expect(validateUserForm(values, 'create', en)).toEqual({
      password: 'Password must be at least 8 characters long!',
      password2: 'Password must be at least 8 characters long!',
    });
    expect(validateUserForm({ ...values, password: 'Secret123!', password2: 'Secret123!' }, 'create', en)).toEqual({});
  });

  it('requires equal passwords', () => {
    expect(validatePasswords('Secret123!', 'Secret123?', en)).toEqual({ password2: 'Not equal to Passwords' });
    expect(validatePasswords('Secret123!', 'Secret123!', en)).toEqual({});
  });

  it('presets errors for existing users with fields of 2 characters or fewer', () => {
    expect(presetErrors({ firstname: 'Al', lastname: 'Li', email: 'a' }, en)).toEqual({
      firstname: 'Write Name please', lastname: 'Write LastName please', email: 'Write E-Mail please',
    });
    expect(presetErrors(user, en)).toEqual({});
  });
});

describe('permission grid', () => {
  it('shows modules without an entry as fully allowed and stores only restrictions', () => {
    const grid = gridFromPermissions(user.permissions);
    expect(Object.keys(grid)).toEqual([...MODULES]);
    expect(grid.users).toEqual({ read: true, write: true, delete: true });
    expect(grid.stock).toEqual({ read: true, write: false, delete: false });
    expect(permissionsFromGrid(grid)).toEqual({ stock: { read: true, write: false, delete: false } });
  });

  it('keeps read in step with write and delete', () => {
    let grid = toggleGrid(gridFromPermissions({}), 'offers', 'read', false);
    expect(grid.offers).toEqual({ read: false, write: false, delete: false });
    grid = toggleGrid(grid, 'offers', 'delete', true);
    expect(grid.offers).toEqual({ read: true, write: false, delete: true });
    grid = setGridColumn(grid, 'write', false);
    expect(MODULES.every((m) => !grid[m].write)).toBe(true);
  });

  it('builds the request body with the company id and optional role and grid', () => {
    const values = userFormOf(user);
    expect(bodyFromForm(values, { user, withRole: false, withPermissions: false })).toEqual({
      firstname: 'Ayşe', lastname: 'Yılmaz', email: 'ayse@example.com', mobile: '555', user_img: '', usercompany_id: 'c1', userstate: true,
    });
    const full = bodyFromForm(values, { user, withRole: true, withPermissions: true });
    expect(full.role).toBe(3);
    expect(full.permissions).toEqual({ stock: { read: true, write: false, delete: false } });
  });
});
