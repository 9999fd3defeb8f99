import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { awbAttempts, shipments } from '../../../db/schema/shipping';
import type { AwbAttemptView } from '../../../domain/contracts/shipping';
import { awbReference, COURIER_NAMES, type CourierId } from '../../../domain/courier';
import { AppError } from '../../errors';
import type { CreatedAwb, Shipment } from '../../integrations/couriers/courier';
import { dueRows, leaseEnd, notLeased } from '../../leases';
import type { Invoicing } from '../invoices/service';
import { orderView } from '../orders/read';
import { changeOrderStatus } from '../orders/status';
import type { Shipping } from './couriers';

/**
 * Creating an AWB so that a slow courier or a process that dies never orphans one (issue 43, item 17): the attempt is
 * written before the courier is called, with a reference no attempt had (a courier may keep a reference for good:
 * Sameday does), and only one attempt of an order at a time. Its answer makes it the order's shipment, or marks it
 * failed; an attempt whose answer never came is looked for at the courier (checkAwbAttempts) before another may be
 * made: found, it ships the order (or is cancelled there when the order moved on); not found, it failed. One live AWB
 * per shipment.
 */

type Attempt = typeof awbAttempts.$inferSelect;

/**
 * An attempt's first look at the courier: while its request may still be on its way (a process that died waiting),
 * after the courier's 20 s and its answer have had time; once the shop has stopped waiting, a few seconds on.
 */
export const FIRST_CHECK_SECONDS = 60;
export const CHECK_AFTER_NO_ANSWER_SECONDS = 5;
/** Between looks when the courier cannot tell yet, or has not listed it yet. */
export const CHECK_AGAIN_SECONDS = 120;
/**
 * A courier's lists (FAN's day's AWBs, Cargus's period's) may show a new AWB late: none is said to have been made
 * before this long after the attempt (no source says how soon they list one).
 */
export const NOT_MADE_AFTER_MS = 10 * 60_000;
export const LEASE_SECONDS = 120;

/**
 * Writes the attempt before the courier is asked: its reference the order's number with the next suffix (every AWB and
 * attempt before it counted). Refused (409) while another attempt of the order waits for its outcome.
 */
export async function beginAttempt(
  db: Db,
  order: { id: string; number: number; version: number },
  courier: CourierId,
  shipment: Omit<Shipment, 'reference'>,
  ownerId: string,
): Promise<Attempt & { shipment: Shipment }> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(awbAttempts)
      .where(and(eq(awbAttempts.orderId, order.id), eq(awbAttempts.state, 'creating')));
    if (pending) throw beingChecked(pending.courier, pending.reference);
    const [tried] = await tx.select({ n: count() }).from(awbAttempts).where(eq(awbAttempts.orderId, order.id));
    // AWBs made before attempts were recorded (their shipments have none) count too.
    const attempted = tx
      .select({ id: awbAttempts.shipmentId })
      .from(awbAttempts)
      .where(and(eq(awbAttempts.orderId, order.id), sql`${awbAttempts.shipmentId} is not null`));
    const [earlier] = await tx
      .select({ n: count() })
      .from(shipments)
      .where(and(eq(shipments.orderId, order.id), notInArray(shipments.id, attempted)));
    const reference = awbReference(order.number, (tried?.n ?? 0) + (earlier?.n ?? 0));
    const full: Shipment = { ...shipment, reference };
    const [row] = await tx
      .insert(awbAttempts)
      .values({
        orderId: order.id,
        courier,
        reference,
        request: full as unknown as Record<string, unknown>,
        orderVersion: order.version,
        ownerId,
        checkAt: sql`now() + make_interval(secs => ${FIRST_CHECK_SECONDS})`,
      })
      .onConflictDoNothing()
      .returning();
    // Another request began one at the same moment (the one-per-order index).
    if (!row) throw beingChecked(courier, reference);
    return { ...row, shipment: full };
  });
}

