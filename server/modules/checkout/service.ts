import type { Db } from '../../../db/client';
import type { OrderRequest } from '../../../domain/checkout';
import { contactKeys } from '../../../domain/codRisk';
import type { CheckoutSessionStatus } from '../../../domain/contracts/payments';
import { amountValue } from '../../../domain/issueValues';
import type { Locale } from '../../../domain/locale';
import { AppError } from '../../errors';
import { STRIPE_MINIMUM_CHARGE } from '../../integrations/stripe';
import { pruneExpiredCountersNowAndThen } from '../../rateLimits';
import type { Invoicing } from '../invoices/service';
import { customerConfirmation, payLinkCharge } from '../orders/customerConfirmation';
import { attachCheckoutSession, cardOrderToPay, discardOrderWithoutSession, orderOfSession } from '../orders/payments';
import { type PlacedOrder, placeOrder } from '../orders/place';
import { assertCardPayments, checkoutSessionStatus, createOrderCheckoutSession, expireCheckoutSession, type Payments } from '../payments/service';
import type { Shipping } from '../shipping/couriers';
import { lockerForOrder } from '../shipping/lockers';
import { type OrderLimits, orderHits, refuseOrder, type Visitor } from './orderLimits';

/**
 * Checkout composes orders and payments: orders knows nothing of Stripe, payments knows nothing
 * of orders, and what needs both lives here: placing an order (this file), and turning what Stripe
 * says of a session into the order's change (stripeEvents.ts).
 */
export interface Checkout {
  db: Db;
  payments: Payments;
  orderLimits: OrderLimits;
  /** The shop's invoicing: a card order is invoiced once paid, and credited if cancelled afterwards. */
  invoicing?: Invoicing | null;
  /** The couriers: an order to a locker names one of theirs (shipping/lockers.ts). */
  shipping: Shipping;
  /** Whether the cart checkout offers card payment (CARD_PAYMENTS_ENABLED with Stripe), and how the shop is reached. */
  cardOffered: boolean;
  shopContact: { email: string; phone: string };
}

/**
 * A cash order from a contact the owner takes no cash on delivery from (orders/codRisk.ts) is refused politely,
 * never saying why: card payment instead when the shop takes cards, else the shop's contact.
 */
function cashRefused(checkout: Checkout): AppError {
  return checkout.cardOffered
    ? new AppError('conflict', { id: 'error.order.codNotOffered.card' }, 'cod_not_offered')
    : new AppError('conflict', { id: 'error.order.codNotOffered.contact', values: checkout.shopContact }, 'cod_not_offered');
}

/** A sum Stripe cannot charge, refused with what to do instead (the order is not kept). */
export const belowCardMinimum = () => new AppError('bad_request', { id: 'error.checkout.belowCardMinimum', values: { min: amountValue(STRIPE_MINIMUM_CHARGE) } }, 'below_card_minimum');

/**
 * A visitor's order, placed and counted against their limits in one transaction: an order over a
 * limit is not kept (429), and a replay of an idempotency key (a retry of an order already placed)
 * counts nothing.
 */
async function placeVisitorOrder(checkout: Checkout, visitor: Visitor, request: OrderRequest, options: Parameters<typeof placeOrder>[2]) {
  await pruneExpiredCountersNowAndThen(checkout.db);
  return checkout.db.transaction(async (tx) => {
    const locker = request.lockerId ? await lockerForOrder(tx, checkout.shipping, request.lockerId, request.paymentMethod) : undefined;
    const refuseCashFrom = request.paymentMethod === 'cod' ? contactKeys(request) : undefined;
    const placed = await placeOrder(tx, request, { ...options, locker, maxTotal: checkout.orderLimits.maxTotal, count: orderHits(checkout.orderLimits, visitor, request), refuseCashFrom });
    // Looked at for a new order only (a retry of one placed before is answered): refusing rolls it back.
    if (!placed.replayed && placed.cashRefused) throw cashRefused(checkout);
    refuseOrder(placed.refused ?? []);
    return placed;
  });
}

/** Cash on delivery: the order is placed as it is, pending shipment. */
export function placeCashOrder(checkout: Checkout, visitor: Visitor, request: OrderRequest, userId: string | null, locale: Locale): Promise<PlacedOrder> {
  return placeVisitorOrder(checkout, visitor, request, { userId, locale });
}

/**
 * The cart's card path: the order is saved first (awaiting payment, so the session can name it), then a Checkout
 * Session is made from the order as saved: its lines (name, colour, unit price) and shipping, so Stripe charges
 * exactly the order's total. A cart Stripe cannot charge saves nothing: when Stripe refuses the session the order is
 * removed again, so nothing waits forever for a payment that cannot come, and a retry with the same idempotency key
 * places the order afresh, under a new id and so a new Stripe idempotency key (Stripe may keep its answer to a failed
 * request under the old one). A replay of an order that is no longer awaiting payment (paid, cancelled, shipped) is
 * answered with the order as it is and never makes a session: it cannot be charged twice. A replay after Stripe's
 * idempotency window (24 hours) makes a new session while the order still awaits payment, and the old one is expired
 * at Stripe, so only one of them can be paid.
 */
