import type Stripe from 'stripe';
import type { Locale } from '../../domain/locale';
import { withoutDiacritics } from '../../domain/text';

/** A line Stripe charges: the shop's own name and unit price (Stripe's price_data), never a Stripe Price of its own. */
export interface CheckoutLine {
  /** The product's name as the customer reads it, with its colour: "Dummy Lighter (Black)". */
  name: string;
  /** Bani, VAT included: the order line's unit price. */
  unitAmount: number;
  quantity: number;
}

/** The currency of every amount the shop sends Stripe, as Stripe writes it. */
export const STRIPE_CURRENCY = 'ron';
/** The least Stripe charges in lei, in bani (Stripe's minimum charge amounts, docs.stripe.com/currencies: RON 2.00 lei). */
export const STRIPE_MINIMUM_CHARGE = 200;

export interface NewCheckoutSession {
  lines: CheckoutLine[];
  successUrl: string;
  cancelUrl: string;
  /** Prefilled for a signed-in customer; without it Stripe asks for the email. */
  customerEmail?: string;
  /** Shipping in bani, computed by our server (0 or 19.99 RON). */
  shippingAmount: number;
  /**
   * A discount code's sum off the lines, in bani (at most their total), and the code as the customer reads it: Stripe
   * takes it off as a one-off coupon of that name, so the session charges lines − amount + shipping.
   */
  discount?: { amount: number; code: string };
  metadata: Record<string, string>;
  /** The customer's language: Stripe's payment page speaks it too. */
  locale: Locale;
  /** Stripe's own idempotency key: retrying with the same key returns the same session. */
  idempotencyKey?: string;
  /**
   * What the card statement shows after the account's own descriptor (its `statement_descriptor_suffix`): neutral with
   * discreet shipping (issue 47). Absent: the account's descriptor alone.
   */
  statementSuffix?: string;
}

/**
 * The neutral words of discreet shipping as a card statement's suffix, as Stripe takes one for card payments: Latin
 * letters, digits, spaces, dots and dashes, at least one letter, and short enough (10) for the 22 characters the
 * statement holds after a 10-character prefix and its "* " (docs.stripe.com, statement descriptors). null: none fits.
 */
export function statementSuffixOf(words: string): string | null {
  const suffix = withoutDiacritics(words)
    .toUpperCase()
    .replace(/[^A-Z0-9 .-]/g, '')
    .trim()
    .slice(0, 10)
    .trim();
  return /[A-Z]/.test(suffix) ? suffix : null;
}

export interface CheckoutSessionInfo {
  id: string;
  url: string | null;
  paid: boolean;
  /** Still open: it can be paid (not complete, not expired). */
  open: boolean;
  /** What the session charges (or charged), in the currency's smallest unit, and that currency ('ron'). */
  amountTotal: number | null;
  currency: string | null;
  customerEmail: string | null;
  metadata: Record<string, string>;
  customer: {
    name: string | null;
    phone: string | null;
    /** `state`: Stripe's county field, as the customer gave it (a name or a code). */
    address: { line1: string | null; line2: string | null; city: string | null; state: string | null; postalCode: string | null; country: string | null } | null;
  };
}

/** A refund at Stripe, as the shop reads it: its id, amount, status and the metadata the shop gave it (`refundId`). */
export interface StripeRefundInfo {
  id: string;
  amount: number;
  /** pending, requires_action, succeeded, failed or canceled (Stripe's Refund `status`). */
  status: string;
  metadata: Record<string, string>;
}

export interface WebhookEvent {
  id: string;
  type: string;
  session: CheckoutSessionInfo | null;
  /**
   * A refund's news: a refund event's refund, or the refunds a `charge.refunded` charge lists (null when the charge
   * does not carry them: the shop lists them, `listRefunds`). `charge` is the charge's id then.
   */
  refunds: StripeRefundInfo[] | null;
  charge: string | null;
}

/** A refund of part or all of what a paid Checkout Session charged. */
export interface NewRefund {
  sessionId: string;
  /** In the currency's smallest unit (bani). */
  amount: number;
  /** Stripe's idempotency key: the same key returns the same refund (a double click, a retry, refunds once). */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** What the shop needs from Stripe: Checkout Sessions and signed webhooks. */
export interface PaymentGateway {
  createCheckoutSession(input: NewCheckoutSession): Promise<CheckoutSessionInfo>;
  /** null when Stripe does not know the session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  /** Ends an open session, so it can no longer be paid; false when it was not open (paid, or expired already). */
  expireCheckoutSession(id: string): Promise<boolean>;
  /** Verifies the signature on the raw body; throws when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string): WebhookEvent;
  /** Refunds (part of) a paid session's payment, to its card. */
  createRefund(input: NewRefund): Promise<StripeRefundInfo>;
  /** The refunds of a charge, newest first (Stripe lists the last 100 here). */
  listRefunds(chargeId: string): Promise<StripeRefundInfo[]>;
}

/** How far a webhook's signed timestamp may be from our clock, either way (Stripe's own default is 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The SDK refuses a signed timestamp older than its tolerance but accepts any in the future; a replayed
 * or forged-clock event is refused both ways here.
 */
function assertFreshTimestamp(signature: string, nowSeconds: number) {
  const timestamp = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new Error('webhook timestamp outside the tolerance');
  }
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  /** Only for tests: a local fake that speaks Stripe's HTTP API, e.g. http://127.0.0.1:4320. */
  apiUrl?: string;
  /** How long one request to Stripe may take before it is given up (and retried once); default 8 s. */
  timeoutMs?: number;
}

