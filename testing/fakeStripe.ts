/**
 * A local stand-in for Stripe's HTTP API, for tests only: the real SDK talks to it over HTTP
 * (host, port, protocol 'http'). It creates (line items by Price id or by price_data, as Stripe takes them),
 * retrieves and expires Checkout Sessions, creates coupons and takes one off a session's line items (`discounts`, as
 * Stripe does), keeps an idempotency key's answer for a window (Stripe's: 24 hours; shortened by tests), serves a small
 * payment page whose Pay button marks the session paid, sends a signed
 * checkout.session.completed webhook to the shop like Stripe does, and records every request so
 * tests can assert the SDK's real request shapes.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { fakeRefunds } from './fakeStripeRefunds';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeStripeOptions {
  port?: number;
  /** Price ids Stripe knows, with their unit amount in bani (for line items that name a Price). */
  prices?: Record<string, number>;
  /** Where to send checkout.session.completed when the fake payment page is paid. */
  webhookUrl?: string;
  webhookSecret?: string;
}

type Session = Record<string, unknown> & { id: string; metadata: Record<string, string>; success_url: string; cancel_url: string };

/** A coupon as Stripe answers it: a sum off (in `currency`) or a percentage, redeemable `max_redemptions` times. */
export type Coupon = Record<string, unknown> & {
  id: string;
  amount_off: number | null;
  percent_off: number | null;
  currency: string | null;
  max_redemptions: number | null;
  times_redeemed: number;
  valid: boolean;
};

const COUPON_DURATIONS = ['forever', 'once', 'repeating'];

/** Decodes Stripe's form encoding: line_items[0][price]=x → { line_items: [{ price: 'x' }] }. */
export function decodeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key = /^\d+$/.test(part) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
        node = container[key] as Record<string, unknown>;
      }
    });
  }
  return root;
}

function stripeError(res: http.ServerResponse, status: number, message: string, code?: string, param?: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, code, param } }));
}

/**
 * Why Stripe refuses to create this coupon (POST /v1/coupons, form-encoded), as its error's message, code and param;
 * null when it takes it.
 */
function couponRefusal(body: Record<string, unknown>): [string, string | undefined, string] | null {
  const { amount_off: amountOff, percent_off: percentOff, currency, duration, max_redemptions: maxRedemptions, name } = body as Record<string, string | undefined>;
  if (duration !== undefined && !COUPON_DURATIONS.includes(duration)) return [`Invalid duration: must be one of ${COUPON_DURATIONS.join(', ')}`, undefined, 'duration'];
  if (duration === 'repeating' && body.duration_in_months === undefined) return ['You must specify duration_in_months when duration is repeating.', 'parameter_missing', 'duration_in_months'];
  if (amountOff === undefined && percentOff === undefined) return ['You must pass either amount_off or percent_off.', 'parameter_missing', 'amount_off'];
  if (amountOff !== undefined && percentOff !== undefined) return ['You may only specify one of these parameters: amount_off, percent_off.', undefined, 'amount_off'];
  if (amountOff !== undefined) {
    if (!/^\d+$/.test(amountOff)) return [`Invalid integer: ${amountOff}`, 'parameter_invalid_integer', 'amount_off'];
    if (Number(amountOff) < 1) return ['Invalid positive integer', 'parameter_invalid_integer', 'amount_off'];
    if (currency === undefined || currency === '') return ['You must pass currency when passing amount_off.', 'parameter_missing', 'currency'];
  }
  if (percentOff !== undefined && !(Number(percentOff) > 0 && Number(percentOff) <= 100)) return ['Invalid percent_off: must be greater than 0 and at most 100', undefined, 'percent_off'];
  if (maxRedemptions !== undefined && !(/^\d+$/.test(maxRedemptions) && Number(maxRedemptions) >= 1)) return ['Invalid positive integer', 'parameter_invalid_integer', 'max_redemptions'];
  if (name !== undefined && name.length > 40) return ['Invalid name: must be at most 40 characters', undefined, 'name'];
  return null;
}

