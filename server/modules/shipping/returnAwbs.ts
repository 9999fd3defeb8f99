import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { withdrawals } from '../../../db/schema/orders';
import { returnAwbs, shipments } from '../../../db/schema/shipping';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { COURIER_NAMES, type CourierId, courierAddress, courierPhone, returnReference } from '../../../domain/courier';
import { UUID_PATTERN } from '../../../domain/ids';
import { lockerLine } from '../../../domain/lockers';
import { AppError } from '../../errors';
import type { ServedFile } from '../../files';
import { CourierError, type CreatedAwb, type ReturnShipment } from '../../integrations/couriers/courier';
import { dueRows, leaseEnd, notLeased } from '../../leases';
import { orderForOwner } from '../orders/ownerOrder';
import { orderView } from '../orders/read';
import { goodsOnTheirWayBack } from '../orders/returns';
import { CHECK_AFTER_NO_ANSWER_SECONDS, CHECK_AGAIN_SECONDS, FIRST_CHECK_SECONDS, LEASE_SECONDS, NOT_MADE_AFTER_MS } from './attempts';
import type { Shipping } from './couriers';
import { courierLabel } from './labels';
import { lockerForOrder } from './lockers';
import { courierProblem, orderParcel } from './service';

/**
 * Create return AWB (issue 45): a withdrawal's goods picked up from the customer's address (or, at Sameday, left by
 * them in an easybox) and carried to the shop, with the courier the order went with, nothing to collect; its label
 * mailed to the customer. Written before the courier is asked and looked for there when its answer never came, as the
 * order's own AWBs are (attempts.ts, decision 0037): one live return AWB per withdrawal.
 */

type ReturnRow = typeof returnAwbs.$inferSelect;

/** What a settled row keeps of its request (the customer's name, phone and address): nothing. */
const SETTLED: Record<string, unknown> = {};

/** The courier of a return: the one the order's last AWB went with, else the default; null when none is set up. */
async function returnCourier(db: Db, orderId: string, shipping: Shipping): Promise<CourierId | null> {
  const [last] = await db
    .select({ courier: shipments.courier })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), ne(shipments.status, 'cancelled')))
    .orderBy(desc(shipments.createdAt))
    .limit(1);
  if (last && shipping.couriers.has(last.courier)) return last.courier;
  return shipping.defaultCourier;
}

/**
 * Asks the order's courier for the withdrawal's return AWB: `lockerId` an easybox the customer leaves the parcel in
 * (Sameday only), else a pickup at the order's address. Refused (409) unless the withdrawal's goods are still to be
 * sent; the courier's refusal changes nothing; no answer leaves the row to be looked for at the courier (503, said
 * so). Made, the withdrawal's goods are on their way back and the customer is mailed the label. Answers the order.
 */