/** Refused while an attempt of the order (with `courier`, as `reference`) waits for its outcome. */
const beingChecked = (courier: CourierId, reference: string) =>
  new AppError('conflict', { id: 'admin.awb.problem.beingChecked', values: { courier: COURIER_NAMES[courier], reference } }, 'awb_being_checked');

/** The shop stopped waiting for the courier's answer: the attempt is looked for there shortly. */
export async function noAnswer(db: Db, id: string): Promise<void> {
  await db
    .update(awbAttempts)
    .set({ checkAt: sql`now() + make_interval(secs => ${CHECK_AFTER_NO_ANSWER_SECONDS})` })
    .where(and(eq(awbAttempts.id, id), eq(awbAttempts.state, 'creating')));
}

/** The courier made none (it refused the shipment, or it is not there): the attempt failed, and its reference with it. */
export async function failAttempt(db: Db, id: string): Promise<void> {
  await db
    .update(awbAttempts)
    .set({ state: 'failed', request: SETTLED, leaseUntil: null })
    .where(and(eq(awbAttempts.id, id), eq(awbAttempts.state, 'creating')));
}

/**
 * What a settled attempt keeps of its request: nothing. The Shipment holds the customer's name, phone and address, needed
 * only while the courier may still be asked about it (data kept only as long as it must be).
 */
const SETTLED: Record<string, unknown> = {};

/**
 * The AWB the courier made for the attempt becomes the order's shipment, in one transaction with the order shipped
 * with it (the manual Ship's change: timeline, customer mail, invoice). Should the order have changed since the
 * attempt began (the customer cancelled, another owner shipped it), the AWB is cancelled at the courier and the owner
 * told the order changed; should another process have settled the attempt already, its shipment is the answer.
 */
export async function adoptAwb(db: Db, attempt: Attempt, created: CreatedAwb, shipping: Shipping, invoicing: Invoicing | null): Promise<ShipmentRow | null> {
  const shipment = attempt.request as unknown as Shipment;
  try {
    return await db.transaction(async (tx) => {
      const [mine] = await tx
        .update(awbAttempts)
        .set({ state: 'done', awb: created.awb, request: SETTLED, leaseUntil: null })
        .where(and(eq(awbAttempts.id, attempt.id), eq(awbAttempts.state, 'creating')))
        .returning();
      if (!mine) return null;
      const [row] = await tx
        .insert(shipments)
        .values({
          orderId: attempt.orderId,
          courier: attempt.courier,
          awb: created.awb,
          reference: attempt.reference,
          parcelAwbs: created.parcels,
          parcels: shipment.parcels,
          weightGrams: shipment.weightGrams,
          cost: created.cost,
          cashOnDelivery: shipment.cashOnDelivery,
          declaredValue: shipment.declaredValue,
          lockerId: shipment.to.lockerId ?? null,
        })
        .returning();
      await tx.update(awbAttempts).set({ shipmentId: row!.id }).where(eq(awbAttempts.id, attempt.id));
      const changed = await changeOrderStatus(tx, attempt.orderId, 'shipped', {
        actor: 'owner',
        actorUserId: attempt.ownerId ?? undefined,
        version: attempt.orderVersion,
        set: { carrier: COURIER_NAMES[attempt.courier], trackingNumber: created.awb },
        invoicing,
      });
      if (changed !== 'changed') throw new OrderMovedOn();
      return row!;
    });
  } catch (error) {
    // The AWB exists at the courier but the order can no longer take it: cancelled there, so no parcel carries the
    // order's cash for nothing; the attempt failed.
    await shipping.couriers
      .get(attempt.courier)
      ?.cancel(created.awb)
      .catch(() => undefined);
    await db.update(awbAttempts).set({ state: 'failed', awb: created.awb, request: SETTLED, leaseUntil: null }).where(eq(awbAttempts.id, attempt.id));
    if (!(error instanceof OrderMovedOn)) throw error;
    const order = await orderView(db, attempt.orderId);
    throw new AppError('conflict', { id: 'admin.error.orderChangedMeanwhile', values: { status: order?.status ?? '' } }, 'stale');
  }
}

