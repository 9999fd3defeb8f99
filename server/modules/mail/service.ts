/**
 * What the shop's events write to the outbox, in their own transactions. Making the mails is rendering.ts's, run
 * only by the process that sends them (decision 0030): nothing here loads a template.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { outbox } from '../../../db/schema/outbox';
import { RESET_LINK_MINUTES } from '../../../domain/accounts';
import type { Locale } from '../../../domain/locale';
import type { OrderActor, OrderStatus } from '../../../domain/orders';
import { enqueueMail, type OutboxRow } from './outbox';

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
  /** The owners' alert that a courier cancelled an order's AWB at its end (shipping/tracking.ts). */
  awbCancelled: 'awb_cancelled',
  /** The customer's return AWB for the goods of their withdrawal, with its label (issue 45). */
  returnLabel: 'return_label',
  /** The customer's refund of goods sent back, made (issue 45). */
  refundPaid: 'refund_paid',
  /** The one reminder to confirm a cash order not confirmed from its mail (COD_CONFIRM_REMINDER_MAIL, issue 47). */
  confirmReminder: 'confirm_reminder',
  /** The pay link of an order the owner placed for a customer who pays by card (issue 47). */
  payLink: 'pay_link',
  /** The customer's "Your order was updated" after the owner edited the order (issue 47). */
  orderUpdated: 'order_updated',
  /** The customer's data rights (privacy/service.ts): their account deleted, their details erased from an order. */
  accountDeleted: 'account_deleted',
  detailsErased: 'details_erased',
  /** The one mail asking the customer of a delivered order for a review (REVIEW_REQUEST_DAYS, issue 49). */
  reviewRequest: 'review_request',
  /** The one cart reminder a visitor consented to at the checkout (reminders/cartReminders.ts, decision 0045). */
  cartReminder: 'cart_reminder',
  /** "Notify me" asked for: its confirmation link (double opt-in), and, once confirmed, the one back-in-stock mail. */
  stockAlertConfirm: 'stock_alert_confirm',
  backInStock: 'back_in_stock',
} as const;

/** The recipient of the owner's alerts: OWNER_EMAIL when set, every owner's address otherwise (resolved when sent). */
export const OWNERS = 'owners';

/**
 * A new order's mails (the customer's confirmation, the owners' alert) as an INSERT not yet run: placing
 * an order runs it in its prepared statement (orders/placeStatements.ts), `order` and `email` being its
 * placeholders, with the order's other writes in one round trip. `from`: a CTE the rows are written
 * for (one row each; none, none written), e.g. the order inserted by the same statement.
 */
export function orderPlacedMailsSql(order: SQL, email: SQL, from?: SQL): SQL {
  return sql`insert into ${outbox} (kind, recipient, order_id)
    select mail.kind, mail.recipient, ${order} from ${from ? sql`${from}, ` : sql``}(values (${MAIL_KINDS.orderPlaced}, ${email}), (${MAIL_KINDS.newOrder}, ${OWNERS})) as mail(kind, recipient)`;
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
export async function queueStatusMails(tx: DbOrTx, change: { orderId: string; email: string; from: OrderStatus; to: OrderStatus; actor: OrderActor }): Promise<void> {
  // A card order is placed once it is paid; a cash order paid by card instead (issue 47) was placed, and told, before.
  if (change.to === 'paid') {
    if (change.from === 'awaiting_payment') await queueOrderPlacedMails(tx, { id: change.orderId, email: change.email });
  } else if (change.actor === 'owner' && TOLD_TO_CUSTOMER.includes(change.to)) {
    // The change it tells: a mail still waiting (SMTP down) when the order moves on says its own step, not the next.
    await enqueueMail(tx, { kind: MAIL_KINDS.orderStatus, recipient: change.email, orderId: change.orderId, data: { status: change.to } });
  }
}

/**
 * A customer's withdrawal from an order, written in the request's transaction: its acknowledgement
 * on a durable medium (OUG 34/2014 art. 11), and the owners' alert (the refund's 14 days run from it).
 */
export async function queueWithdrawalMails(tx: DbOrTx, order: { id: string; email: string }, withdrawalId: string): Promise<void> {
  const data = { withdrawalId };
  await enqueueMail(tx, { kind: MAIL_KINDS.withdrawalReceived, recipient: order.email, orderId: order.id, data }, { kind: MAIL_KINDS.withdrawalAlert, recipient: OWNERS, orderId: order.id, data });
}

/** The customer's mail with the return AWB of their withdrawal `withdrawalId` and its label (issue 45). */
export async function queueReturnLabelMail(tx: DbOrTx, order: { id: string; email: string }, withdrawalId: string): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.returnLabel, recipient: order.email, orderId: order.id, data: { withdrawalId } });
}

