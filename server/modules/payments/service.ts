import { and, eq, inArray } from 'drizzle-orm';
import type { OrderRequest } from '../../../domain/checkout';
import { MESSAGES } from '../../../domain/messages';
import { shippingFor } from '../../../domain/pricing';
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { orders, paymentEvents } from '../../../db/schema/orders';
import { AppError } from '../../errors';
import type { CheckoutSessionInfo, PaymentGateway } from '../../integrations/stripe';
import { placeOrder } from '../orders/service';

export interface Payments {
  db: Db;
  /** null when no Stripe key is configured. */
  gateway: PaymentGateway | null;
  /** The shop's public origin, for Stripe's success and cancel URLs. */
  publicUrl: string;
}

const NOT_CONFIGURED = 'Card payments are not configured on this shop.';

function gatewayOf(payments: Payments): PaymentGateway {
  if (!payments.gateway) throw new AppError('unavailable', NOT_CONFIGURED, 'stripe_not_configured');
  return payments.gateway;
}

const successUrl = (publicUrl: string, extra = '') => `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}${extra}`;

async function createSession(gateway: PaymentGateway, input: Parameters<PaymentGateway['createCheckoutSession']>[0]) {
  try {
    return await gateway.createCheckoutSession(input);
  } catch (error) {
    throw new AppError('payment_failed', MESSAGES.stripeSessionFailed, 'stripe_failed', undefined, error);
  }
}

/** Spec's single-product purchase: one product by its Stripe price id; the order is made when it is paid. */
export async function startProductCheckout(payments: Payments, priceId: string, customerEmail?: string) {
  const gateway = gatewayOf(payments);
  const [product] = await payments.db.select().from(products).where(eq(products.stripePriceId, priceId));
  if (!product) throw new AppError('not_found', MESSAGES.productNotFound, 'unknown_price');
  const session = await createSession(gateway, {
    lines: [{ price: priceId, quantity: 1 }],
    successUrl: successUrl(payments.publicUrl),
    cancelUrl: `${payments.publicUrl}/shop`,
    customerEmail,
    shippingAmount: shippingFor(product.price),
    metadata: { kind: 'product', productId: product.id },
  });
  return { url: session.url };
}

/**
 * The cart's card path: the order is saved first (awaiting payment), then a Checkout Session is
 * made from the products' Stripe price ids and the server's shipping. A cart Stripe cannot charge
 * saves nothing.
 */
export async function startCartCheckout(payments: Payments, request: OrderRequest, userId: string | null) {
  const gateway = gatewayOf(payments);
  const ids = request.lines.map((line) => line.productId);
  const rows = await payments.db.select({ id: products.id, name: products.name, priceId: products.stripePriceId }).from(products).where(inArray(products.id, ids));
  const missing = rows.filter((row) => !row.priceId).map((row) => row.name);
  if (missing.length > 0) throw new AppError('bad_request', MESSAGES.missingStripeConfiguration(missing), 'missing_price_ids');
  const priceOf = new Map(rows.map((row) => [row.id, row.priceId!]));

  const order = await placeOrder(payments.db, request, { userId, status: 'awaiting_payment' });
  const [saved] = await payments.db.select({ shipping: orders.shipping }).from(orders).where(eq(orders.id, order.id));
  const session = await createSession(gateway, {
    lines: request.lines.map((line) => ({ price: priceOf.get(line.productId)!, quantity: line.quantity })),
    successUrl: successUrl(payments.publicUrl, `&order_id=${order.id}`),
    cancelUrl: `${payments.publicUrl}/shop`,
    customerEmail: request.email,
    shippingAmount: saved!.shipping,
    metadata: { kind: 'order', orderId: order.id },
    // A retried submit finds the same order and, through Stripe's own idempotency, the same session.
    idempotencyKey: `order-${order.id}`,
  });
  await payments.db.update(orders).set({ stripeSessionId: session.id }).where(eq(orders.id, order.id));
  return { id: order.id, checkoutUrl: session.url };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function orderRequestFromSession(session: CheckoutSessionInfo, productId: string): OrderRequest {
  const [firstName = '', ...rest] = (session.customer.name ?? '').trim().split(/\s+/);
  const address = session.customer.address;
  return {
    email: session.customerEmail ?? '',
    firstName,
    lastName: rest.join(' '),
    country: address?.country === 'RO' ? 'Romania' : (address?.country ?? ''),
    city: address?.city ?? '',
    street: address?.line1 ?? '',
    streetNumber: address?.line2 ?? '',
    postalCode: address?.postalCode ?? '',
    phoneNumber: session.customer.phone ?? '',
    lines: [{ productId, quantity: 1 }],
    paymentMethod: 'card',
    idempotencyKey: session.id,
  };
}

export type WebhookResult = 'paid' | 'order_created' | 'cancelled' | 'duplicate' | 'already_paid' | 'unknown_order' | 'ignored';

/**
 * A Stripe webhook: the signature is checked on the raw body, each event is handled once, and a
 * completed, paid Checkout Session marks its order paid (or, for a single-product purchase,
 * creates the paid order from what Stripe collected). A session that expired unpaid cancels its
 * order, so abandoned card orders do not wait forever. Events arriving twice or late change nothing.
 */
export async function handleStripeWebhook(payments: Payments, rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
  const gateway = gatewayOf(payments);
  let event: ReturnType<PaymentGateway['parseWebhook']>;
  try {
    event = gateway.parseWebhook(rawBody, signature ?? '');
  } catch {
    throw new AppError('bad_request', 'Invalid Stripe signature.', 'invalid_signature');
  }

  return payments.db.transaction(async (tx) => {
    const fresh = await tx.insert(paymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing().returning();
    if (fresh.length === 0) return 'duplicate';
    const session = event.session;
    if (event.type === 'checkout.session.expired' && session?.metadata.kind === 'order') {
      const orderId = session.metadata.orderId;
      if (!orderId || !UUID.test(orderId)) return 'unknown_order';
      const cancelled = await tx
        .update(orders)
        .set({ status: 'cancelled' })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment')))
        .returning({ id: orders.id });
      return cancelled.length > 0 ? 'cancelled' : 'ignored';
    }
    const completes = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
    if (!completes || !session?.paid) return 'ignored';

    const { kind, orderId, productId } = session.metadata;
    if (kind === 'order') {
      if (!orderId || !UUID.test(orderId)) return 'unknown_order';
      const updated = await tx
        .update(orders)
        .set({ status: 'paid', paidAt: new Date(), stripeSessionId: session.id })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment')))
        .returning({ id: orders.id });
      if (updated.length > 0) return 'paid';
      const [existing] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
      return existing ? 'already_paid' : 'unknown_order';
    }
    if (kind === 'product' && productId) {
      const placed = await placeOrder(tx, orderRequestFromSession(session, productId), { status: 'paid' });
      await tx.update(orders).set({ stripeSessionId: session.id, paidAt: new Date() }).where(eq(orders.id, placed.id));
      return placed.replayed ? 'already_paid' : 'order_created';
    }
    return 'ignored';
  });
}

/** What /success shows: Stripe's word on the session, never the URL's. */
export async function checkoutSessionStatus(payments: Payments, sessionId: string) {
  const session = await gatewayOf(payments).retrieveCheckoutSession(sessionId);
  if (!session) return { status: 'unknown' as const, sessionId };
  return { status: session.paid ? ('paid' as const) : ('unpaid' as const), sessionId, customerEmail: session.customerEmail };
}