export async function placeCardOrder(checkout: Checkout, visitor: Visitor, request: OrderRequest, userId: string | null, locale: Locale) {
  assertCardPayments(checkout.payments);
  const order = await placeVisitorOrder(checkout, visitor, request, { userId, status: 'awaiting_payment', locale, freeShipping: checkout.payments.prepayFreeShipping });
  const toPay = await cardOrderToPay(checkout.db, order.id);
  if (toPay && toPay.status !== 'awaiting_payment') return { id: order.id, number: order.number, replayed: true, status: toPay.status };
  let session: Awaited<ReturnType<typeof createOrderCheckoutSession>>;
  try {
    if (!toPay) throw new AppError('payment_failed', { id: 'message.stripeSessionFailed' }, 'stripe_failed');
    // Less than Stripe charges (a code taking nearly all, with delivery free for paying first): said before Stripe is asked.
    if (order.totals.total < STRIPE_MINIMUM_CHARGE) throw belowCardMinimum();
    // A discount code's sum is taken off at Stripe too (a coupon), so the session charges the order's total.
    const discount = toPay.discount > 0 && toPay.discountCode ? { amount: toPay.discount, code: toPay.discountCode } : undefined;
    // The order's stored values, not this request's: a retry in another language (or its email written otherwise) within
    // Stripe's window asks for the same session with the same parameters, as Stripe's idempotency requires.
    session = await createOrderCheckoutSession(checkout.payments, { id: order.id, email: toPay.email, shipping: toPay.shipping, lines: toPay.lines, discount, locale: toPay.locale });
  } catch (error) {
    // A replayed order that already has its session is kept. Should the removal itself fail, the
    // order stays and a retry with the key asks Stripe again: the Stripe error is what to report.
    await discardOrderWithoutSession(checkout.db, order.id).catch(() => false);
    throw error;
  }
  if (!(await attachCheckoutSession(checkout.db, order.id, session.sessionId))) {
    // Paid or cancelled meanwhile (a twin of this submit, the owner), or removed (a twin that Stripe refused): this
    // session must never be paid.
    if (session.sessionId !== toPay.stripeSessionId) await expireCheckoutSession(checkout.payments, session.sessionId);
    const now = await cardOrderToPay(checkout.db, order.id);
    if (!now) throw new AppError('payment_failed', { id: 'message.stripeSessionFailed' }, 'stripe_failed');
    return { id: order.id, number: order.number, replayed: true, status: now.status };
  }
  if (toPay.stripeSessionId && toPay.stripeSessionId !== session.sessionId) await expireCheckoutSession(checkout.payments, toPay.stripeSessionId);
  return { id: order.id, number: order.number, replayed: order.replayed, checkoutUrl: session.url };
}

/**
 * What /success shows: Stripe's word on the session (never the URL's); for its signed-in owner the
 * order it pays, in the status it really has; and, once paid, which order it is, so the page can
 * link to the order's own page (the session id in the visitor's address is theirs alone, as the
 * order's link in their mail is).
 */
export async function paymentOutcome(checkout: Checkout, sessionId: string, userId: string | null): Promise<Omit<CheckoutSessionStatus, 'orderUrl'> & { paidOrderId: string | null }> {
  const payment = await checkoutSessionStatus(checkout.payments, sessionId);
  const order = payment.status === 'unknown' ? null : await orderOfSession(checkout.db, sessionId);
  const owned = order && userId !== null && order.userId === userId ? order : null;
  return {
    ...payment,
    order: owned && { id: owned.id, number: owned.number, status: owned.status, createdAt: owned.createdAt.toISOString() },
    paidOrderId: payment.status === 'paid' && order ? order.id : null,
  };
}

/**
 * The customer's "Pay now by card instead" for a cash order (issue 47), or the pay link of an order the owner placed
 * (ownerOrders.ts): a Checkout Session for the same order, charging what it stored (its lines, shipping and code,
 * price_data as always). The paid webhook makes it a paid card order (stripeEvents.ts). An order that has left, is
 * cancelled or is paid says why (409); where the cart takes no card, 400.
 */
export async function startPrepay(checkout: Checkout, id: string): Promise<string> {
  // Offered only where the cart offers card payment (CARD_PAYMENTS_ENABLED, with Stripe set up).
  if (!checkout.cardOffered) throw new AppError('bad_request', { id: 'error.checkout.cardUnavailable' }, 'payment_method_unavailable');
  const state = await customerConfirmation(checkout.db, id, 'pay');
  if (state.closed) throw new AppError('conflict', { id: `error.prepay.${state.closed}`, values: { number: String(state.number) } }, `prepay_${state.closed}`);
  const order = await cardOrderToPay(checkout.db, id);
  if (!order) throw new AppError('not_found', { id: 'error.order.noSuchOrder' });
  const discount = order.discount > 0 && order.discountCode ? { amount: order.discount, code: order.discountCode } : undefined;
  const { waiveShipping, toPay } = payLinkCharge(state, checkout.payments.prepayFreeShipping === true);
  if (toPay < STRIPE_MINIMUM_CHARGE) throw belowCardMinimum();
  const session = await createOrderCheckoutSession(checkout.payments, {
    id,
    email: order.email,
    shipping: order.shipping,
    lines: order.lines,
    discount,
    locale: order.locale,
    purpose: state.status === 'awaiting_payment' ? 'paylink' : 'prepay',
    waiveShipping,
  });
  if (!session.url) throw new AppError('payment_failed', { id: 'message.noCheckoutUrlFromStripe' }, 'stripe_failed');
  return session.url;
}