/** The order is no longer where the attempt found it: its AWB is not its shipment. */
class OrderMovedOn extends Error {}

type ShipmentRow = typeof shipments.$inferSelect;

/** Not settled yet: looked for again in CHECK_AGAIN_SECONDS, its lease given back. */
async function lookAgainLater(db: Db, id: string) {
  await db
    .update(awbAttempts)
    .set({ checkAt: sql`now() + make_interval(secs => ${CHECK_AGAIN_SECONDS})`, leaseUntil: null })
    .where(and(eq(awbAttempts.id, id), eq(awbAttempts.state, 'creating')));
}

/** Leases the attempts whose answer never came and whose look at the courier is due. */
async function takeDue(db: Db, limit: number) {
  const due = dueRows(db, {
    id: awbAttempts.id,
    from: awbAttempts,
    where: and(eq(awbAttempts.state, 'creating'), sql`${awbAttempts.checkAt} <= now()`, notLeased(awbAttempts.leaseUntil)),
    orderBy: awbAttempts.checkAt,
    limit,
  });
  return db
    .update(awbAttempts)
    .set({ leaseUntil: leaseEnd(LEASE_SECONDS) })
    .where(inArray(awbAttempts.id, due))
    .returning();
}

/**
 * One round: each attempt whose answer never came, looked for at its courier (Courier.findCreated, from a minute before
 * it began): made, it becomes the order's shipment (adoptAwb); not made, it failed; made without a number the shop can
 * know (Sameday), it is `unknown`, shown on the order's page for the owner to cancel at the courier. A courier that
 * cannot tell now is asked again later. Returns how many attempts were settled; throws the round's first failure.
 */
export async function checkAwbAttempts(db: Db, shipping: Shipping, invoicing: Invoicing | null): Promise<number> {
  let settled = 0;
  let failure: unknown = null;
  for (const attempt of await takeDue(db, 10)) {
    try {
      const courier = shipping.couriers.get(attempt.courier);
      if (!courier) throw new Error(`${attempt.courier} is no longer set up`);
      const found = await courier.findCreated(attempt.request as unknown as Shipment, new Date(attempt.createdAt.getTime() - 60_000));
      if ('madeUnknown' in found) {
        await db
          .update(awbAttempts)
          .set({ state: 'unknown', request: SETTLED, leaseUntil: null })
          .where(and(eq(awbAttempts.id, attempt.id), eq(awbAttempts.state, 'creating')));
      } else if (found.made === null && Date.now() - attempt.createdAt.getTime() >= NOT_MADE_AFTER_MS) await failAttempt(db, attempt.id);
      else if (found.made === null) await lookAgainLater(db, attempt.id);
      else await adoptAwb(db, attempt, found.made, shipping, invoicing).catch((error: unknown) => (error instanceof AppError ? null : Promise.reject(error)));
      settled += 1;
    } catch (error) {
      failure ??= error;
      await lookAgainLater(db, attempt.id);
    }
  }
  if (failure) throw failure;
  return settled;
}

/** An order's attempts still to settle or for the owner to see (being checked, or made without a number the shop knows). */
export async function awbAttemptsOfOrder(db: Db, orderId: string): Promise<AwbAttemptView[]> {
  const rows = await db
    .select()
    .from(awbAttempts)
    .where(and(eq(awbAttempts.orderId, orderId), inArray(awbAttempts.state, ['creating', 'unknown'])))
    .orderBy(awbAttempts.createdAt);
  return rows.map((row) => ({
    courier: row.courier,
    courierName: COURIER_NAMES[row.courier],
    reference: row.reference,
    state: row.state as 'creating' | 'unknown',
    createdAt: row.createdAt.toISOString(),
  }));
}
