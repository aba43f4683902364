import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { AppError } from './errors.js';

export interface MailAttachment { filename: string; content: Buffer | Uint8Array; contentType?: string }
export interface MailMessage { to: string; subject: string; text: string; replyTo?: string; attachments?: MailAttachment[] }
export interface Mailer {
  /** Whether SMTP_URL is set. */
  readonly configured: boolean;
  /** Sends one message; 503 `mail.notConfigured` without SMTP_URL, 503 `mail.failed` when the server refuses it. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/** The default sender: no-reply at the public address's host. */
export function defaultFrom(publicUrl: string | undefined): string {
  let host = 'localhost';
  try { if (publicUrl) host = new URL(publicUrl).hostname || host; } catch { /* keep localhost */ }
  return `no-reply@${host}`;
}

/**
 * The one place the server sends mail (issue 13): nodemailer over SMTP_URL. A missing URL or a refusing server is a
 * 503 with a message the caller can act on; the cause goes to the log, never to the caller.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; onError?: (err: unknown) => void }): Mailer {
  let transport: Transporter | null = null;
  const transportOf = (): Transporter => {
    // Short timeouts: an unreachable server must not hold a request (and its caller) for minutes.
    // (Settings in the URL's query, e.g. ?tls.rejectUnauthorized=false, win over these.)
    transport ??= nodemailer.createTransport(new SMTPTransport({ url: opts.smtpUrl!, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }));
    return transport;
  };
  return {
    configured: !!opts.smtpUrl,
    async send(m) {
      if (!opts.smtpUrl) throw new AppError(503, 'mail.notConfigured');
      try {
        const info = await transportOf().sendMail({
          from: opts.from, to: m.to, subject: m.subject, text: m.text, replyTo: m.replyTo,
          attachments: m.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
        });
        return { messageId: String(info.messageId ?? '') };
      } catch (err) {
        opts.onError?.(err);
        throw new AppError(503, 'mail.failed');
      }
    },
    close() { transport?.close(); transport = null; },
  };
}
