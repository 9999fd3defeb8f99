import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { user } from '../../../db/schema/accounts';
import { orderLines, orders, paymentAlerts } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { RESET_LINK_MINUTES } from '../../../domain/accounts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../domain/locale';
import { isOrderStatus, type OrderActor, type OrderStatus } from '../../../domain/orders';
import { withdrawalLastDay } from '../../../domain/withdrawal';
import { orderAccessToken } from '../orders/accessToken';
import { lineView } from '../orders/lineView';
import { receivedAtOf } from '../orders/received';
import { enqueueMail, type OutboxRow, UnsendableMail } from './outbox';
import { renderParts } from './render';
import { passwordResetMail } from './templates/accountMails';
import type { ShopIdentity } from './templates/Layout';
import {
  newOrderMail,
  type OrderMailData,
  orderPlacedMail,
  paidAfterCancelMail,
  paymentAlertMail,
  type RenderedParts,
  statusMail,
  withdrawalAlertMail,
  withdrawalReceivedMail,
} from './templates/orderMails';

/** The kinds of mail the outbox holds. */
export const MAIL_KINDS = {
  orderPlaced: 'order_placed',
  newOrder: 'new_order',
  orderStatus: 'order_status',
  passwordReset: 'password_reset',
  withdrawalReceived: 'withdrawal_received',
  withdrawalAlert: 'withdrawal_alert',
  paidAfterCancel: 'paid_after_cancel',
  paymentAlert: 'payment_alert',
} as const;

/** The recipient of the owner's alerts: OWNER_EMAIL when set, every owner's address otherwise (resolved when sent). */
export const OWNERS = 'owners';

/**
 * A new order's mails (the customer's confirmation, the owners' alert) as an INSERT not yet run: placing
 * an order runs it at the end of its prepared statement (orders/service.ts), `order` and `email` being
 * its placeholders, with the order's other writes in one round trip.
 */
export function orderPlacedMailsSql(order: SQL, email: SQL): SQL {
  return sql`insert into ${outbox} (kind, recipient, order_id) values (${MAIL_KINDS.orderPlaced}, ${email}, ${order}), (${MAIL_KINDS.newOrder}, ${OWNERS}, ${order})`;
}

/** Written with a new order the customer has committed to: cash on delivery, or paid by card. */
export async function queueOrderPlacedMails(tx: DbOrTx, order: { id: string; email: string }): Promise<void> {
  await tx.execute(orderPlacedMailsSql(sql`${order.id}::uuid`, sql`${order.email}`));
}

/** The statuses whose change the customer hears of, when the owner makes it. */
const TOLD_TO_CUSTOMER: readonly OrderStatus[] = ['shipped', 'delivered', 'cancelled'];

/**
 * What a status change tells by mail, written in the change's transaction: a card order becoming paid
 * is its confirmation (and the owner's alert); the owner shipping, delivering or cancelling tells the
 * customer. Stripe's expiry of an unpaid session tells nobody (the visitor left the payment page).
 */
export async function queueStatusMails(tx: DbOrTx, change: { orderId: string; email: string; to: OrderStatus; actor: OrderActor }): Promise<void> {
  if (change.to === 'paid') await queueOrderPlacedMails(tx, { id: change.orderId, email: change.email });
  else if (change.actor === 'owner' && TOLD_TO_CUSTOMER.includes(change.to)) {
    // The change it tells: a mail still waiting (SMTP down) when the order moves on says its own step, not the next.
    await enqueueMail(tx, { kind: MAIL_KINDS.orderStatus, recipient: change.email, orderId: change.orderId, data: { status: change.to } });
  }
}

/**
 * A customer's withdrawal from an order, written in the request's transaction: its acknowledgement
 * on a durable medium (OUG 34/2014 art. 11), and the owners' alert (the refund's 14 days run from it).
 */
export async function queueWithdrawalMails(tx: DbOrTx, order: { id: string; email: string }): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.withdrawalReceived, recipient: order.email, orderId: order.id }, { kind: MAIL_KINDS.withdrawalAlert, recipient: OWNERS, orderId: order.id });
}

/** The owners' alert that a cancelled order was paid by card all the same (the money is to be refunded). */
export async function queuePaidAfterCancelMail(tx: DbOrTx, orderId: string): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.paidAfterCancel, recipient: OWNERS, orderId });
}

/** The owners' alert of a card payment to look at (payment_alerts `alertId`: an amount not the order's, a second payment). */
export async function queuePaymentAlertMail(tx: DbOrTx, orderId: string, alertId: number): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.paymentAlert, recipient: OWNERS, orderId, data: { alertId: String(alertId) } });
}

export interface MailSettings {
  shop: ShopIdentity;
  /** Signs the links to orders' guest pages (AUTH_SECRET). */
  secret: string;
  /** OWNER_EMAIL, or null to write to every owner. */
  ownerEmail: string | null;
  /** The language of the owners' alerts (OWNER_MAIL_LANGUAGE); customers' mails are in the language they ordered in. */
  ownerLocale: Locale;
}

