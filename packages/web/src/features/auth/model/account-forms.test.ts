import { describe, expect, it } from 'vitest';
import { validateNewPassword, validateSignup } from './account-forms';

const t = (key: string, params?: Record<string, string | number>) => (params ? `${key}:${JSON.stringify(params)}` : key);

describe('account forms', () => {
  it('asks for the minimum length and equal passwords', () => {
    expect(validateNewPassword('short', 'short', t)).toEqual({ password: 'password.min:{"min":8}', passwordAgain: 'password.min:{"min":8}' });
    expect(validateNewPassword('long-enough-1', 'long-enough-2', t)).toEqual({ passwordAgain: 'password.notEqual' });
    expect(validateNewPassword('long-enough-1', 'long-enough-1', t)).toEqual({});
  });

  it('checks the sign-up fields with the users module rules', () => {
    expect(validateSignup({ firstname: 'A', lastname: 'Bo', email: 'x@y', password: 'long-enough-1', passwordAgain: 'long-enough-1', website: '' }, t))
      .toEqual({ firstname: 'user.firstname.min', lastname: 'user.lastname.min', email: 'user.email.invalid' });
    expect(validateSignup({ firstname: 'Ali', lastname: 'Veli', email: 'ali@veli.test', password: 'long-enough-1', passwordAgain: 'long-enough-1', website: '' }, t)).toEqual({});
  });
});
