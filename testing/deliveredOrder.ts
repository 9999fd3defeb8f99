import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderEvents } from '../db/schema/orders';
import { TEST_ORIGIN, type TestApp } from './app';
import { sampleOrder } from './sampleOrder';

/** A cash order placed through the API (sampleOrder with `overrides`, a fresh address unless given). */
export async function placeOrder(app: TestApp, overrides: Record<string, unknown> = {}): Promise<{ id: string; number: number }> {
  const answer = await app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email: `buyer-${Date.now()}-${Math.random()}@example.ro`, ...overrides }) });
  if (answer.statusCode !== 201) throw new Error(`placing the order failed: ${answer.body}`);
  return answer.json();
}

/** The owner moves an order on through the back office's status change (`to`, from its `version`). */
export async function moveOrder(app: TestApp, ownerCookie: string, id: string, to: string, version: number, more: Record<string, unknown> = {}) {
  const answer = await app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: { to, version, ...more }, headers: { cookie: ownerCookie, origin: TEST_ORIGIN } });
  if (answer.statusCode !== 200) throw new Error(`moving order ${id} to ${to} failed: ${answer.body}`);
}

/** An order placed, confirmed, shipped and marked delivered by the owner: the way an order reaches its customer. */
export async function deliveredOrder(app: TestApp, ownerCookie: string, overrides: Record<string, unknown> = {}) {
  const order = await placeOrder(app, overrides);
  await moveOrder(app, ownerCookie, order.id, 'confirmed', 1);
  await moveOrder(app, ownerCookie, order.id, 'shipped', 2, { carrier: 'Sameday', trackingNumber: `AWB${order.number}` });
  await moveOrder(app, ownerCookie, order.id, 'delivered', 3);
  return order;
}

/** Moves the clock for an order: it became delivered `days` days ago. */
export async function deliveredDaysAgo(db: Db, id: string, days: number) {
  await db
    .update(orderEvents)
    .set({ at: sql`now() - make_interval(days => ${days})` })
    .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, 'delivered')));
}
