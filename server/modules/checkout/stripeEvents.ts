import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { user } from '../../../db/schema/accounts';
import { splitStreetAddress } from '../../../domain/address';
import { type OrderRequest, orderRequestSchema } from '../../../domain/checkout';
import type { WebhookResult } from '../../../domain/contracts/payments';
import { countyFromText } from '../../../domain/counties';
import { UUID_PATTERN } from '../../../domain/ids';
import { DEFAULT_LOCALE, isLocale } from '../../../domain/locale';
import { OWNER_PAY_LINK_DAYS } from '../../../domain/orders';
import { phoneInE164 } from '../../../domain/phone';
import { type CheckoutSessionInfo, STRIPE_CURRENCY } from '../../integrations/stripe';
import type { Invoicing } from '../invoices/service';
import { orderPaymentState, recordCardPayment, recordPaymentAfterCancel, recordPaymentAlert, staleCardOrders } from '../orders/payments';
import { placeOrder } from '../orders/place';
import { settleCardRefunds } from '../orders/refunds';
import { changeOrderStatus, invoiceOrder } from '../orders/status';
import { recordPaymentEvent, verifyStripeEvent } from '../payments/service';
import { cardRefundNews } from './refunds';
import type { Checkout } from './service';

/**
 * What Stripe tells the shop about card orders: its webhook (a session paid or expired), and, should one be missed,
 * reconciliation asking Stripe. Placing the orders is service.ts's.
 */
const isOrderId = (id: string | undefined): id is string => id !== undefined && UUID_PATTERN.test(id);

/**
 * A single-product purchase's order, from the name, address and phone Stripe collected, checked by
 * the same rules as any order. The customer has paid by now, so an order that breaks a rule (Stripe's
 * address form is not ours) is still kept, as Stripe gave it, and the fields to check are logged
 * (their names, never their values) for the shop to review. Stripe's county (its "state", a name or
 * a code) becomes the county's code and the phone E.164 where they can; a postal code that does not
 * fit the county is kept as Stripe gave it.
 */
function orderRequestFromSession(session: CheckoutSessionInfo, productId: string, log: WebhookLog): OrderRequest {
  const [firstName = '', ...rest] = (session.customer.name ?? '').trim().split(/\s+/);
  const address = session.customer.address;
  const request: OrderRequest = {
    email: session.customerEmail ?? '',
    firstName,
    lastName: rest.join(' '),
    country: address?.country === 'RO' ? 'Romania' : (address?.country ?? ''),
    county: countyFromText(address?.state),
    city: address?.city ?? '',
    ...splitStreetAddress(address?.line1 ?? '', address?.line2 ?? null),
    postalCode: address?.postalCode ?? '',
    phoneNumber: phoneInE164(session.customer.phone ?? '') ?? session.customer.phone ?? '',
    // Bought from the product's page, in the colour chosen there (sessions from before colours were sent name none).
    lines: [{ productId, quantity: 1, colour: session.metadata.colour ?? null }],
    paymentMethod: 'card',
    idempotencyKey: session.id,
  };
  const checked = orderRequestSchema.safeParse(request);
  if (checked.success) return checked.data;
  log.warn({ sessionId: session.id, fields: [...new Set(checked.error.issues.map((issue) => issue.path.join('.')))] }, 'paid order kept with details to check');
  return request;
}

/** Where the webhook reports what it could not fix (a Fastify request's logger). */
export interface WebhookLog {
  warn(details: object, message: string): void;
}

/** The account a single-product purchase was started from, if it still exists. */
async function existingUserId(tx: DbOrTx, id: string | undefined): Promise<string | null> {
  if (!id) return null;
  const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, id));
  return found?.id ?? null;
}

/**
 * A session that expired unpaid cancels its order, so abandoned card orders do not wait forever.
 * It speaks only for an order still awaiting payment: the rules let a paid order be cancelled (by
 * the shop, with a refund), never by Stripe's expiry.
 */
async function sessionExpired(tx: DbOrTx, session: CheckoutSessionInfo): Promise<WebhookResult> {
  if (session.metadata.kind !== 'order') return 'ignored';
  const { orderId } = session.metadata;
  if (!isOrderId(orderId)) return 'unknown_order';
  // Only the order's own session speaks for it: one it replaced (a replay after Stripe's window) expires unpaid while
  // the new one can still be paid.
  const order = await orderPaymentState(tx, orderId);
  if (order && order.stripeSessionId !== session.id) return 'ignored';
  const change = await changeOrderStatus(tx, orderId, 'cancelled', { from: 'awaiting_payment', actor: 'stripe', note: 'Card payment not completed: the Stripe session expired' });
  return change === 'changed' ? 'cancelled' : 'ignored';
}

