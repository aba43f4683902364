import { api } from '../../../lib/api';

/** The public account calls of the sign-in pages (issue 13). Every one answers { status: 'ok' } or throws ApiError. */
export function requestPasswordReset(email: string, website = ''): Promise<{ status: 'ok' }> {
  return api('/auth/forgotpassword', { method: 'POST', body: { email: email.trim(), ...(website ? { website } : {}) } });
}

export function resetPassword(token: string, password: string): Promise<{ status: 'ok' }> {
  return api('/auth/resetpassword', { method: 'POST', body: { token, password } });
}

export interface SignupValues { firstname: string; lastname: string; email: string; password: string; passwordAgain: string; website: string }

export function signup(v: SignupValues): Promise<{ status: 'ok' }> {
  return api('/auth/signup', {
    method: 'POST',
    body: { firstname: v.firstname.trim(), lastname: v.lastname.trim(), email: v.email.trim(), password: v.password, ...(v.website ? { website: v.website } : {}) },
  });
}
