import * as z from 'zod/mini';

/** GET /api/payments/config: what the storefront may offer for card payment. */
export const paymentOptionsSchema = z.object({
  /** Card in the cart checkout. */
  cardPayments: z.boolean(),
  /** "Buy now by card" for a single product. */
  buyNowByCard: z.boolean(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** POST /api/payments/product-checkout: the Stripe Checkout page to send the visitor to. */
export const productCheckoutSchema = z.object({ url: z.nullable(z.string()) });

/** GET /api/payments/sessions/:id: what Stripe says of a Checkout Session. */
export const checkoutSessionStatusSchema = z.object({
  status: z.enum(['paid', 'unpaid', 'unknown']),
  sessionId: z.string(),
  customerEmail: z.optional(z.nullable(z.string())),
});
export type CheckoutSessionStatus = z.infer<typeof checkoutSessionStatusSchema>;
