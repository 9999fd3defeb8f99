import path from 'node:path';
import type { Db } from '../../../db/client';
import { type Config, discreetSenderName, mailSender, publicUrl } from '../../env';
import { createFileMailer, createSmtpMailer, type Mailer } from '../../integrations/mail';
import type { Delivery } from './outbox';
import { type MailSettings, type OrderMailSource, renderOutboxMail } from './rendering';

/** How often a process looks for due mails (a new order's mail leaves within about this long). */
export const MAIL_POLL_MS = 1000;

/** What a process that sends mail needs beyond the database and its orders: where mails go and who they come from. */
export type MailSending = Omit<MailSettings, 'secret'> & { mailer: Mailer; giveUpAfterMs?: number };

/**
 * Who the mails come from (their From): MAIL_FROM, or with discreet shipping (issue 47) its address under the neutral
 * sender's name, SHIPPING_SENDER_NAME (COMPANY_NAME when absent), so an inbox's list shows no shop of hidden things.
 */
export function mailFromOf(config: Pick<Config, 'MAIL_FROM' | 'DISCREET_SHIPPING' | 'SHIPPING_SENDER_NAME' | 'COMPANY_NAME'>): string {
  const neutral = discreetSenderName(config);
  if (neutral === null) return config.MAIL_FROM;
  const name = neutral.replace(/["\\<>\r\n]/g, '').trim();
  return name ? `"${name}" <${mailSender(config).email}>` : config.MAIL_FROM;
}

/** From the settings: SMTP_URL, or .eml files in DATA_DIR/mail; MAIL_FROM, OWNER_EMAIL, OWNER_MAIL_LANGUAGE, MAIL_GIVE_UP_HOURS. */
export function mailOf(config: Config, dataDir: string): MailSending {
  const from = mailFromOf(config);
  return {
    mailer: config.SMTP_URL ? createSmtpMailer({ url: config.SMTP_URL, from }) : createFileMailer({ folder: path.join(dataDir, 'mail'), from }),
    shop: { ...mailSender(config), url: publicUrl(config), returnAddress: `${config.COMPANY_NAME}, ${config.COMPANY_ADDRESS}` },
    ownerEmail: config.OWNER_EMAIL ?? null,
    ownerLocale: config.OWNER_MAIL_LANGUAGE,
    giveUpAfterMs: config.MAIL_GIVE_UP_HOURS * 60 * 60 * 1000,
  };
}

/** The delivery of `sending` on `db`, the mails of orders telling each order as `orderOf` gives it. */
export function deliveryOf(db: Db, sending: MailSending, orderOf: OrderMailSource, secret: string, log: Delivery['log']): Delivery {
  const settings: MailSettings = { shop: sending.shop, ownerEmail: sending.ownerEmail, ownerLocale: sending.ownerLocale, secret };
  return {
    db,
    mailer: sending.mailer,
    render: (row) => renderOutboxMail(db, settings, row, orderOf),
    domain: new URL(sending.shop.url).hostname,
    log,
    giveUpAfterMs: sending.giveUpAfterMs,
  };
}
