/**
 * Makes an outbox row into its mail (template, the order as it is now, language, recipients). Loaded only by the
 * process that sends mail (delivery.ts): the serving processes of a shop with `npm run worker` never load it.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { user } from '../../../db/schema/accounts';
import { paymentAlerts } from '../../../db/schema/orders';
import { RESET_LINK_MINUTES } from '../../../domain/accounts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../domain/locale';
import { isOrderStatus, OWNER_PAY_LINK_DAYS } from '../../../domain/orders';
import { isOptedOut, unsubscribeUrls } from './optOut';
import { type OutboxRow, UnsendableMail } from './outbox';
import { renderParts } from './render';
import { MAIL_KINDS, OWNERS, resetLinkExpired } from './service';
import { erasureMail, passwordResetMail } from './templates/accountMails';
import type { ShopIdentity } from './templates/Layout';
import { confirmReminderMail, orderUpdatedMail, payLinkMail } from './templates/orderChangeMails';
import { type OrderMailData, orderPlacedMail, type RenderedParts, statusMail } from './templates/orderMails';
import { awbCancelledMail, newOrderMail, paidAfterCancelMail, paymentAlertMail, withdrawalAlertMail } from './templates/ownerMails';
import { backInStockMail, cartReminderMail, type ReminderMailLine, stockAlertConfirmMail } from './templates/reminderMails';
import { refundMail, returnLabelMail, withdrawalReceivedMail } from './templates/returnMails';
import { reviewRequestMail } from './templates/reviewMails';

export interface MailSettings {
  shop: ShopIdentity;
  /** OWNER_EMAIL, or null to write to every owner. */
  ownerEmail: string | null;
  /** The language of the owners' alerts (OWNER_MAIL_LANGUAGE); customers' mails are in the language they ordered in. */
  ownerLocale: Locale;
  /** The shop's secret (AUTH_SECRET), which signs the links mails carry that are not an order's (mail/optOut.ts). */
  secret: string;
}

/** Where the mails of orders get their order (the orders module gives it: orders/mailData.ts); null for one that is gone. */
export type OrderMailSource = (orderId: string) => Promise<OrderMailData | null>;

/** The payment alert an owners' alert mail tells (payment_alerts), or null when it is gone. */
async function paymentAlertOf(db: Db, id: string | undefined) {
  if (!id || !/^\d{1,9}$/.test(id)) return null;
  const [alert] = await db
    .select()
    .from(paymentAlerts)
    .where(eq(paymentAlerts.id, Number(id)));
  return alert ?? null;
}

async function orderMailParts(db: Db, settings: MailSettings, row: OutboxRow, orderOf: OrderMailSource): Promise<RenderedParts> {
  const order = row.orderId ? await orderOf(row.orderId) : null;
  if (!order) throw new UnsendableMail(`mail ${row.id}: its order is gone`);
  const parts =
    row.kind === MAIL_KINDS.orderPlaced
      ? orderPlacedMail(settings.shop, order)
      : row.kind === MAIL_KINDS.newOrder
        ? newOrderMail(settings.shop, order, settings.ownerLocale)
        : row.kind === MAIL_KINDS.orderStatus
          ? statusMail(settings.shop, { ...order, status: isOrderStatus(row.data.status) ? row.data.status : order.status })
          : row.kind === MAIL_KINDS.withdrawalReceived
            ? withdrawalReceivedMail(settings.shop, order, row.data.withdrawalId)
            : row.kind === MAIL_KINDS.withdrawalAlert
              ? withdrawalAlertMail(settings.shop, order, settings.ownerLocale, row.data.withdrawalId)
              : row.kind === MAIL_KINDS.paidAfterCancel
                ? paidAfterCancelMail(settings.shop, order, settings.ownerLocale)
                : row.kind === MAIL_KINDS.paymentAlert
                  ? paymentAlertMail(settings.shop, order, await paymentAlertOf(db, row.data.alertId), settings.ownerLocale)
                  : row.kind === MAIL_KINDS.awbCancelled
                    ? awbCancelledMail(settings.shop, order, { awb: row.data.awb ?? '', courier: row.data.courier ?? '' }, settings.ownerLocale)
                    : row.kind === MAIL_KINDS.refundPaid
                      ? refundMail(settings.shop, order, row.data.refundId)
                      : row.kind === MAIL_KINDS.returnLabel
                        ? returnLabelMail(settings.shop, order, row.data.withdrawalId)
                        : row.kind === MAIL_KINDS.confirmReminder
                          ? confirmReminderMail(settings.shop, order)
                          : row.kind === MAIL_KINDS.payLink
                            ? payLinkMail(settings.shop, order, OWNER_PAY_LINK_DAYS)
                            : row.kind === MAIL_KINDS.orderUpdated
                              ? orderUpdatedMail(settings.shop, order, Number(row.data.refund ?? 0))
                              : row.kind === MAIL_KINDS.reviewRequest
                                ? await reviewRequestParts(db, settings, row, order)
                                : null;
  if (!parts) throw new UnsendableMail(`mail ${row.id}: nothing to say for ${row.kind} of an order now ${order.status}`);
  return parts;
}

