import { expect } from 'vitest';
import type { Db } from '../db/client';
import { products } from '../db/schema/catalog';
import { orderLines, orders } from '../db/schema/orders';
import { totalsFor } from '../domain/pricing';
import { sampleOrder } from './sampleOrder';

/** What the stream cycles through: below the free-shipping threshold, above it, several lines. */
const LINE_SETS = [
  [
    { productId: '1', quantity: 2, colour: 'Black' },
    { productId: '5', quantity: 1 },
  ],
  [{ productId: '2', quantity: 4 }],
  [
    { productId: '3', quantity: 1 },
    { productId: '4', quantity: 3 },
    { productId: '5', quantity: 2 },
  ],
];

/**
 * Settings for a shop that takes a stream from one address and one customer: the order limits
 * (tested in orderLimits.api.test.ts) are off, so every refusal the fault tests see is the fault's.
 */
export const NO_ORDER_LIMITS = { ORDER_LIMIT_PER_IP: '0', ORDER_LIMIT_PER_CONTACT: '0' } as const;

export interface OrderAttempt {
  body: ReturnType<typeof sampleOrder> & { lines: { productId: string; quantity: number; colour?: string }[] };
  /** The answer's status; undefined when none came (refused, reset, or the client timed out). */
  status?: number;
  id?: string;
  message?: string;
  retryAfter?: string | null;
  /** Why no answer came. */
  failure?: string;
}

export interface OrderStream {
  attempts: OrderAttempt[];
  /** Resolves once `predicate` holds for the attempts so far; throws after `timeoutMs`. */
  until(predicate: (attempts: OrderAttempt[]) => boolean, timeoutMs: number, what: string): Promise<void>;
  /** Stops sending and waits for the requests in flight; resolves with every attempt. */
  stop(): Promise<OrderAttempt[]>;
}

export const answered = (status: number) => (attempt: OrderAttempt) => attempt.status === status;

/** Sends one order the way the browser does; never throws. */
export async function postOrder(origin: string, body: OrderAttempt['body'], timeoutMs = 10_000): Promise<OrderAttempt> {
  const attempt: OrderAttempt = { body };
  try {
    const response = await fetch(`${origin}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await response.json()) as { id?: string; message?: string };
    Object.assign(attempt, { status: response.status, id: answer.id, message: answer.message, retryAfter: response.headers.get('retry-after') });
  } catch (error) {
    attempt.status = undefined;
    attempt.failure = error instanceof Error ? `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`.trim() : String(error);
  }
  return attempt;
}

/**
 * Keeps `concurrency` order submissions in flight against the shop at `origin` (each its own
 * idempotency key and email) until stopped or `max` have been sent. After an answer other than 201
 * a worker pauses briefly, so an outage does not turn into a busy loop.
 */
export function streamOrders(origin: string, { concurrency = 4, max = 300, timeoutMs = 10_000, pauseAfterFailureMs = 250 } = {}): OrderStream {
  const attempts: OrderAttempt[] = [];
  let sent = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && sent < max) {
      const n = sent++;
      const body = sampleOrder({ email: `stream-${n}@example.ro`, lines: LINE_SETS[n % LINE_SETS.length] }) as OrderAttempt['body'];
      const attempt = await postOrder(origin, body, timeoutMs);
      attempts.push(attempt);
      if (attempt.status !== 201) await new Promise((resolve) => setTimeout(resolve, pauseAfterFailureMs));
    }
  };
  const workers = Promise.all(Array.from({ length: concurrency }, worker));
  return {
    attempts,
    async until(predicate, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(attempts)) {
        if (Date.now() > deadline) throw new Error(`order stream: not ${what} within ${timeoutMs} ms (${summary(attempts)})`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopped = true;
      await workers;
      return attempts;
    },
  };
}

/** "201×120, 503×14, no answer×3": for messages. */
export function summary(attempts: OrderAttempt[]): string {
  const counts = new Map<string, number>();
  for (const attempt of attempts) {
    const key = attempt.status === undefined ? 'no answer' : String(attempt.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key}×${n}`).join(', ');
}

/**
 * The fault tests' oracle, on a database that holds only the orders of `attempts`:
 * - every order answered 201 (or 200, a replay) is stored under its id, with its email, its lines
 *   at the catalogue's prices and the totals the pricing rules give;
 * - every stored order is complete in the same way (nothing half-written), and belongs to an
 *   attempt that was answered 201/200 or got no answer at all (the client cannot know);
 *   an attempt answered anything else (503, 500, …) left no order.
 */
export async function expectOrdersKept(db: Db, attempts: OrderAttempt[]) {
  const catalogue = new Map((await db.select().from(products)).map((product) => [product.id, product]));
  const storedLines = await db.select().from(orderLines);
  const stored = await db.select().from(orders);
  const byKey = new Map(stored.map((order) => [order.idempotencyKey, order]));
  const attemptByKey = new Map<string, OrderAttempt>(attempts.map((attempt) => [attempt.body.idempotencyKey, attempt]));

  const expectedLines = (lines: { productId: string; quantity: number }[]) =>
    lines.map(({ productId, quantity }) => ({ productId, name: catalogue.get(productId)!.name, unitPrice: catalogue.get(productId)!.price, quantity }));

  for (const order of stored) {
    const attempt = attemptByKey.get(order.idempotencyKey);
    expect(attempt, `order ${order.id} belongs to no attempt`).toBeDefined();
    expect(
      attempt!.status === undefined || attempt!.status === 201 || attempt!.status === 200,
      `order ${order.id} exists although its submit was answered ${attempt!.status} (${attempt!.message})`,
    ).toBe(true);
    const lines = storedLines
      .filter((line) => line.orderId === order.id)
      .sort((a, b) => a.id - b.id)
      .map(({ productId, name, unitPrice, quantity }) => ({ productId, name, unitPrice, quantity }));
    const expected = expectedLines(attempt!.body.lines);
    expect(lines, `lines of order ${order.id}`).toEqual(expected);
    const totals = totalsFor(expected);
    expect({ email: order.email, subtotal: order.subtotal, shipping: order.shipping, total: order.totalAmount }, `order ${order.id}`).toEqual({
      email: attempt!.body.email,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      total: totals.total,
    });
  }

  const placed = attempts.filter((attempt) => attempt.status === 201 || attempt.status === 200);
  for (const attempt of placed) {
    const order = byKey.get(attempt.body.idempotencyKey);
    expect(order?.id, `order answered ${attempt.status} ${attempt.id} (${attempt.body.email}) is stored`).toBe(attempt.id);
  }
  const unanswered = attempts.filter((attempt) => attempt.status === undefined);
  return { placed: placed.length, unanswered: unanswered.length, unansweredStored: unanswered.filter((attempt) => byKey.has(attempt.body.idempotencyKey)).length, stored: stored.length };
}
