import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { paymentEvents } from '../../../db/schema/orders';
import { unitsLeft } from '../../../domain/cart';
import { defaultColour, lineName, productStockView } from '../../../domain/catalog';
import type { Locale } from '../../../domain/locale';
import { onlyLeft } from '../../../domain/messages';
import { shippingFor } from '../../../domain/pricing';
import { colourNameIn, productNameIn } from '../../../domain/productTexts';
import { AppError } from '../../errors';
import type { CheckoutLine, CheckoutSessionInfo, NewRefund, PaymentGateway, StripeRefundInfo, WebhookEvent } from '../../integrations/stripe';

export interface Payments {
  db: Db;
  /** null when no Stripe key is configured. */
  gateway: PaymentGateway | null;
  /** The shop's public origin, for Stripe's success and cancel URLs. */
  publicUrl: string;
  /** What card statements show after the account's descriptor (statementSuffixOf), with discreet shipping; else null. */
  statementSuffix?: string | null;
  /** PREPAY_FREE_SHIPPING: delivery is free for an order paid by card before it leaves (issue 47). */
  prepayFreeShipping?: boolean;
}

function gatewayOf(payments: Payments): PaymentGateway {
  if (!payments.gateway) throw new AppError('unavailable', { id: 'error.payments.notConfigured' }, 'stripe_not_configured');
  return payments.gateway;
}

const successUrl = (publicUrl: string, extra = '') => `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}${extra}`;

async function createSession(payments: Payments, input: Parameters<PaymentGateway['createCheckoutSession']>[0]) {
  const gateway = gatewayOf(payments);
  try {
    return await gateway.createCheckoutSession({ ...input, ...(payments.statementSuffix ? { statementSuffix: payments.statementSuffix } : {}) });
  } catch (error) {
    throw new AppError('payment_failed', { id: 'message.stripeSessionFailed' }, 'stripe_failed', undefined, error);
  }
}

/**
 * Spec's single-product purchase: one product, named by its Stripe price id, in the colour chosen on its page (its
 * first available one when none is named); the order is made when it is paid. Stripe charges the shop's price for
 * it (price_data), never the Stripe Price's own amount, with shipping for that price. A hidden product is not found,
 * as on the storefront; a sold-out product or colour is refused (409) before the customer pays for it.
 */
export async function startProductCheckout(payments: Payments, priceId: string, colour: string | undefined, customer: { id: string; email: string } | null, locale: Locale) {
  assertCardPayments(payments);
  const [product] = await payments.db.select().from(products).where(eq(products.stripePriceId, priceId));
  if (!product?.active) throw new AppError('not_found', { id: 'message.productNotFound' }, 'unknown_price');
  const name = productNameIn(product.name, product.translations, locale);
  const view = productStockView(product.stock, product.colourOptions);
  const chosen = colour ?? defaultColour(view);
  const option = view.colourOptions.find((candidate) => candidate.name === chosen);
  if (chosen !== null && !option) throw new AppError('bad_request', { id: 'error.order.unknownColour', values: { name, colour: chosen } }, 'unknown_colour');
  // Named as the customer reads it, with its colour: in a refusal and on Stripe's page alike.
  const named = lineName(name, option && colourNameIn(option.name, product.translations, locale));
  if (unitsLeft(view, option?.name ?? null) === 0) throw new AppError('conflict', onlyLeft(0, named), 'out_of_stock');
  const session = await createSession(payments, {
    lines: [{ name: named, unitAmount: product.price, quantity: 1 }],
    successUrl: successUrl(payments.publicUrl),
    cancelUrl: `${payments.publicUrl}/shop`,
    customerEmail: customer?.email,
    shippingAmount: payments.prepayFreeShipping ? 0 : shippingFor(product.price),
    // A signed-in buyer's order is theirs: it shows in My orders and on /success. Its mails are in the buyer's language.
    // Delivery waived (PREPAY_FREE_SHIPPING) is said in the metadata: the paid order is made with the session's own terms.
    metadata: {
      kind: 'product',
      productId: product.id,
      locale,
      ...(option ? { colour: option.name } : {}),
      ...(customer ? { userId: customer.id } : {}),
      ...(payments.prepayFreeShipping ? { freeShipping: '1' } : {}),
    },
    locale,
  });
  return { url: session.url };
}

/** Card payments can be taken: Stripe is configured (otherwise 503, before anything is saved). */
export function assertCardPayments(payments: Payments): void {
  gatewayOf(payments);
}