/** Whether Stripe charged exactly the order's total, in lei. */
const chargedTheTotal = (session: CheckoutSessionInfo, total: number) => session.amountTotal === total && session.currency?.toLowerCase() === STRIPE_CURRENCY;

/**
 * A paid session that charged another amount or currency than its order's total is recorded on the order, and the
 * owners are alerted (charged X, the order says Y): the money is taken, so the order is paid, never silently.
 */
async function checkAmount(tx: DbOrTx, orderId: string, session: CheckoutSessionInfo, log: WebhookLog | null): Promise<boolean> {
  const order = await orderPaymentState(tx, orderId);
  if (!order || chargedTheTotal(session, order.total)) return true;
  await recordPaymentAlert(tx, { orderId, kind: 'amount_mismatch', stripeSessionId: session.id, amount: session.amountTotal, currency: session.currency });
  log?.warn({ orderId }, 'a card payment is not the order’s total: the owners are asked to check it');
  return false;
}

/** What the timeline says when a cash order was paid by card instead (in the owner's words, as its notes are). */
export const PREPAID_NOTE = 'Paid by card instead of cash on delivery, from the link in the order mail';
/** ...and when an order the owner placed was paid from the pay link mailed to its customer. */
export const PAY_LINK_NOTE = 'Paid by card from the pay link mailed to the customer';

/**
 * A paid session marks its order paid or, for a single-product purchase, creates the paid order
 * from what Stripe collected (keyed by the session id, so a redelivery creates nothing). What Stripe charged is
 * compared with the order's total. A second paid session for an order paid already is a double charge: recorded,
 * and the owners are asked to refund it.
 */
async function sessionPaid(tx: DbOrTx, session: CheckoutSessionInfo, log: WebhookLog, invoicing: Invoicing | null): Promise<WebhookResult> {
  const { kind, orderId, productId, userId, locale } = session.metadata;
  if (kind === 'order' || kind === 'prepay' || kind === 'paylink') {
    if (!isOrderId(orderId)) return 'unknown_order';
    // Only a card order awaiting its payment, or (prepay: issue 47) a cash order not yet shipped, becomes paid: then it
    // is a card order, nothing to collect. A paid, shipped or cancelled order stays as it is.
    const change = await changeOrderStatus(tx, orderId, 'paid', {
      actor: 'stripe',
      // Paid by card instead, delivery free for paying first (PREPAY_FREE_SHIPPING, as the session charged it): the total loses its shipping.
      set: { paidAt: new Date(), stripeSessionId: session.id, ...(kind === 'prepay' ? { paymentMethod: 'card' as const, waiveShipping: session.metadata.freeShipping === '1' } : {}) },
      // A card order's session (or its pay link's) pays only a card order awaiting it; a cash order's, only a cash order
      // (checked when made).
      ...(kind === 'prepay' ? { note: PREPAID_NOTE } : { from: 'awaiting_payment' as const, ...(kind === 'paylink' ? { note: PAY_LINK_NOTE } : {}) }),
      invoicing,
    });
    if (change === 'changed') return (await checkAmount(tx, orderId, session, log)) ? 'paid' : 'amount_mismatch';
    if (change !== 'not_allowed') return 'unknown_order';
    // Paid on Stripe's page while the order was being cancelled: the money is taken, so the owners are told to refund it.
    if (await recordPaymentAfterCancel(tx, orderId, session.id)) {
      log.warn({ orderId }, 'a cancelled order was paid: the owners are asked to refund it');
      return 'paid_after_cancel';
    }
    const order = await orderPaymentState(tx, orderId);
    // The same payment told again (another event for the session that paid it). A cash order paid by card after it left
    // (its AWB collects the cash too) is paid twice: the owners refund one.
    if (order?.stripeSessionId === session.id || (kind === 'order' && !order?.paidAt)) return 'already_paid';
    if (await recordPaymentAlert(tx, { orderId, kind: 'paid_twice', stripeSessionId: session.id, amount: session.amountTotal, currency: session.currency })) {
      log.warn({ orderId }, 'an order was paid twice: the owners are asked to refund one payment');
    }
    return 'paid_twice';
  }
  if (kind === 'product' && productId) {
    const placed = await placeOrder(tx, orderRequestFromSession(session, productId, log), {
      status: 'paid',
      actor: 'stripe',
      userId: await existingUserId(tx, userId),
      // The language the purchase was started in (sessions from before languages carry none: English).
      locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
      freeShipping: session.metadata.freeShipping === '1',
    });
    // A redelivered event finds the order it created: its payment time stays the first one.
    if (placed.replayed) return 'already_paid';
    await recordCardPayment(tx, placed.id, { stripeSessionId: session.id, paidAt: new Date() });
    if (invoicing) await invoiceOrder(tx, placed.id, invoicing);
    // The order is priced now: an owner's price change since the session was made shows here.
    return (await checkAmount(tx, placed.id, session, log)) ? 'order_created' : 'amount_mismatch';
  }
  return 'ignored';
}