/** The one reminder to confirm a cash order (COD_CONFIRM_REMINDER_MAIL, issue 47). */
export async function queueConfirmReminderMail(tx: DbOrTx, order: { id: string; email: string }): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.confirmReminder, recipient: order.email, orderId: order.id });
}

/** The one mail asking for a review of a delivered order (issue 49), written with its review_requests row. */
export async function queueReviewRequestMails(tx: DbOrTx, orders: { id: string; email: string }[]): Promise<void> {
  if (orders.length === 0) return;
  await enqueueMail(tx, ...orders.map((order) => ({ kind: MAIL_KINDS.reviewRequest, recipient: order.email, orderId: order.id })));
}

/** The pay link of an order the owner placed for a customer to pay by card (issue 47). */
export async function queuePayLinkMail(tx: DbOrTx, order: { id: string; email: string }): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.payLink, recipient: order.email, orderId: order.id });
}

/** The customer's "Your order was updated", written with the owner's edit; `refund`: what goes back to their card (bani, 0: none). */
export async function queueOrderUpdatedMail(tx: DbOrTx, order: { id: string; email: string }, refund: number): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.orderUpdated, recipient: order.email, orderId: order.id, data: { refund: String(refund) } });
}

/** The customer's mail that the refund `refundId` of their goods sent back was made (issue 45). */
export async function queueRefundMail(tx: DbOrTx, order: { id: string; email: string }, refundId: string): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.refundPaid, recipient: order.email, orderId: order.id, data: { refundId } });
}

/** The owners' alert that a cancelled order was paid by card all the same (the money is to be refunded). */
export async function queuePaidAfterCancelMail(tx: DbOrTx, orderId: string): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.paidAfterCancel, recipient: OWNERS, orderId });
}

/** The owners' alert of a card payment to look at (payment_alerts `alertId`: an amount not the order's, a second payment). */
export async function queuePaymentAlertMail(tx: DbOrTx, orderId: string, alertId: number): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.paymentAlert, recipient: OWNERS, orderId, data: { alertId: String(alertId) } });
}

/** The owners' alert that the courier says an order's AWB was cancelled at its end, not through the shop. */
export async function queueAwbCancelledMail(tx: DbOrTx, orderId: string, awb: { awb: string; courier: string }): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.awbCancelled, recipient: OWNERS, orderId, data: awb });
}

/**
 * A reset link for an account, written with the link's token in the request's transaction
 * (accounts/passwordReset.ts), in the language of the request. The mail is the only place the token
 * leaves the database.
 */
export async function queuePasswordResetMail(tx: DbOrTx, account: { email: string; token: string; locale: Locale }): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.passwordReset, recipient: account.email, data: { token: account.token }, language: account.locale });
}

/** Whether a password reset mail's link has expired (it was made with the mail): sending it would only disappoint. */
export const resetLinkExpired = (row: Pick<OutboxRow, 'createdAt'>) => Date.now() >= row.createdAt.getTime() + RESET_LINK_MINUTES * 60_000;

/** A mail of consent (decision 0045): to a visitor, in their language, made from what the row carries (no order). */
export interface ConsentMail {
  email: string;
  locale: Locale;
  /** The link the mail carries (signed, with its UTM parameters). */
  url: string;
}

/** The one cart reminder: `lines` as the mail names them (no prices). */
export async function queueCartReminderMail(tx: DbOrTx, mail: ConsentMail & { lines: { name: string; quantity: number }[] }): Promise<void> {
  await enqueueMail(tx, { kind: MAIL_KINDS.cartReminder, recipient: mail.email, language: mail.locale, data: { url: mail.url, lines: JSON.stringify(mail.lines) } });
}

/** "Notify me" for `name` (the product, and its colour): the confirmation link, or (`back`) the one mail that it is back. */
export async function queueStockAlertMail(tx: DbOrTx, mail: ConsentMail & { name: string; back: boolean }): Promise<void> {
  await enqueueMail(tx, { kind: mail.back ? MAIL_KINDS.backInStock : MAIL_KINDS.stockAlertConfirm, recipient: mail.email, language: mail.locale, data: { url: mail.url, name: mail.name } });
}
