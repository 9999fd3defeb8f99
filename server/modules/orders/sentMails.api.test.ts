/** MAIL_KEEP_DAYS (issue 48): sent mails leave the outbox, each order's timeline keeping that its mail was sent (sentMails.ts). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { setUpTestApp } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { keepSentMailsInTimelines } from './sentMails';

const shop = setUpTestApp();
const db = () => shop.database.db;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function orderWithMails() {
  const answer = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email: `kept-${Date.now()}-${Math.random()}@example.ro` }) });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: string };
}
const mailsOf = (id: string) => db().select().from(outbox).where(eq(outbox.orderId, id));

describe('sent mails kept MAIL_KEEP_DAYS', () => {
  it('leave the outbox after the days, the order’s timeline keeping each, dated when it was sent; recent, waiting and failed ones stay', async () => {
    const old = await orderWithMails();
    const recent = await orderWithMails();
    const waiting = await orderWithMails();
    const failed = await orderWithMails();
    const sentAt = daysAgo(100);
    await db().update(outbox).set({ status: 'sent', sentAt }).where(eq(outbox.orderId, old.id));
    await db()
      .update(outbox)
      .set({ status: 'sent', sentAt: daysAgo(10) })
      .where(eq(outbox.orderId, recent.id));
    await db()
      .update(outbox)
      .set({ status: 'failed', createdAt: daysAgo(100) })
      .where(eq(outbox.orderId, failed.id));
    const versionOf = async (id: string) => (await db().select({ version: orders.version }).from(orders).where(eq(orders.id, id)))[0]!.version;
    const versionBefore = await versionOf(old.id);

    expect(await keepSentMailsInTimelines(db(), 90)).toBe(2);
    expect(await mailsOf(old.id)).toEqual([]);
    expect(await mailsOf(recent.id)).toHaveLength(2);
    expect(await mailsOf(waiting.id)).toHaveLength(2);
    expect(await mailsOf(failed.id)).toHaveLength(2);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, old.id)).orderBy(orderEvents.id);
    expect(
      events
        .slice(1)
        .map((event) => [event.actor, event.fromStatus, event.toStatus, event.note, event.at.toISOString()])
        .sort(),
    ).toEqual(
      [
        ['system', 'pending', 'pending', 'Mail new_order sent to the owners (removed from the outbox after 90 days)', sentAt.toISOString()],
        ['system', 'pending', 'pending', 'Mail order_placed sent to the customer (removed from the outbox after 90 days)', sentAt.toISOString()],
      ].sort(),
    );
    // A note of the past: an owner's open page of the order is not made stale by it.
    expect(await versionOf(old.id)).toBe(versionBefore);
    // Another round, or another process's at once, finds nothing more to remove and writes nothing twice.
    expect(await keepSentMailsInTimelines(db(), 90)).toBe(0);
    expect(await db().select().from(orderEvents).where(eq(orderEvents.orderId, old.id))).toHaveLength(3);
  });
});