/**
 * A Stripe webhook: payments checks the signature and says what happened; each event is handled
 * once, in one transaction with the order change it causes. Events arriving twice or late change
 * nothing.
 */
export async function handleStripeWebhook(checkout: Checkout, rawBody: Buffer, signature: string | undefined, log: WebhookLog): Promise<WebhookResult> {
  const event = await verifyStripeEvent(checkout.payments, rawBody, signature);
  return checkout.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event))) return 'duplicate';
    if (event.happened === 'refund') return (await settleCardRefunds(tx, event.refunds.map(cardRefundNews))) > 0 ? 'refunded' : 'ignored';
    if (event.happened === 'session_expired') return sessionExpired(tx, event.session);
    if (event.happened === 'session_paid') return sessionPaid(tx, event.session, log, checkout.invoicing ?? null);
    return 'ignored';
  });
}

/** A card order that never got its Checkout Session is given up after this long (the server stopped between the two). */
export const NO_SESSION_GRACE_MS = 30 * 60_000;
/** Stripe expires an unpaid Checkout Session after 24 hours; past this, its order is settled with Stripe's word. */
export const SESSION_SETTLED_AFTER_MS = 25 * 3_600_000;

export interface Reconciled {
  paid: number;
  cancelled: number;
}

/**
 * Settles card orders left awaiting payment, should the moment that settles them have been missed:
 * an order that never got a Checkout Session (the process stopped between saving it and asking Stripe)
 * is cancelled; one whose session is past Stripe's expiry is marked paid if Stripe says it was paid
 * (a lost webhook), or cancelled. Safe to run from several processes at once: each change goes through
 * changeOrderStatus, which locks the order and allows only awaiting_payment → paid | cancelled.
 */
export async function reconcileCardOrders(checkout: Pick<Checkout, 'db' | 'payments' | 'invoicing'>, now = new Date()): Promise<Reconciled> {
  const result: Reconciled = { paid: 0, cancelled: 0 };
  const stale = await staleCardOrders(checkout.db, {
    noSessionBefore: new Date(now.getTime() - NO_SESSION_GRACE_MS),
    sessionBefore: new Date(now.getTime() - SESSION_SETTLED_AFTER_MS),
    payLinkBefore: new Date(now.getTime() - OWNER_PAY_LINK_DAYS * 86_400_000),
  });
  for (const order of stale) {
    let paid = false;
    let session: CheckoutSessionInfo | null | undefined = null;
    if (order.stripeSessionId) {
      // Without Stripe configured (or while it is unreachable) nothing can be known: try again next time.
      if (!checkout.payments.gateway) continue;
      session = await checkout.payments.gateway.retrieveCheckoutSession(order.stripeSessionId).catch(() => undefined);
      // Unknown while Stripe cannot be asked; still open (a newer session of an older order): not settled yet.
      if (session === undefined || session?.open) continue;
      paid = session?.paid ?? false;
    }
    const change = await checkout.db.transaction(async (tx) => {
      if (!paid || !session) {
        return changeOrderStatus(tx, order.id, 'cancelled', {
          from: 'awaiting_payment',
          actor: 'system',
          note: order.placedByOwner
            ? `Not paid within ${OWNER_PAY_LINK_DAYS} days of the pay link`
            : order.stripeSessionId
              ? 'Card payment not completed: the Stripe session expired'
              : 'Card payment could not be started',
        });
      }
      const paidChange = await changeOrderStatus(tx, order.id, 'paid', {
        from: 'awaiting_payment',
        actor: 'system',
        note: 'Paid according to Stripe (its notification never arrived)',
        set: { paidAt: now },
        invoicing: checkout.invoicing ?? null,
      });
      // What Stripe charged is compared with the order's total, as when its notification comes, in the same transaction.
      if (paidChange === 'changed') await checkAmount(tx, order.id, session, null);
      return paidChange;
    });
    if (change === 'changed') result[paid ? 'paid' : 'cancelled'] += 1;
  }
  return result;
}