export async function startFakeStripe(options: FakeStripeOptions) {
  const sessions = new Map<string, Session>();
  const coupons = new Map<string, Coupon>();
  const requests: RecordedRequest[] = [];
  const prices = options.prices ?? {};
  /** Each idempotency key's answer (the session or coupon it made, at `path`), and when the key was first used. */
  const byIdempotencyKey = new Map<string, { path: string; id: string; at: number }>();
  /** Each idempotency key's first request's parameters (its form body), as Stripe compares a reuse with them. */
  const paramsOfKey = new Map<string, string>();
  /** How long Stripe answers a key with its first answer (24 hours); test control. */
  let idempotencyWindowMs = 24 * 3_600_000;
  /** Test control: a message to refuse every new session with (Stripe's 400), or null. */
  let refusal: string | null = null;
  const signer = new Stripe('sk_test_fake_signer');
  let origin = '';
  /** Test control: how long every API answer (/v1/…) is held back, to play a slow Stripe. */
  let apiDelayMs = 0;

  /**
   * Answers a key reused within its window as Stripe does: with its first answer, or a refusal when the key was first
   * used on another endpoint. False when the key is new (or out of its window): the request is a new one.
   */
  function replayed(res: http.ServerResponse, key: string | undefined, path: string, objects: Map<string, object>, body: Record<string, unknown>): boolean {
    const existing = key ? byIdempotencyKey.get(key) : undefined;
    const params = JSON.stringify(body);
    if (!existing || Date.now() - existing.at >= idempotencyWindowMs) {
      if (key) paramsOfKey.set(key, params);
      return false;
    }
    if (existing.path !== path) {
      stripeError(res, 400, `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${existing.path}' vs '${path}').`, 'idempotency_error');
      return true;
    }
    // Stripe compares a reused key's parameters with its first request's (docs.stripe.com/api/idempotent_requests), and
    // refuses other ones with this answer.
    if (paramsOfKey.get(key!) !== params) {
      stripeError(
        res,
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        'idempotency_error',
      );
      return true;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
    res.end(JSON.stringify(objects.get(existing.id)));
    return true;
  }

  async function sendWebhook(session: Session) {
    await sendEvent('checkout.session.completed', session);
  }

  async function sendEvent(type: string, object: object) {
    if (!options.webhookUrl || !options.webhookSecret) return;
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    await fetch(options.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  }

  const refundsApi = fakeRefunds({
    send: sendEvent,
    replayed,
    remember: (key, path, id) => {
      if (key) byIdempotencyKey.set(key, { path, id, at: Date.now() });
    },
    error: stripeError,
  });

  function markPaid(id: string) {
    const session = sessions.get(id);
    if (!session) throw new Error(`no fake session ${id}`);
    // As on Stripe: an expired session's page can no longer be paid.
    if (session.status === 'expired') throw new Error(`fake session ${id} has expired`);
    // Its coupon is redeemed when the session is paid, as on Stripe (once: paying it again redeems nothing more).
    const coupon = session.status === 'open' ? coupons.get((session.discounts as { coupon: string | null }[])[0]?.coupon ?? '') : undefined;
    if (coupon) {
      coupon.times_redeemed += 1;
      coupon.valid = coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions;
    }
    Object.assign(session, {
      // Paid once: its PaymentIntent and Charge, which a refund is made on.
      payment_intent: session.payment_intent ?? refundsApi.paid(session.amount_total as number, session.currency as string),
      payment_status: 'paid',
      status: 'complete',
      customer_details: {
        email: (session.customer_email as string | null) ?? 'card.buyer@example.ro',
        name: 'Maria Ionescu',
        phone: '+40722000333',
        address: null,
      },
      collected_information: {
        business_name: null,
        individual_name: null,
        shipping_details: {
          name: 'Maria Ionescu',
          address: { line1: 'Strada Lungă 10', line2: 'Ap. 4', city: 'Brașov', postal_code: '500035', country: 'RO', state: 'Brașov' },
        },
      },
    });
    return session;
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', origin);
        const body = req.headers['content-type']?.includes('json') ? JSON.parse(raw || '{}') : decodeForm(raw);
        requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
        if (apiDelayMs > 0 && url.pathname.startsWith('/v1/')) await new Promise((resolve) => setTimeout(resolve, apiDelayMs));

        if (url.pathname === '/health') {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('{"ok":true}');
        }
        // The payment page a visitor is sent to.
        const page = url.pathname.match(/^\/pay\/(cs_test_\w+)$/);
        if (page) {
          const session = sessions.get(page[1]!);
          if (!session) return stripeError(res, 404, 'No such session');
          if (req.method === 'POST') {
            const paid = markPaid(session.id);
            await sendWebhook(paid);
            res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
            return res.end();
          }
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(
            `<!doctype html><html lang="en"><link rel="icon" href="data:,"><title>Fake Stripe Checkout</title><main><h1>Fake Stripe Checkout</h1>` +
              `<p>Total ${session.amount_total} ${session.currency}</p>` +
              `<form method="post"><button>Pay</button></form><a href="${session.cancel_url}">Back</a></main></html>`,
          );
        }

        if (req.headers.authorization !== undefined && !/^Bearer sk_(test|live)_/.test(req.headers.authorization)) {
          return stripeError(res, 401, 'Invalid API Key provided');
        }
        if (await refundsApi.handle(req, url, body, res)) return;
        if (req.method === 'POST' && url.pathname === '/v1/coupons') {
          const key = req.headers['idempotency-key'] as string | undefined;
          if (replayed(res, key, url.pathname, coupons, body)) return;
          const refused = couponRefusal(body);
          if (refused) return stripeError(res, 400, ...refused);
          const id = `coupon_${randomBytes(8).toString('hex')}`;
          const coupon: Coupon = {
            id,
            object: 'coupon',
            amount_off: body.amount_off !== undefined ? Number(body.amount_off) : null,
            percent_off: body.percent_off !== undefined ? Number(body.percent_off) : null,
            currency: body.amount_off !== undefined ? String(body.currency).toLowerCase() : null,
            duration: (body.duration as string | undefined) ?? 'once',
            duration_in_months: body.duration_in_months !== undefined ? Number(body.duration_in_months) : null,
            max_redemptions: body.max_redemptions !== undefined ? Number(body.max_redemptions) : null,
            times_redeemed: 0,
            name: (body.name as string | undefined) ?? null,
            metadata: (body.metadata ?? {}) as Record<string, string>,
            valid: true,
            livemode: false,
            created: Math.floor(Date.now() / 1000),
          };
          coupons.set(id, coupon);
          if (key) byIdempotencyKey.set(key, { path: url.pathname, id, at: Date.now() });
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify(coupon));
        }
        if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          const key = req.headers['idempotency-key'] as string | undefined;
          if (replayed(res, key, url.pathname, sessions, body)) return;
          if (refusal) return stripeError(res, 400, refusal);
          type Line = { price?: string; price_data?: { currency: string; unit_amount: string; product_data: { name: string } }; quantity: string };
          const lines = (body.line_items ?? []) as Line[];
          const unknown = lines.find((line) => line.price !== undefined && !(line.price in prices));
          if (unknown) return stripeError(res, 400, `No such price: '${unknown.price}'`, 'resource_missing');
          if (lines.some((line) => line.price === undefined && !/^\d+$/.test(line.price_data?.unit_amount ?? '')))
            return stripeError(res, 400, 'Invalid integer: unit_amount', 'parameter_invalid_integer');
          const unitAmount = (line: Line) => (line.price !== undefined ? prices[line.price]! : Number(line.price_data!.unit_amount));
          const shipping = Number((body.shipping_options as { shipping_rate_data?: { fixed_amount?: { amount?: string } } }[] | undefined)?.[0]?.shipping_rate_data?.fixed_amount?.amount ?? 0);
          const subtotal = lines.reduce((sum, line) => sum + unitAmount(line) * Number(line.quantity), 0);
          // At most one coupon, taken off the line items (never the shipping), as Stripe does.
          const discounts = (body.discounts ?? []) as { coupon?: string; promotion_code?: string }[];
          if (discounts.length > 1) return stripeError(res, 400, 'You may only specify one discount.', undefined, 'discounts');
          let coupon: Coupon | null = null;
          if (discounts[0]) {
            if (discounts[0].coupon === undefined) return stripeError(res, 400, 'The fake only takes a coupon in discounts.', undefined, 'discounts[0]');
            coupon = coupons.get(discounts[0].coupon) ?? null;
            if (!coupon) return stripeError(res, 400, `No such coupon: '${discounts[0].coupon}'`, 'resource_missing', 'discounts[0][coupon]');
            if (!coupon.valid) return stripeError(res, 400, `Coupon ${coupon.id} is no longer valid.`, 'coupon_expired', 'discounts[0][coupon]');
            if (coupon.currency !== null && coupon.currency !== 'ron') {
              return stripeError(res, 400, `The coupon currency (${coupon.currency}) does not match the currency of the Checkout Session (ron).`, undefined, 'discounts[0][coupon]');
            }
          }
          const discount = !coupon ? 0 : coupon.amount_off !== null ? Math.min(coupon.amount_off, subtotal) : Math.round((subtotal * coupon.percent_off!) / 100);
          const id = `cs_test_${randomBytes(12).toString('hex')}`;
          const session: Session = {
            id,
            object: 'checkout.session',
            mode: body.mode,
            url: `${origin}/pay/${id}`,
            payment_status: 'unpaid',
            status: 'open',
            success_url: body.success_url as string,
            cancel_url: body.cancel_url as string,
            customer_email: (body.customer_email as string | undefined) ?? null,
            customer_details: null,
            payment_intent: null,
            collected_information: null,
            metadata: (body.metadata ?? {}) as Record<string, string>,
            currency: 'ron',
            discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
            amount_subtotal: subtotal,
            amount_total: subtotal - discount + shipping,
            total_details: { amount_discount: discount, amount_shipping: shipping, amount_tax: 0 },
          };
          sessions.set(id, session);
          if (key) byIdempotencyKey.set(key, { path: url.pathname, id, at: Date.now() });
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify(session));
        }
        const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
        if (req.method === 'GET' && retrieve) {
          const session = sessions.get(decodeURIComponent(retrieve[1]!));
          if (!session) return stripeError(res, 404, `No such checkout.session: '${retrieve[1]}'`, 'resource_missing');
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify(session));
        }
        const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
        if (req.method === 'POST' && expire) {
          const session = sessions.get(decodeURIComponent(expire[1]!));
          if (!session) return stripeError(res, 404, `No such checkout.session: '${expire[1]}'`, 'resource_missing');
          if (session.status !== 'open') return stripeError(res, 400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
          Object.assign(session, { status: 'expired', url: null });
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify(session));
        }
        // Test control: what a session charges (a session changed in Stripe's dashboard, say), before it is paid.
        const charge = url.pathname.match(/^\/_test\/sessions\/([^/]+)\/amount$/);
        if (req.method === 'POST' && charge) {
          const session = sessions.get(charge[1]!);
          if (!session) return stripeError(res, 404, 'No such session');
          session.amount_total = Number(body.amount_total);
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify(session));
        }
        // Test control: pay a session without the page (what a customer does on Stripe).
        const pay = url.pathname.match(/^\/_test\/sessions\/([^/]+)\/pay$/);
        if (req.method === 'POST' && pay) {
          const paid = markPaid(pay[1]!);
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify(paid));
        }
        stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
      })().catch((error: unknown) => stripeError(res, 500, String(error)));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    sessions,
    coupons,
    requests,
    markPaid,
    /** Its refunds and charges, and the test controls of refunds (created pending, settled later). */
    refunds: refundsApi,
    slowDown(ms: number) {
      apiDelayMs = ms;
    },
    /** Stripe answers a reused idempotency key with its first answer for this long (24 hours by default). */
    idempotencyWindow(ms: number) {
      idempotencyWindowMs = ms;
    },
    /** Refuse every new session with this message (a 400, as Stripe answers a request it cannot take), or stop (null). */
    refuseSessions(message: string | null) {
      refusal = message;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