/**
 * The review request of an order (issue 49): never to an address that unsubscribed since it was written (mail/optOut.ts),
 * and with its unsubscribe links.
 */
async function reviewRequestParts(db: Db, settings: MailSettings, row: OutboxRow, order: OrderMailData): Promise<RenderedParts | null> {
  if (await isOptedOut(db, row.recipient)) throw new UnsendableMail(`mail ${row.id}: its recipient unsubscribed from such mails`);
  return reviewRequestMail(settings.shop, order, unsubscribeUrls(settings.shop.url, settings.secret, row.recipient));
}

function passwordResetParts(settings: MailSettings, row: OutboxRow): RenderedParts {
  const token = row.data.token;
  if (!token) throw new UnsendableMail(`mail ${row.id}: a password reset without its link`);
  if (resetLinkExpired(row)) throw new UnsendableMail(`mail ${row.id}: its reset link expired before it could be sent`);
  const url = `${settings.shop.url}/reset-password?token=${encodeURIComponent(token)}`;
  return passwordResetMail(settings.shop, { url, minutes: RESET_LINK_MINUTES }, isLocale(row.language) ? row.language : DEFAULT_LOCALE);
}

/** The mails of consent (decision 0045), made from their row alone: the link, and the lines or the product's name. */
function consentMailParts(settings: MailSettings, row: OutboxRow, language: Locale): RenderedParts {
  const url = row.data.url;
  if (!url) throw new UnsendableMail(`mail ${row.id}: a ${row.kind} without its link`);
  // The reminder and the back-in-stock mail may be stopped; the confirmation asked for is sent once, and never again unconfirmed.
  const unsubscribe = unsubscribeUrls(settings.shop.url, settings.secret, row.recipient);
  if (row.kind === MAIL_KINDS.cartReminder) return cartReminderMail(settings.shop, { url, lines: JSON.parse(row.data.lines ?? '[]') as ReminderMailLine[] }, language, unsubscribe);
  const alert = { url, name: row.data.name ?? '' };
  return row.kind === MAIL_KINDS.backInStock ? backInStockMail(settings.shop, alert, language, unsubscribe) : stockAlertConfirmMail(settings.shop, alert, language);
}

const CONSENT_KINDS: readonly string[] = [MAIL_KINDS.cartReminder, MAIL_KINDS.stockAlertConfirm, MAIL_KINDS.backInStock];

/** Makes an outbox row into its mail: an order's from the order as it is now (`orderOf`), an account's from the row. */
export async function renderOutboxMail(db: Db, settings: MailSettings, row: OutboxRow, orderOf: OrderMailSource) {
  const language = isLocale(row.language) ? row.language : DEFAULT_LOCALE;
  const parts =
    row.kind === MAIL_KINDS.passwordReset
      ? passwordResetParts(settings, row)
      : row.kind === MAIL_KINDS.accountDeleted || row.kind === MAIL_KINDS.detailsErased
        ? erasureMail(settings.shop, row.data.number ?? null, language)
        : CONSENT_KINDS.includes(row.kind)
          ? consentMailParts(settings, row, language)
          : await orderMailParts(db, settings, row, orderOf);
  const to = row.recipient === OWNERS ? await ownerAddresses(db, settings) : row.recipient;
  return { ...renderParts(parts), to };
}

async function ownerAddresses(db: Db, settings: MailSettings): Promise<string> {
  if (settings.ownerEmail) return settings.ownerEmail;
  const owners = await db.select({ email: user.email }).from(user).where(eq(user.role, 'owner')).orderBy(asc(user.createdAt));
  if (owners.length === 0) throw new UnsendableMail('no owner account to alert (set OWNER_EMAIL, or make one with npm run admin -- create)');
  return owners.map((owner) => owner.email).join(', ');
}