export async function createReturnAwb(db: Db, withdrawalId: string, request: { lockerId?: string }, shipping: Shipping, owner: { id: string }): Promise<AdminOrder> {
  const [withdrawal] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (!withdrawal) throw new AppError('not_found', { id: 'admin.error.noSuchWithdrawal' });
  if (withdrawal.status !== 'requested') throw new AppError('conflict', { id: 'admin.error.returnNotRequested' }, 'not_requested');
  const order = (await orderView(db, withdrawal.orderId))!;
  // Goods not delivered yet are not with the customer: such a withdrawal is settled by cancelling the order.
  if (order.status !== 'delivered') throw new AppError('conflict', { id: 'admin.error.returnNotDelivered', values: { status: order.status } }, 'not_delivered');
  const courierId = await returnCourier(db, order.id, shipping);
  const courier = courierId ? shipping.couriers.get(courierId) : undefined;
  if (!courierId || !courier || !shipping.returnTo) throw new AppError('bad_request', { id: 'admin.return.problem.noCourier' }, 'courier_not_set_up');
  const from = courierAddress(order);
  if (!from) throw new AppError('bad_request', { id: 'admin.awb.problem.address' }, 'address_not_shippable');
  let locker: { id: string; name: string } | null = null;
  if (request.lockerId) {
    if (courierId !== 'sameday') throw new AppError('bad_request', { id: 'admin.return.problem.lockerCourier', values: { courier: COURIER_NAMES[courierId] } }, 'locker_courier');
    const found = await lockerForOrder(db, shipping, request.lockerId, 'card');
    locker = { id: found.id, name: lockerLine(found) };
  }
  // What goes back: the withdrawal's units, weighed and sized as their products are packed, worth what they cost.
  const units = order.withdrawals.find((item) => item.id === withdrawalId)?.lines ?? [];
  const lines = units.flatMap((unit) => {
    const line = order.lines.find((item) => item.id === unit.lineId);
    return line ? [{ ...line, quantity: unit.quantity }] : [];
  });
  const packed = await orderParcel(db, { ...order, lines }, shipping);
  const parcel: Omit<ReturnShipment, 'reference'> = {
    sender: { name: `${order.firstName} ${order.lastName}`.trim(), phone: courierPhone(order.phoneNumber), email: order.email, address: from },
    recipient: shipping.returnTo,
    ...(locker ? { lockerId: locker.id } : {}),
    parcels: 1,
    weightGrams: packed.weightGrams,
    dimensionsCm: packed.dimensionsCm,
    declaredValue: lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
    note: `Retur comanda ${order.number}`,
  };
  const row = await beginReturn(db, { withdrawalId, orderId: order.id, number: order.number }, courierId, parcel, locker, owner.id);
  let created: CreatedAwb;
  try {
    created = await courier.createReturn(row.parcel);
  } catch (error) {
    if (error instanceof CourierError && error.kind !== 'unavailable') {
      await settle(db, row.id, { state: 'failed' });
      throw courierProblem(error, courierId);
    }
    await db
      .update(returnAwbs)
      .set({ checkAt: sql`now() + make_interval(secs => ${CHECK_AFTER_NO_ANSWER_SECONDS})` })
      .where(and(eq(returnAwbs.id, row.id), eq(returnAwbs.state, 'creating')));
    throw new AppError('unavailable', { id: 'admin.awb.problem.courierSlow', values: { courier: COURIER_NAMES[courierId] } }, 'courier_slow', undefined, error);
  }
  await adoptReturn(db, row, created, shipping);
  // The label kept now, so the customer's link answers from the shop (fetched at their click otherwise).
  await returnLabel(db, row.id, shipping).catch(() => undefined);
  return orderForOwner(db, order.id);
}

/**
 * Writes the return AWB before the courier is asked, its reference the order's number with the next R suffix (every
 * return of the order before it counted). Refused (409) while the withdrawal has one being made or made.
 */
async function beginReturn(
  db: Db,
  withdrawal: { withdrawalId: string; orderId: string; number: number },
  courier: CourierId,
  parcel: Omit<ReturnShipment, 'reference'>,
  locker: { id: string; name: string } | null,
  ownerId: string,
): Promise<ReturnRow & { parcel: ReturnShipment }> {
  return db.transaction(async (tx) => {
    const [earlier] = await tx.select({ n: count() }).from(returnAwbs).where(eq(returnAwbs.orderId, withdrawal.orderId));
    const full: ReturnShipment = { ...parcel, reference: returnReference(withdrawal.number, earlier?.n ?? 0) };
    const [row] = await tx
      .insert(returnAwbs)
      .values({
        withdrawalId: withdrawal.withdrawalId,
        orderId: withdrawal.orderId,
        courier,
        reference: full.reference,
        request: full as unknown as Record<string, unknown>,
        lockerId: locker?.id ?? null,
        lockerName: locker?.name ?? null,
        ownerId,
        checkAt: sql`now() + make_interval(secs => ${FIRST_CHECK_SECONDS})`,
      })
      .onConflictDoNothing()
      .returning();
    // The withdrawal has a live one (the one-live index), or another request took the reference at the same moment.
    if (!row) throw new AppError('conflict', { id: 'admin.return.problem.exists' }, 'return_awb_exists');
    return { ...row, parcel: full };
  });
}

async function settle(db: Db, id: string, set: Partial<Pick<ReturnRow, 'state' | 'awb'>>) {
  await db
    .update(returnAwbs)
    .set({ ...set, request: SETTLED, leaseUntil: null })
    .where(and(eq(returnAwbs.id, id), eq(returnAwbs.state, 'creating')));
}

/**
 * The return AWB the courier made becomes the withdrawal's, in one transaction with its goods on their way back and
 * the customer's mail with the label. Should the withdrawal have moved on meanwhile (the owner said the customer sends
 * it themselves), the AWB is cancelled at the courier and the owner told (409); should another process have settled
 * the row already, nothing more is done.
 */