async function orderMailData(db: Db, settings: MailSettings, orderId: string): Promise<OrderMailData | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [lines, received] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    receivedAtOf(db, [orderId]),
  ]);
  const receivedAt = received.get(orderId);
  return {
    ...order,
    total: order.totalAmount,
    paidAt: order.paidAt?.toISOString() ?? null,
    withdrawalRequestedAt: order.withdrawalRequestedAt?.toISOString() ?? null,
    withdrawalLastDay: receivedAt ? withdrawalLastDay(receivedAt) : null,
    lines: lines.map(lineView),
    statusUrl: `${settings.shop.url}/orders/${order.id}?token=${orderAccessToken(settings.secret, order.id)}`,
  };
}

/**
 * A reset link for an account, written with the link's token in the request's transaction
 * (accounts/passwordReset.ts), in the language of the request. The mail is the only place the token
 * leaves the database.
 */
export async function queuePasswordResetMail(tx: DbOrTx, account: { email: string; token: string; locale: Locale }): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.passwordReset, recipient: account.email, data: { token: account.token }, language: account.locale });
}

/** The payment alert an owners' alert mail tells (payment_alerts), or null when it is gone. */
async function paymentAlertOf(db: Db, id: string | undefined) {
  if (!id || !/^\d{1,9}$/.test(id)) return null;
  const [alert] = await db.select().from(paymentAlerts).where(eq(paymentAlerts.id, Number(id)));
  return alert ?? null;
}

async function orderMailParts(db: Db, settings: MailSettings, row: OutboxRow): Promise<RenderedParts> {
  const order = row.orderId ? await orderMailData(db, settings, row.orderId) : null;
  if (!order) throw new UnsendableMail(`mail ${row.id}: its order is gone`);
  const parts =
    row.kind === MAIL_KINDS.orderPlaced
      ? orderPlacedMail(settings.shop, order)
      : row.kind === MAIL_KINDS.newOrder
        ? newOrderMail(settings.shop, order, settings.ownerLocale)
        : row.kind === MAIL_KINDS.orderStatus
          ? statusMail(settings.shop, { ...order, status: isOrderStatus(row.data.status) ? row.data.status : order.status })
          : row.kind === MAIL_KINDS.withdrawalReceived
            ? withdrawalReceivedMail(settings.shop, order)
            : row.kind === MAIL_KINDS.withdrawalAlert
              ? withdrawalAlertMail(settings.shop, order, settings.ownerLocale)
              : row.kind === MAIL_KINDS.paidAfterCancel
                ? paidAfterCancelMail(settings.shop, order, settings.ownerLocale)
                : row.kind === MAIL_KINDS.paymentAlert
                  ? paymentAlertMail(settings.shop, order, await paymentAlertOf(db, row.data.alertId), settings.ownerLocale)
                  : null;
  if (!parts) throw new UnsendableMail(`mail ${row.id}: nothing to say for ${row.kind} of an order now ${order.status}`);
  return parts;
}

/** Whether a password reset mail's link has expired (it was made with the mail): sending it would only disappoint. */
export const resetLinkExpired = (row: Pick<OutboxRow, 'createdAt'>) => Date.now() >= row.createdAt.getTime() + RESET_LINK_MINUTES * 60_000;

function passwordResetParts(settings: MailSettings, row: OutboxRow): RenderedParts {
  const token = row.data.token;
  if (!token) throw new UnsendableMail(`mail ${row.id}: a password reset without its link`);
  if (resetLinkExpired(row)) throw new UnsendableMail(`mail ${row.id}: its reset link expired before it could be sent`);
  const url = `${settings.shop.url}/reset-password?token=${encodeURIComponent(token)}`;
  return passwordResetMail(settings.shop, { url, minutes: RESET_LINK_MINUTES }, isLocale(row.language) ? row.language : DEFAULT_LOCALE);
}

/** Makes an outbox row into its mail: an order's from the order as it is now, an account's from the row. */
export async function renderOutboxMail(db: Db, settings: MailSettings, row: OutboxRow) {
  const parts = row.kind === MAIL_KINDS.passwordReset ? passwordResetParts(settings, row) : await orderMailParts(db, settings, row);
  const to = row.recipient === OWNERS ? await ownerAddresses(db, settings) : row.recipient;
  return { ...renderParts(parts), to };
}

async function ownerAddresses(db: Db, settings: MailSettings): Promise<string> {
  if (settings.ownerEmail) return settings.ownerEmail;
  const owners = await db.select({ email: user.email }).from(user).where(eq(user.role, 'owner')).orderBy(asc(user.createdAt));
  if (owners.length === 0) throw new UnsendableMail('no owner account to alert (set OWNER_EMAIL, or make one with npm run admin -- create)');
  return owners.map((owner) => owner.email).join(', ');
}