const refundInfo = (refund: Stripe.Refund): StripeRefundInfo => ({
  id: refund.id,
  amount: refund.amount,
  status: refund.status ?? 'pending',
  metadata: (refund.metadata ?? {}) as Record<string, string>,
});

function toInfo(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  const shipping = session.collected_information?.shipping_details ?? null;
  const address = shipping?.address ?? session.customer_details?.address ?? null;
  return {
    id: session.id,
    url: session.url,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    open: session.status === 'open',
    amountTotal: session.amount_total,
    currency: session.currency,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    metadata: (session.metadata ?? {}) as Record<string, string>,
    customer: {
      name: shipping?.name ?? session.customer_details?.name ?? null,
      phone: session.customer_details?.phone ?? null,
      address: address && {
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        state: address.state,
        postalCode: address.postal_code,
        country: address.country,
      },
    },
  };
}

/**
 * The real adapter: the official SDK, pointed at Stripe (or, in tests, at a fake on its network edge). The SDK is
 * loaded here, not with the module: a shop without card payments never holds it (about 10 MB).
 */
export async function createStripeGateway(settings: StripeSettings): Promise<PaymentGateway> {
  const { default: Stripe } = await import('stripe');
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    // A visitor waits on this while placing a card order: at most two tries of timeoutMs, then the
    // order is given up with the spec's message (the SDK's own default would be 80 s).
    maxNetworkRetries: 1,
    timeout: settings.timeoutMs ?? 8_000,
    telemetry: false,
    ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });

  /**
   * A coupon for one session, as Stripe documents a discount of our own computing: a fixed sum in lei, once, redeemable
   * once, named by the code. With the session's idempotency key (`<key>-coupon`), a retry gets the same coupon.
   */
  async function oneOffCoupon(discount: { amount: number; code: string }, metadata: Record<string, string>, idempotencyKey: string | undefined) {
    const coupon = await stripe.coupons.create(
      { amount_off: discount.amount, currency: STRIPE_CURRENCY, duration: 'once', max_redemptions: 1, name: discount.code, metadata },
      idempotencyKey ? { idempotencyKey: `${idempotencyKey}-coupon` } : undefined,
    );
    return coupon.id;
  }

  return {
    async createCheckoutSession(input) {
      const coupon = input.discount && input.discount.amount > 0 ? await oneOffCoupon(input.discount, input.metadata, input.idempotencyKey) : null;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: input.lines.map((line) => ({
            price_data: { currency: STRIPE_CURRENCY, unit_amount: line.unitAmount, product_data: { name: line.name } },
            quantity: line.quantity,
          })),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          customer_email: input.customerEmail,
          metadata: input.metadata,
          locale: input.locale,
          shipping_address_collection: { allowed_countries: ['RO'] },
          phone_number_collection: { enabled: true },
          shipping_options: [
            {
              shipping_rate_data: {
                type: 'fixed_amount',
                display_name: input.shippingAmount === 0 ? 'Free shipping' : 'Standard shipping',
                fixed_amount: { amount: input.shippingAmount, currency: STRIPE_CURRENCY },
              },
            },
          ],
          // Stripe takes an amount_off coupon off the line items, never the shipping.
          ...(coupon ? { discounts: [{ coupon }] } : {}),
          ...(input.statementSuffix ? { payment_intent_data: { statement_descriptor_suffix: input.statementSuffix } } : {}),
        },
        input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
      );
      return toInfo(session);
    },

    async retrieveCheckoutSession(id) {
      try {
        return toInfo(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async expireCheckoutSession(id) {
      try {
        await stripe.checkout.sessions.expire(id);
        return true;
      } catch (error) {
        // Stripe refuses to expire a session that is complete or expired already: nothing is left to end.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },

    parseWebhook(rawBody, signature) {
      if (!settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      assertFreshTimestamp(signature, Math.floor(Date.now() / 1000));
      const object = event.data.object as { object?: string };
      const charge = object.object === 'charge' ? (object as Stripe.Charge) : null;
      const refunds = object.object === 'refund' ? [refundInfo(object as Stripe.Refund)] : (charge?.refunds?.data.map(refundInfo) ?? null);
      return { id: event.id, type: event.type, session: object.object === 'checkout.session' ? toInfo(object as Stripe.Checkout.Session) : null, refunds, charge: charge?.id ?? null };
    },

    async createRefund(input) {
      // A Checkout Session is paid by its PaymentIntent: the refund is made on it (Stripe refunds its charge's card).
      const session = await stripe.checkout.sessions.retrieve(input.sessionId);
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error(`session ${input.sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: input.amount, reason: 'requested_by_customer', metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return refundInfo(refund);
    },

    async listRefunds(chargeId) {
      const list = await stripe.refunds.list({ charge: chargeId, limit: 100 });
      return list.data.map(refundInfo);
    },
  };
}
