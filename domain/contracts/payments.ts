import * as z from 'zod/mini';
import { ORDER_STATUSES } from '../orders';

/** GET /api/payments/config: what the storefront may offer for card payment. */
export const paymentOptionsSchema = z.object({
  /** Card in the cart checkout. */
  cardPayments: z.boolean(),
  /** "Buy now by card" for a single product. */
  buyNowByCard: z.boolean(),
  /** Delivery is free when paid by card before it leaves (PREPAY_FREE_SHIPPING, issue 47); absent: not. */
  prepayFreeShipping: z.optional(z.boolean()),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** POST /api/payments/product-checkout: the Stripe Checkout page to send the visitor to. */
export const productCheckoutSchema = z.object({ url: z.nullable(z.string()) });

/**
 * GET /api/payments/sessions/:id: what Stripe says of a Checkout Session and, for its signed-in
 * owner, the order it pays (null until the order exists, or for anyone else); the link to the order's page.
 */
export const checkoutSessionStatusSchema = z.object({
  status: z.enum(['paid', 'unpaid', 'unknown']),
  sessionId: z.string(),
  customerEmail: z.optional(z.nullable(z.string())),
  order: z.nullable(z.object({ id: z.string(), number: z.int(), status: z.enum(ORDER_STATUSES), createdAt: z.string() })),
  /** The order's own page (with its token), once the session is paid and its order exists; for whoever holds the session. */
  orderUrl: z.nullable(z.string()),
});
export type CheckoutSessionStatus = z.infer<typeof checkoutSessionStatusSchema>;

/** POST /api/stripe/webhook: what the event did (for Stripe's dashboard and the log). */
export const webhookAnswerSchema = z.object({
  received: z.literal(true),
  result: z.enum(['paid', 'order_created', 'amount_mismatch', 'cancelled', 'duplicate', 'already_paid', 'paid_after_cancel', 'paid_twice', 'unknown_order', 'refunded', 'ignored']),
});
export type WebhookResult = z.infer<typeof webhookAnswerSchema>['result'];