export interface OrderToPay {
  id: string;
  email: string;
  /** The server's shipping for the order, in bani. */
  shipping: number;
  /** The order's lines as it stored them: Stripe charges exactly these. */
  lines: CheckoutLine[];
  /** A discount code's sum off the lines (bani, more than 0) and the code: Stripe takes it off as a one-off coupon. */
  discount?: { amount: number; code: string };
  /** The language the customer ordered in (Stripe's page speaks it). */
  locale: Locale;
  /**
   * `order`: a card order awaiting its payment (the default); `prepay`: a cash order its customer pays by card instead,
   * from the order mail's link (issue 47); `paylink`: an order the owner placed, paid from the link mailed to its customer.
   * The session's metadata and Stripe idempotency key say which.
   */
  purpose?: 'order' | 'prepay' | 'paylink';
  /** A cash order paid by card instead with its delivery waived (PREPAY_FREE_SHIPPING): no shipping charged, said in the metadata. */
  waiveShipping?: boolean;
}

/**
 * A Checkout Session that pays a saved order: its lines (name, unit price, quantity), discount and shipping as the
 * order stored them, so Stripe charges the order's total, and the order id in its metadata and success URL. Stripe's
 * idempotency key `order-<id>` (and `order-<id>-coupon` for the discount's coupon) makes a retried submit get the same
 * session within Stripe's window (24 hours); after it, a new one.
 */
export async function createOrderCheckoutSession(payments: Payments, order: OrderToPay): Promise<{ sessionId: string; url: string | null }> {
  const purpose = order.purpose ?? 'order';
  const session = await createSession(payments, {
    lines: order.lines,
    successUrl: successUrl(payments.publicUrl, `&order_id=${order.id}`),
    cancelUrl: `${payments.publicUrl}/shop`,
    customerEmail: order.email,
    shippingAmount: order.waiveShipping ? 0 : order.shipping,
    ...(order.discount && order.discount.amount > 0 ? { discount: order.discount } : {}),
    metadata: { kind: purpose, orderId: order.id, ...(order.waiveShipping ? { freeShipping: '1' } : {}) },
    locale: order.locale,
    idempotencyKey: `${purpose}-${order.id}`,
  });
  return { sessionId: session.id, url: session.url };
}

/** Refunds (part of) what a paid Checkout Session charged, to its card: the same idempotency key refunds once. */
export async function refundPayment(payments: Payments, refund: NewRefund): Promise<StripeRefundInfo> {
  return gatewayOf(payments).createRefund(refund);
}

/** Ends a session that must not be paid (an order's older one); false when it could not (not open, or Stripe failed). */
export async function expireCheckoutSession(payments: Payments, sessionId: string): Promise<boolean> {
  return gatewayOf(payments)
    .expireCheckoutSession(sessionId)
    .catch(() => false);
}

/**
 * What a verified Stripe event says happened: a Checkout Session was paid (completed and paid, or
 * its delayed payment succeeded), a session expired, or something else the shop does not act on.
 */
export type PaymentEvent = { id: string; type: string } & (
  | { happened: 'session_paid' | 'session_expired'; session: CheckoutSessionInfo }
  | { happened: 'refund'; refunds: StripeRefundInfo[] }
  | { happened: 'other'; session: CheckoutSessionInfo | null }
);

/** The Stripe events that tell of refunds: a charge refunded (in part or whole), a refund's status changed, a refund failed. */
const REFUND_EVENTS = ['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed'];

/** A Stripe webhook's event, its signature checked on the raw body (400 when it does not match). */
export async function verifyStripeEvent(payments: Payments, rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
  const gateway = gatewayOf(payments);
  let event: WebhookEvent;
  try {
    event = gateway.parseWebhook(rawBody, signature ?? '');
  } catch {
    throw new AppError('bad_request', { id: 'error.payments.invalidSignature' }, 'invalid_signature');
  }
  const { id, type, session } = event;
  if (REFUND_EVENTS.includes(type)) {
    // A charge sent without its refunds (the API versions since 2022-11-15 leave them out): asked of Stripe.
    const refunds = event.refunds ?? (event.charge ? await gateway.listRefunds(event.charge) : []);
    return { id, type, happened: 'refund', refunds };
  }
  if (session && type === 'checkout.session.expired') return { id, type, happened: 'session_expired', session };
  const completes = type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded';
  if (session && completes && session.paid) return { id, type, happened: 'session_paid', session };
  return { id, type, happened: 'other', session };
}

/**
 * Remembers a handled event; false when it was handled before (Stripe redelivers), so it changes
 * nothing twice. Call it in the transaction that acts on the event: if that fails, the event
 * stays unhandled and Stripe's next delivery tries again.
 */
export async function recordPaymentEvent(db: DbOrTx, event: PaymentEvent): Promise<boolean> {
  const fresh = await db.insert(paymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing().returning();
  return fresh.length > 0;
}

/** What /success shows: Stripe's word on the session, never the URL's. */
export async function checkoutSessionStatus(payments: Payments, sessionId: string) {
  const session = await gatewayOf(payments).retrieveCheckoutSession(sessionId);
  if (!session) return { status: 'unknown' as const, sessionId };
  return { status: session.paid ? ('paid' as const) : ('unpaid' as const), sessionId, customerEmail: session.customerEmail };
}
