import { EMAIL_RE } from '@isik/domain';
import type { SignupValues } from '../api/account-api';

/** Translates a domain message key with its parameters (tm in the app, anything in tests). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;
export type FormErrors = Partial<Record<string, string>>;

/** The users module's minimum (the server may ask for more; its answer names the field). */
export const PASSWORD_MIN = 8;

/** The two password fields of the reset and sign-up forms: the minimum length and equal (as the password change). */
export function validateNewPassword(password: string, again: string, t: Translate, min = PASSWORD_MIN): FormErrors {
  const errors: FormErrors = {};
  if (password.length < min) errors.password = t('password.min', { min });
  if (again.length < min) errors.passwordAgain = t('password.min', { min });
  else if (password !== again) errors.passwordAgain = t('password.notEqual');
  return errors;
}

export function validateEmail(email: string, t: Translate): FormErrors {
  return EMAIL_RE.test(email.trim()) ? {} : { email: t('user.email.invalid') };
}

/** The sign-up form: the users module's rules for names, e-mail and password. */
export function validateSignup(v: SignupValues, t: Translate): FormErrors {
  const errors: FormErrors = {};
  if (v.firstname.trim().length < 2) errors.firstname = t('user.firstname.min');
  if (v.lastname.trim().length < 3) errors.lastname = t('user.lastname.min');
  return { ...errors, ...validateEmail(v.email, t), ...validateNewPassword(v.password, v.passwordAgain, t) };
}
