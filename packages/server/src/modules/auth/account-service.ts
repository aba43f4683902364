import {
  ACCOUNT_HONEYPOT, ACCOUNT_REQUEST_LIMIT, ACCOUNT_REQUEST_WINDOW_MS, PASSWORD_RESET_TTL_MS, RESET_MAIL_LIMIT, RESET_MAIL_WINDOW_MS, SIGNUP_APPROVER_ROLE, SIGNUP_ROLE,
  translate, type Lang, type LiveEvent,
} from '@isik/domain';
import type { Db } from '../../db/database.js';
import { AppError, dbConstraint, dbErrorCode } from '../../lib/errors.js';
import { createSharedRateLimiter } from '../../lib/shared-rate-limit.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword } from '../../lib/passwords.js';
import { makeResetToken, resetTokenUser, verifyResetToken } from '../../lib/reset-token.js';
import { insertTodo } from '../todos/todos-repository.js';
import { emailTaken, findUserRowByEmail, insertUser, lockUserRow, replaceUserPassword } from '../users/users-repository.js';
import { clearLoginAttempts } from './auth-repository.js';

/** Who the log rows of the public account calls name: the website, not a user. */
const WEB_ACTOR: Actor = { id: '', name: 'Web', role: 7 };

export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  secret: () => string;
  /** PUBLIC_URL: reset links start with it; without it no reset mail is sent (a request's Host header is not trusted). */
  publicUrl?: string;
  passwordMin: number;
  /** The clock of reset links (tests move it). */
  now?: () => number;
  log?: (msg: string, err?: unknown) => void;
  limit?: number;
  windowMs?: number;
}

const tooMany = (waitMs: number) => new AppError(429, 'auth.tooMany', undefined, { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) }, { retryAfter: Math.ceil(waitMs / 1000) });

/** The reset page's link of a token. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/resetpassword?token=${encodeURIComponent(token)}`;
}

/**
 * The public account calls (issue 13): forgot password (a single-use reset link by mail, the same answer for every
 * address), the reset itself, and sign-up (an inactive role-7 account and a to-do for the managers to approve it).
 * Each is limited per IP address like the public offer request.
 */
