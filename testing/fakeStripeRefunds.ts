/**
 * The fake Stripe's refunds (testing/fakeStripe.ts): a paid session's PaymentIntent and its Charge, refunds created on
 * the PaymentIntent (POST /v1/refunds, idempotent by key as Stripe is), listed by charge (GET /v1/refunds?charge=), and
 * the `charge.refunded` and `refund.updated` webhooks Stripe sends. The objects are Stripe's own samples, verbatim but
 * for the ids, amounts, currency, metadata and status of the case at hand: the Refund object of
 * https://docs.stripe.com/api/refunds/object and the Charge object of https://docs.stripe.com/api/charges/object (its
 * top-level fields; API versions since 2022-11-15 send a charge without its `refunds`, so the shop lists them).
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';

type Refund = Record<string, unknown> & { id: string; amount: number; charge: string; status: string; metadata: Record<string, string> };
type Charge = Record<string, unknown> & { id: string; amount: number; amount_refunded: number; payment_intent: string; refunded: boolean };

/** The Refund object of Stripe's API reference, verbatim (https://docs.stripe.com/api/refunds/object). */
const REFUND_SAMPLE = {
  id: 're_1Nispe2eZvKYlo2Cd31jOCgZ',
  object: 'refund',
  amount: 1000,
  balance_transaction: 'txn_1Nispe2eZvKYlo2CYezqFhEx',
  charge: 'ch_1NirD82eZvKYlo2CIvbtLWuY',
  created: 1692942318,
  currency: 'usd',
  destination_details: {
    card: {
      reference: '123456789012',
      reference_status: 'available',
      reference_type: 'acquirer_reference_number',
      type: 'refund',
    },
    type: 'card',
  },
  metadata: {},
  payment_intent: 'pi_1GszsK2eZvKYlo2CfhZyoZLp',
  reason: null,
  receipt_number: null,
  source_transfer_reversal: null,
  status: 'succeeded',
  transfer_reversal: null,
};

/** The Charge object of Stripe's API reference, its top-level fields verbatim (https://docs.stripe.com/api/charges/object). */
const CHARGE_SAMPLE = {
  id: 'ch_3MmlLrLkdIwHu7ix0snN0B15',
  object: 'charge',
  amount: 1099,
  amount_captured: 1099,
  amount_refunded: 0,
  application: null,
  application_fee: null,
  application_fee_amount: null,
  balance_transaction: 'txn_3MmlLrLkdIwHu7ix0uke3Ezy',
  calculated_statement_descriptor: 'Stripe',
  captured: true,
  created: 1679090539,
  currency: 'usd',
  customer: null,
  description: null,
  disputed: false,
  failure_balance_transaction: null,
  failure_code: null,
  failure_message: null,
  fraud_details: {},
  livemode: false,
  metadata: {},
  on_behalf_of: null,
  paid: true,
  payment_intent: null,
  refunded: false,
  status: 'succeeded',
};

export interface FakeRefundsOptions {
  /** Sends a signed event to the shop's webhook, as Stripe does. */
  send(type: string, object: object): Promise<void>;
  /** Answers a reused idempotency key with its first answer (the fake's, shared with sessions and coupons). */
  replayed(res: http.ServerResponse, key: string | undefined, path: string, objects: Map<string, object>, body: Record<string, unknown>): boolean;
  remember(key: string | undefined, path: string, id: string): void;
  error(res: http.ServerResponse, status: number, message: string, code?: string, param?: string): void;
}

export function fakeRefunds(options: FakeRefundsOptions) {
  const charges = new Map<string, Charge>();
  const byPaymentIntent = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  /** Test control: the status new refunds get ('succeeded', as a card refund usually is at once, or 'pending'). */
  let newStatus = 'succeeded';

  /** A session paid: Stripe made its PaymentIntent and the Charge of `amount`. Returns the PaymentIntent's id. */
  function paid(amount: number, currency: string): string {
    const paymentIntent = `pi_${randomBytes(12).toString('hex')}`;
    const charge: Charge = {
      ...CHARGE_SAMPLE,
      id: `ch_${randomBytes(12).toString('hex')}`,
      amount,
      amount_captured: amount,
      currency,
      payment_intent: paymentIntent,
      created: Math.floor(Date.now() / 1000),
    };
    charges.set(charge.id, charge);
    byPaymentIntent.set(paymentIntent, charge);
    return paymentIntent;
  }

  /** The charge's refunded sum follows its succeeded refunds, and Stripe tells the shop (`charge.refunded`). */
  async function chargeRefunded(charge: Charge) {
    charge.amount_refunded = [...refunds.values()].filter((refund) => refund.charge === charge.id && refund.status === 'succeeded').reduce((sum, refund) => sum + refund.amount, 0);
    charge.refunded = charge.amount_refunded >= charge.amount;
    await options.send('charge.refunded', charge);
  }

  /** Handles /v1/refunds; false for any other request. */
  async function handle(req: http.IncomingMessage, url: URL, body: Record<string, unknown>, res: http.ServerResponse): Promise<boolean> {
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = req.headers['idempotency-key'] as string | undefined;
      if (options.replayed(res, key, url.pathname, refunds, body)) return true;
      const charge = byPaymentIntent.get(String(body.payment_intent));
      if (!charge) {
        options.error(res, 400, `No such payment_intent: '${String(body.payment_intent)}'`, 'resource_missing', 'payment_intent');
        return true;
      }
      const amount = body.amount === undefined ? charge.amount - charge.amount_refunded : Number(body.amount);
      const refund: Refund = {
        ...REFUND_SAMPLE,
        id: `re_${randomBytes(12).toString('hex')}`,
        amount,
        charge: charge.id,
        created: Math.floor(Date.now() / 1000),
        currency: charge.currency as string,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        payment_intent: charge.payment_intent,
        reason: (body.reason as string | undefined) ?? null,
        status: newStatus,
      };
      refunds.set(refund.id, refund);
      options.remember(key, url.pathname, refund.id);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(refund));
      if (refund.status === 'succeeded') await chargeRefunded(charge);
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const charge = url.searchParams.get('charge');
      const data = [...refunds.values()].filter((refund) => charge === null || refund.charge === charge).reverse();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', url: '/v1/refunds', has_more: false, data }));
      return true;
    }
    return false;
  }

  return {
    refunds,
    charges,
    paid,
    handle,
    /** New refunds are created `pending` (Stripe settles them later) or `succeeded` (the default). */
    createRefundsAs(status: 'pending' | 'succeeded') {
      newStatus = status;
    },
    /** Stripe settles a pending refund: `refund.updated`, then `charge.refunded`. */
    async settle(id: string) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no fake refund ${id}`);
      refund.status = 'succeeded';
      await options.send('refund.updated', refund);
      await chargeRefunded(charges.get(refund.charge)!);
    },
  };
}
