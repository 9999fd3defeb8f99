import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One mail, rendered: the outbox hands these to a Mailer. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row (`<outbox-42@shop.example.ro>`): a resend after a crash carries the same one. */
  messageId: string;
  /** A mail the recipient may stop: where a mail program POSTs its one-click unsubscribe (RFC 8058). */
  unsubscribeUrl?: string;
}

/** The headers of a mail the recipient may stop: its List-Unsubscribe, which Gmail and Yahoo offer as one click (RFC 8058). */
const unsubscribeHeaders = (mail: OutgoingMail) => (mail.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {});

export interface Mailer {
  /** Where mails go, for the start-up log line ("smtp://mail.example.ro:587", "files in data/mail"). */
  readonly target: string;
  /** Resolves once the mail is accepted (by the SMTP server, or written); rejects otherwise. */
  send(mail: OutgoingMail): Promise<{ file?: string }>;
  close(): void;
}

/** Mails sent at once (over as many pooled SMTP connections). */
export const SMTP_CONNECTIONS = 5;

/** How long one SMTP conversation may take before it is given up (and retried later by the outbox). */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * Sends over SMTP with nodemailer. `url` is an SMTP URL (smtp://user:pass@host:587, smtps://… for
 * implicit TLS); its password never appears in `target`.
 */
export function createSmtpMailer(options: { url: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  // A pool keeps a few connections open: one SMTP handshake per connection, not per mail.
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const shown = new URL(options.url);
  return {
    target: `${shown.protocol}//${shown.host}`,
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, messageId: mail.messageId, ...unsubscribeHeaders(mail) });
      return {};
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP (a new shop from `npm start`): each mail is written as an .eml file into `folder`,
 * which any mail program opens. Written beside its name and renamed, so a file is whole or absent.
 */
export function createFileMailer(options: { folder: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    target: `files in ${options.folder}`,
    async send(mail) {
      const built = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, messageId: mail.messageId, ...unsubscribeHeaders(mail) });
      await mkdir(options.folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^A-Za-z0-9-]/g, '_')}.eml`;
      const file = path.join(options.folder, name);
      await writeFile(`${file}.partial`, built.message as Buffer, { mode: 0o600 });
      await rename(`${file}.partial`, file);
      return { file };
    },
    close: () => transport.close(),
  };
}
