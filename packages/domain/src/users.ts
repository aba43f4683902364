import { z } from 'zod';
import { EMAIL_RE, idSchema, listEnvelope, optionalText, versionSchema } from './common.js';
import { permissionsSchema } from './permissions.js';
import { ROLES } from './roles.js';
import { intChoice } from './decimal-input.js';

export const PASSWORD_MIN_DEFAULT = 8;
export const USERS_PAGE_SIZE = 10;
/** The largest page the user list call answers (exports walk the list in pages of this size). */
export const USERS_MAX_PAGE_SIZE = 100;

const firstname = z.string({ error: 'user.firstname.min' }).trim().min(2, { error: 'user.firstname.min' }).max(80, { error: 'error.tooLong' });
const lastname = z.string({ error: 'user.lastname.min' }).trim().min(3, { error: 'user.lastname.min' }).max(80, { error: 'error.tooLong' });
const email = z.string({ error: 'user.email.invalid' }).trim().toLowerCase().max(200, { error: 'error.tooLong' }).regex(EMAIL_RE, { error: 'user.email.invalid' });
const role = intChoice(ROLES, 'user.role.invalid');

export function passwordSchema(min = PASSWORD_MIN_DEFAULT) {
  return z.string({ error: 'password.min' }).min(min, { error: 'password.min' }).max(200, { error: 'error.tooLong' });
}

const userFields = {
  firstname,
  lastname,
  email,
  mobile: optionalText(40),
  role: role.default(7),
  user_img: optionalText(500),
  usercompany_id: z.union([z.string().max(64), z.array(z.object({ _id: z.string() }).loose())]).optional().nullable()
    .transform((v) => (Array.isArray(v) ? v[0]?._id ?? null : v || null)),
  userstate: z.boolean({ error: 'error.invalidType' }).default(true),
  permissions: permissionsSchema.optional().nullable().transform((v) => v ?? {}),
};

export const userCreateSchema = z.object({ ...userFields, password: passwordSchema() });
/** An update that leaves out role, state or permissions keeps the stored ones (no silent demotion, reactivation or widening). */
export const userUpdateSchema = z.object({
  ...userFields,
  role: role.optional(),
  userstate: z.boolean({ error: 'error.invalidType' }).optional(),
  permissions: permissionsSchema.optional().nullable().transform((v) => v ?? undefined),
  __v: versionSchema,
});
export type UserCreate = z.input<typeof userCreateSchema>;
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const passwordChangeSchema = z.object({ id: idSchema.optional(), password: passwordSchema() });

/** A user as the API returns it: never a hash. */
export const userSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string(),
  role: z.number(),
  user_img: z.string(),
  usercompany_id: z.array(z.object({ _id: z.string(), company_name: z.string() })),
  usercompany_name: z.string(),
  userstate: z.boolean(),
  permissions: permissionsSchema,
  date: z.string(),
  __v: z.number(),
});
export type User = z.infer<typeof userSchema>;

export const USER_SORTS = ['firstname', 'lastname'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const userListSchema = listEnvelope('users', userSchema);
export type UserList = z.infer<typeof userListSchema>;
/** POST /users/paswordchange/{id}: a fresh token when the caller changed their own password. */
export const passwordChangeResultSchema = z.object({ status: z.literal('ok'), token: z.string().optional(), expiresAt: z.string().optional() });
export type PasswordChangeResult = z.infer<typeof passwordChangeResultSchema>;

/** What login and verifytoken answer about the signed-in user. */
export const sessionUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role: z.number(),
  user_img: z.string(),
  permissions: permissionsSchema,
});

/** POST /auth/login: a token for the user (a failure answers the error envelope with status 'failed'). */
export const loginResultSchema = z.object({ status: z.literal('successful'), token: z.string(), expiresAt: z.string(), user: sessionUserSchema });
export type LoginAnswer = z.infer<typeof loginResultSchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginSchema = z.object({
  email: z.string({ error: 'auth.missingCredentials' }).trim().toLowerCase().min(1, { error: 'auth.missingCredentials' }).max(200),
  password: z.string({ error: 'auth.missingCredentials' }).min(1, { error: 'auth.missingCredentials' }).max(200),
  remember: z.boolean().optional(),
});
