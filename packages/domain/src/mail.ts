import { z } from 'zod';
import { EMAIL_RE } from './common.js';
import type { Lang } from './messages.js';
import { fillOfferMail } from './offer-settings.js';
import { userCreateSchema } from './users.js';

/**
 * Mail (issue 13, DECISIONS 4): the offer e-mail, the password reset and the sign-up. The server sends through
 * SMTP_URL; without it (or when the SMTP server refuses) the calls answer 503 and change nothing.
 */

/** A reset link is valid this long (and once: setting the password changes what its signature covers). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Public account calls (forgot password, sign-up): at most this many per IP address in the window. */
export const ACCOUNT_REQUEST_LIMIT = 5;
export const ACCOUNT_REQUEST_WINDOW_MS = 15 * 60 * 1000;
/** Reset mails to one address: at most this many in the window (no mail-bombing through the public form). */
export const RESET_MAIL_LIMIT = 3;
export const RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;
/** A field no person fills (hidden from view); a bot that fills it is told "ok" and nothing happens. */
export const ACCOUNT_HONEYPOT = 'website';
/** A signed-up account: this role, inactive until a manager (role SIGNUP_APPROVER_ROLE or lower) activates it. */
export const SIGNUP_ROLE = 7;
export const SIGNUP_APPROVER_ROLE = 1;

const email = z.string({ error: 'user.email.invalid' }).trim().toLowerCase().max(200, { error: 'error.tooLong' }).regex(EMAIL_RE, { error: 'user.email.invalid' });

/** POST /offers/email/{id}: recipient, subject and message typed (or kept) in the dialog. */
export const offerEmailSchema = z.object({
  to: email,
  subject: z.string({ error: 'mail.subject.required' }).trim().min(1, { error: 'mail.subject.required' }).max(300, { error: 'error.tooLong' }),
  message: z.string({ error: 'error.invalidType' }).max(8000, { error: 'error.tooLong' }).default(''),
});
export type OfferEmailInput = z.input<typeof offerEmailSchema>;
export const offerEmailResultSchema = z.object({ status: z.literal('ok'), to: z.string(), trackingUrl: z.string() });
export type OfferEmailResult = z.infer<typeof offerEmailResultSchema>;

/** POST /auth/forgotpassword. */
export const forgotPasswordSchema = z.object({ email, [ACCOUNT_HONEYPOT]: z.string().max(200).optional() });
/** POST /auth/resetpassword: the token of the link and the new password (the users module's rules). */
export const resetPasswordSchema = z.object({
  token: z.string({ error: 'auth.reset.invalid' }).min(1, { error: 'auth.reset.invalid' }).max(500, { error: 'auth.reset.invalid' }),
  password: userCreateSchema.shape.password,
});
/** POST /auth/signup: the sign-up form's fields (the users module's rules). */
export const signupSchema = z.object({
  firstname: userCreateSchema.shape.firstname,
  lastname: userCreateSchema.shape.lastname,
  email,
  password: userCreateSchema.shape.password,
  [ACCOUNT_HONEYPOT]: z.string().max(200).optional(),
});
export type SignupInput = z.input<typeof signupSchema>;
export const accountRequestResultSchema = z.object({ status: z.literal('ok') });

/** The language an offer speaks to its customer: Turkish for a Turkish (or unset) country, else English. */
export function offerLanguage(o: { firma_ulke?: string | null }): Extract<Lang, 'tr' | 'en'> {
  const c = (o.firma_ulke ?? '').trim().toLocaleLowerCase('tr');
  return c === '' || c === 'türkiye' || c === 'turkey' || c === 'turkiye' || c === 'tr' ? 'tr' : 'en';
}

/** The English subject and text of the offer mail (the offer settings hold the Turkish ones). */
export const OFFER_MAIL_EN = {
  mail_subject: 'Offer {{teklif_no}}',
  mail_text: 'Dear {{related_person}},\n\nPlease find our offer {{teklif_no}} attached.\n\nBest regards',
};

interface MailOffer { teklif_no: string; firma_adi: string; related_person: string; teklif_konu: string; firma_ulke?: string | null; firma_eposta: string; orderTrackingEmail?: string | null }

/** What the e-mail dialog starts with: the order-tracking or the offer's e-mail, subject and text in the offer's language. */
export function offerMailDraft(o: MailOffer, settings: { mail_subject: string; mail_text: string }): { to: string; subject: string; message: string; lang: 'tr' | 'en' } {
  const lang = offerLanguage(o);
  const tpl = lang === 'tr' ? settings : OFFER_MAIL_EN;
  const values = { teklif_no: o.teklif_no, firma_adi: o.firma_adi, related_person: o.related_person, teklif_konu: o.teklif_konu };
  return { to: (o.orderTrackingEmail || o.firma_eposta || '').trim(), subject: fillOfferMail(tpl.mail_subject, values), message: fillOfferMail(tpl.mail_text, values), lang };
}

/** The mailto link the dialog offers when the server cannot send. */
export function offerMailto(to: string, subject: string, message: string): string {
  return `mailto:${encodeURIComponent(to)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`;
}
