import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shipments } from '../../../db/schema/shipping';
import { COURIER_NAMES } from '../../../domain/courier';
import { AppError } from '../../errors';
import { CourierError } from '../../integrations/couriers/courier';
import { dueRows } from '../../leases';
import { orderView } from '../orders/read';
import { unship } from '../orders/status';
import type { Shipping } from './couriers';

/**
 * Cancel AWB, so that the courier's cancellation and the shop's change never come apart for good (issue 43, item 18):
 * the intent is written on the shipment before the courier is asked; the courier's yes takes the order back to where
 * it was before it was shipped, in one transaction that clears the intent. Should the two come apart (no answer, a
 * process killed, the database gone between them), the next look (settleCancels, in every process's tracking round)
 * asks the courier again, a cancel being safe to ask twice: cancelled, the shop's change is made; kept (picked up
 * meanwhile), the intent is dropped and the order stays shipped.
 */

type ShipmentRow = typeof shipments.$inferSelect;

/** A cancel whose answer never came is asked again after this long. */
const SETTLE_AFTER_SECONDS = 60;

/** The shop's side of a cancellation the courier made: the shipment cancelled, its order back to be shipped again. */
async function cancelled(db: Db, row: ShipmentRow, ownerId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(shipments)
      .set({ status: 'cancelled', cancelRequestedAt: null, cancelRequestedBy: null })
      .where(and(eq(shipments.id, row.id), eq(shipments.status, 'active')))
      .returning({ id: shipments.id });
    if (done) await unship(tx, row.orderId, { actorUserId: ownerId, note: `AWB ${row.awb} (${COURIER_NAMES[row.courier]})`, awb: row.awb });
  });
}

/** The courier keeps it (picked up): no cancellation is pending any more. */
const kept = (db: Db, id: string) => db.update(shipments).set({ cancelRequestedAt: null, cancelRequestedBy: null }).where(eq(shipments.id, id));

/**
 * Cancels an AWB the courier has not picked up yet (the courier refuses once it has) and takes its order back to where
 * it was before it was shipped, to be shipped again (a new AWB, or by hand). Only the order's current AWB.
 */
export async function cancelAwb(db: Db, id: string, shipping: Shipping, owner: { id: string }): Promise<void> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  const courier = row && shipping.couriers.get(row.courier);
  if (!row || !courier) throw new AppError('not_found', { id: 'admin.error.noSuchShipment' });
  const order = await orderView(db, row.orderId);
  if (row.status !== 'active' || order?.status !== 'shipped' || order.trackingNumber !== row.awb) {
    throw new AppError('conflict', { id: 'admin.awb.problem.notCancellable' }, 'not_cancellable');
  }
  await db.update(shipments).set({ cancelRequestedAt: sql`now()`, cancelRequestedBy: owner.id }).where(eq(shipments.id, id));
  const values = { courier: COURIER_NAMES[row.courier] };
  try {
    await courier.cancel(row.awb);
  } catch (error) {
    if (error instanceof CourierError && error.kind === 'refused') {
      await kept(db, id);
      throw new AppError('conflict', { id: 'admin.awb.problem.courierKeepsIt', values: { ...values, reason: error.message } }, 'courier_keeps_it');
    }
    // No answer: the courier may have cancelled it. The intent stays, and the next look settles it.
    throw new AppError('unavailable', { id: 'admin.awb.problem.cancelUnanswered', values }, 'courier_slow', undefined, error);
  }
  await cancelled(db, row, owner.id);
}

/**
 * One round: each cancellation asked for a minute ago or more and not settled, asked of the courier again (a process
 * takes it by moving its time on, so two never ask at once). Returns how many were settled; throws the round's first
 * failure once the others have been tried.
 */
export async function settleCancels(db: Db, shipping: Shipping): Promise<number> {
  const due = dueRows(db, {
    id: shipments.id,
    from: shipments,
    where: and(eq(shipments.status, 'active'), isNotNull(shipments.cancelRequestedAt), sql`${shipments.cancelRequestedAt} < now() - make_interval(secs => ${SETTLE_AFTER_SECONDS})`),
    limit: 10,
  });
  const taken = await db.update(shipments).set({ cancelRequestedAt: sql`now()` }).where(inArray(shipments.id, due)).returning();
  let settled = 0;
  let failure: unknown = null;
  for (const row of taken) {
    try {
      const courier = shipping.couriers.get(row.courier);
      if (!courier) throw new Error(`${row.courier} is no longer set up`);
      try {
        await courier.cancel(row.awb);
      } catch (error) {
        if (!(error instanceof CourierError && error.kind === 'refused')) throw error;
        await kept(db, row.id);
        settled += 1;
        continue;
      }
      await cancelled(db, row, row.cancelRequestedBy);
      settled += 1;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return settled;
}
