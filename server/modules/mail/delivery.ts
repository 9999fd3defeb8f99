import path from 'node:path';
import type { Db } from '../../../db/client';
import { type Config, mailSender, publicUrl } from '../../env';
import { createFileMailer, createSmtpMailer, type Mailer } from '../../integrations/mail';
import type { Delivery } from './outbox';
import { type MailSettings, type OrderMailSource, renderOutboxMail } from './rendering';

/** How often a process looks for due mails (a new order's mail leaves within about this long). */
export const MAIL_POLL_MS = 1000;

/** What a process that sends mail needs beyond the database and its orders: where mails go and who they come from. */
export type MailSending = MailSettings & { mailer: Mailer; giveUpAfterMs?: number };

/** From the settings: SMTP_URL, or .eml files in DATA_DIR/mail; MAIL_FROM, OWNER_EMAIL, OWNER_MAIL_LANGUAGE, MAIL_GIVE_UP_HOURS. */
export function mailOf(config: Config, dataDir: string): MailSending {
  return {
    mailer: config.SMTP_URL ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }) : createFileMailer({ folder: path.join(dataDir, 'mail'), from: config.MAIL_FROM }),
    shop: { ...mailSender(config), url: publicUrl(config), returnAddress: `${config.COMPANY_NAME}, ${config.COMPANY_ADDRESS}` },
    ownerEmail: config.OWNER_EMAIL ?? null,
    ownerLocale: config.OWNER_MAIL_LANGUAGE,
    giveUpAfterMs: config.MAIL_GIVE_UP_HOURS * 60 * 60 * 1000,
  };
}

/** The delivery of `sending` on `db`, the mails of orders telling each order as `orderOf` gives it. */
export function deliveryOf(db: Db, sending: MailSending, orderOf: OrderMailSource, log: Delivery['log']): Delivery {
  const settings: MailSettings = { shop: sending.shop, ownerEmail: sending.ownerEmail, ownerLocale: sending.ownerLocale };
  return {
    db,
    mailer: sending.mailer,
    render: (row) => renderOutboxMail(db, settings, row, orderOf),
    domain: new URL(sending.shop.url).hostname,
    log,
    giveUpAfterMs: sending.giveUpAfterMs,
  };
}