export function createAccountService(deps: AccountDeps) {
  const { db, mailer } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? (() => undefined);
  // In PostgreSQL: one limit for every API instance behind the balancer (ADR 0042).
  const forgotLimiter = createSharedRateLimiter(db, 'account.forgot', deps.limit ?? ACCOUNT_REQUEST_LIMIT, deps.windowMs ?? ACCOUNT_REQUEST_WINDOW_MS);
  const resetLimiter = createSharedRateLimiter(db, 'account.reset', deps.limit ?? ACCOUNT_REQUEST_LIMIT, deps.windowMs ?? ACCOUNT_REQUEST_WINDOW_MS);
  const signupLimiter = createSharedRateLimiter(db, 'account.signup', deps.limit ?? ACCOUNT_REQUEST_LIMIT, deps.windowMs ?? ACCOUNT_REQUEST_WINDOW_MS);
  const perAddress = createSharedRateLimiter(db, 'account.mail', RESET_MAIL_LIMIT, RESET_MAIL_WINDOW_MS);

  function checkPassword(pw: string) {
    if (pw.length < deps.passwordMin) throw new AppError(400, 'password.min', { password: 'password.min' }, { min: deps.passwordMin });
  }

  /**
   * A sign-up with an address that has an account: the holder (only they read the mail) is told so, with the
   * forgot-password page, when mail is set up; at most RESET_MAIL_LIMIT such mails an hour per account.
   */
  async function tellKnown(email: string, lang: Lang): Promise<void> {
    if (!mailer.configured || !deps.publicUrl) return;
    try {
      const u = await findUserRowByEmail(db, email);
      if (!u || (await perAddress.take(u.id)) > 0) return;
      const url = `${deps.publicUrl.replace(/\/+$/, '')}/forgotpassword`;
      await mailer.send({
        to: u.email, subject: translate('auth.signupKnown.subject', lang),
        text: translate('auth.signupKnown.text', lang, { name: `${u.firstname} ${u.lastname}`.trim(), url }),
      });
    } catch (err) {
      // After the answer: nothing to tell the caller, only the log.
      log('sign-up notice not sent', err);
    }
  }

  return {
    /**
     * Sends a reset link to a known, active user's address. Known or not, the answer is the same and comes at once
     * (the mail goes out after the answer, so neither the answer nor its time tells whether the address is known).
     * Without SMTP_URL or PUBLIC_URL: 503, ask an administrator.
     */
    async forgot(ip: string, email: string, lang: Lang, extra: Record<string, unknown> = {}): Promise<{ status: 'ok'; sent?: Promise<void> }> {
      const wait = await forgotLimiter.take(ip);
      if (wait > 0) throw tooMany(wait);
      if (!mailer.configured || !deps.publicUrl) {
        if (mailer.configured) log('password reset: PUBLIC_URL is not set, no reset link can be made');
        throw new AppError(503, 'auth.reset.unavailable');
      }
      if (typeof extra[ACCOUNT_HONEYPOT] === 'string' && extra[ACCOUNT_HONEYPOT].trim() !== '') return { status: 'ok' };
      const u = await findUserRowByEmail(db, email);
      if (!u || !u.userstate) return { status: 'ok' };
      if ((await perAddress.take(u.id)) > 0) return { status: 'ok' };
      const token = makeResetToken(deps.secret(), u, now() + PASSWORD_RESET_TTL_MS);
      const name = `${u.firstname} ${u.lastname}`.trim();
      const sent = mailer.send({
        to: u.email, subject: translate('auth.reset.subject', lang),
        text: translate('auth.reset.text', lang, { name, url: resetLink(deps.publicUrl, token) }),
      }).then(() => undefined, (err) => log('password reset mail not sent', err));
      return { status: 'ok', sent };
    },

    /**
     * Sets a new password with a reset link's token: once (the new hash changes the token's signature), within the
     * hour, for an active user. Ends the user's other sessions (token version) and any sign-in lock of the address.
     */
    async reset(ip: string, token: string, password: string): Promise<{ status: 'ok' }> {
      const wait = await resetLimiter.take(ip);
      if (wait > 0) throw tooMany(wait);
      const invalid = () => new AppError(400, 'auth.reset.invalid', { token: 'auth.reset.invalid' });
      const head = resetTokenUser(token);
      if (!head) throw invalid();
      checkPassword(password);
      const hashed = await hashPassword(password);
      await db.transaction(async (tx) => {
        const u = await lockUserRow(tx, head.id);
        if (!u || !u.userstate || !verifyResetToken(deps.secret(), token, u, now())) throw invalid();
        await replaceUserPassword(tx, u.id, u.password_hash, hashed);
        await clearLoginAttempts(tx, u.email);
        await recordChange(tx, { id: u.id, name: `${u.firstname} ${u.lastname}`.trim(), role: u.role }, {
          title: 'log.user.passwordReset', description: `${u.firstname} ${u.lastname} <${u.email}>`, form: 'users', operation_id: u.id,
        }, { entity: 'users', id: u.id, action: 'updated' } satisfies LiveEvent);
      });
      return { status: 'ok' };
    },

    /**
     * Sign-up: an inactive account of role 7 and a to-do for the managers (role 1 or lower) to approve it, in one
     * transaction. An address that already has an account answers the same and changes nothing (the form tells
     * no one which addresses are registered); its holder gets a mail saying so.
     */
    async signup(ip: string, d: { firstname: string; lastname: string; email: string; password: string } & Record<string, unknown>, lang: Lang = 'tr'): Promise<{ status: 'ok'; id?: string; sent?: Promise<void> }> {
      const wait = await signupLimiter.take(ip);
      if (wait > 0) throw tooMany(wait);
      if (typeof d[ACCOUNT_HONEYPOT] === 'string' && d[ACCOUNT_HONEYPOT].trim() !== '') return { status: 'ok' };
      checkPassword(d.password);
      const hashed = await hashPassword(d.password);
      const id = newId();
      const name = `${d.firstname} ${d.lastname}`.trim();
      try {
        const created = await db.transaction(async (tx) => {
          if (await emailTaken(tx, d.email)) return false;
          await insertUser(tx, { id, firstname: d.firstname, lastname: d.lastname, email: d.email, role: SIGNUP_ROLE, userstate: false, password_hash: hashed });
          await recordChange(tx, WEB_ACTOR, { title: 'log.user.signedUp', description: `${name} <${d.email}>`, form: 'users', operation_id: id }, { entity: 'users', id, action: 'created' });
          await insertTodo(tx, WEB_ACTOR, {
            for_role: SIGNUP_APPROVER_ROLE, person: 'Yönetim',
            task: `Üyelik başvurusu: ${name} <${d.email}>. Onaylamak için kullanıcıyı aktif yapın.`.slice(0, 1000),
            link: `/users?search=${encodeURIComponent(d.email)}`,
          });
          return true;
        });
        return created ? { status: 'ok', id } : { status: 'ok', sent: tellKnown(d.email, lang) };
      } catch (err) {
        // Two sign-ups with one address at once: the unique index refuses the later one, which answers like a known address.
        if (dbErrorCode(err) === '23505' && dbConstraint(err) === 'users_email_uq') return { status: 'ok', sent: tellKnown(d.email, lang) };
        throw err;
      }
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