async function adoptReturn(db: Db, row: ReturnRow, created: CreatedAwb, shipping: Shipping): Promise<void> {
  const note = `Return AWB ${created.awb} with ${COURIER_NAMES[row.courier]}${row.lockerName ? `, left by the customer in ${row.lockerName}` : ', picked up at the customer’s address'}`;
  try {
    await db.transaction(async (tx) => {
      const [mine] = await tx
        .update(returnAwbs)
        .set({ state: 'made', awb: created.awb, request: SETTLED, leaseUntil: null })
        .where(and(eq(returnAwbs.id, row.id), eq(returnAwbs.state, 'creating')))
        .returning();
      if (mine) await goodsOnTheirWayBack(tx, row.withdrawalId, { actorUserId: row.ownerId ?? undefined, note, returnAwb: true });
    });
  } catch (error) {
    await shipping.couriers
      .get(row.courier)
      ?.cancel(created.awb)
      .catch(() => undefined);
    await db.update(returnAwbs).set({ state: 'failed', awb: created.awb, request: SETTLED, leaseUntil: null }).where(eq(returnAwbs.id, row.id));
    throw error;
  }
}

/**
 * One round: each return AWB whose answer never came, looked for at its courier (Courier.findReturn, from a minute
 * before it began), as checkAwbAttempts does for the orders' AWBs: made, it becomes the withdrawal's; not made, it
 * failed; made without a number the shop can know (Sameday), it is `unknown`, shown to the owner. Returns how many
 * were settled; throws the round's first failure.
 */
export async function checkReturnAwbs(db: Db, shipping: Shipping): Promise<number> {
  const due = dueRows(db, {
    id: returnAwbs.id,
    from: returnAwbs,
    where: and(eq(returnAwbs.state, 'creating'), sql`${returnAwbs.checkAt} <= now()`, notLeased(returnAwbs.leaseUntil)),
    orderBy: returnAwbs.checkAt,
    limit: 10,
  });
  const taken = await db
    .update(returnAwbs)
    .set({ leaseUntil: leaseEnd(LEASE_SECONDS) })
    .where(inArray(returnAwbs.id, due))
    .returning();
  let settled = 0;
  let failure: unknown = null;
  for (const row of taken) {
    try {
      const courier = shipping.couriers.get(row.courier);
      if (!courier) throw new Error(`${row.courier} is no longer set up`);
      const found = await courier.findReturn(row.request as unknown as ReturnShipment, new Date(row.createdAt.getTime() - 60_000));
      if ('madeUnknown' in found) await settle(db, row.id, { state: 'unknown' });
      else if (found.made === null && Date.now() - row.createdAt.getTime() >= NOT_MADE_AFTER_MS) await settle(db, row.id, { state: 'failed' });
      else if (found.made === null) await lookAgainLater(db, row.id);
      else await adoptReturn(db, row, found.made, shipping).catch((error: unknown) => (error instanceof AppError ? null : Promise.reject(error)));
      settled += 1;
    } catch (error) {
      failure ??= error;
      await lookAgainLater(db, row.id);
    }
  }
  if (failure) throw failure;
  return settled;
}

async function lookAgainLater(db: Db, id: string) {
  await db
    .update(returnAwbs)
    .set({ checkAt: sql`now() + make_interval(secs => ${CHECK_AGAIN_SECONDS})`, leaseUntil: null })
    .where(and(eq(returnAwbs.id, id), eq(returnAwbs.state, 'creating')));
}

/**
 * A return AWB's label, a PDF in A4 (what the customer prints at home): the one kept, or the courier's, then kept.
 * `key`: the customer's link key (its mail's link); without one, the owner's. 404 for no such made AWB or a wrong key.
 */
export async function returnLabel(db: Db, id: string, shipping: Shipping, key?: string): Promise<ServedFile> {
  const [row] = UUID_PATTERN.test(id) ? await db.select().from(returnAwbs).where(eq(returnAwbs.id, id)) : [];
  if (row?.state !== 'made' || !row.awb || (key !== undefined && key !== row.linkKey)) throw new AppError('not_found', { id: 'error.returnLabel.notFound' });
  const name = `AWB-retur-${row.awb}.pdf`;
  if (row.label) return { name, body: row.label };
  const label = await courierLabel(shipping, row.courier, row.awb, 'A4');
  await db.update(returnAwbs).set({ label }).where(eq(returnAwbs.id, row.id));
  return { name, body: label };
}
