import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { shipmentEvents, shipments } from '../../../db/schema/shipping';
import { COURIER_NAMES, type CourierId } from '../../../domain/courier';
import { dueRows, leaseEnd, notLeased } from '../../leases';
import { everyFewSeconds, type Rounds } from '../../rounds';
import type { Invoicing } from '../invoices/service';
import { queueAwbCancelledMail } from '../mail/service';
import { changeOrderStatus, unship } from '../orders/status';
import { checkAwbAttempts } from './attempts';
import { settleCancels } from './cancelling';
import { eachCourierRound } from './courierRounds';
import type { Shipping } from './couriers';
import { prepareLabels } from './labels';
import { orderPickups } from './pickup';
import { checkReturnAwbs } from './returnAwbs';

/**
 * Following every parcel with its courier (issue 33): a job in every process asks the courier about each active AWB
 * every COURIER_TRACK_EVERY_MINUTES (30 by default), a few at a time (a lease, SKIP LOCKED, as the mail outbox), so two processes never ask
 * twice in one round. It keeps the courier's events (the order's timeline shows them), moves the order to delivered
 * or returned by itself (a refused parcel comes back: returned, its stock put back once, as the owner's change does),
 * and keeps a status it does not know for the owner to see, changing nothing.
 */

/** How many AWBs a process takes at once. */
const BATCH = 20;
/** How long a process has the AWBs it asks about. */
const LEASE_SECONDS = 300;

async function takeDue(db: Db, limit: number) {
  const due = dueRows(db, {
    id: shipments.id,
    from: shipments,
    where: and(eq(shipments.status, 'active'), sql`${shipments.trackAt} <= now()`, notLeased(shipments.trackLeaseUntil)),
    orderBy: shipments.trackAt,
    limit,
  });
  return db
    .update(shipments)
    .set({ trackLeaseUntil: leaseEnd(LEASE_SECONDS) })
    .where(inArray(shipments.id, due))
    .returning({
      id: shipments.id,
      orderId: shipments.orderId,
      courier: shipments.courier,
      awb: shipments.awb,
      cancelRequestedBy: shipments.cancelRequestedBy,
      cancelRequestedAt: shipments.cancelRequestedAt,
    });
}

/**
 * An AWB the courier says was cancelled (Sameday's expeditionSummary.canceled), never a parcel that came back: nothing
 * is returned, no stock comes back, no credit note. The order goes back to where Cancel AWB takes it, to be shipped
 * again, only while it is still shipped with it. The owner's own Cancel AWB whose end the shop missed (a cancellation
 * pending: cancelling.ts) is finished as theirs; one made at the courier's end (its own portal) is told to the owners.
 */
async function cancelledAtCourier(tx: DbOrTx, shipment: { orderId: string; courier: CourierId; awb: string; cancelRequestedAt: Date | null; cancelRequestedBy: string | null }) {
  const courier = COURIER_NAMES[shipment.courier];
  if (shipment.cancelRequestedAt) {
    await unship(tx, shipment.orderId, { actorUserId: shipment.cancelRequestedBy, note: `AWB ${shipment.awb} (${courier})`, awb: shipment.awb });
    return;
  }
  const back = await unship(tx, shipment.orderId, { actor: 'system', actorUserId: null, note: `AWB ${shipment.awb} (${courier}): cancelled at ${courier}`, awb: shipment.awb });
  if (back === 'changed') await queueAwbCancelledMail(tx, shipment.orderId, { awb: shipment.awb, courier });
}

/**
 * One round: the due AWBs this process can take, asked about one after another. Returns how many it asked about, or
 * throws the round's first failure once the others have been tried (a courier down: asked again next round).
 */
export async function trackShipments(db: Db, shipping: Shipping, invoicing: Invoicing | null): Promise<number> {
  const taken = await takeDue(db, BATCH);
  let failure: unknown = null;
  let tracked = 0;
  for (const shipment of taken) {
    const next = sql`now() + make_interval(secs => ${shipping.trackEverySeconds})`;
    try {
      const courier = shipping.couriers.get(shipment.courier);
      if (!courier) throw new Error(`${shipment.courier} is no longer set up`);
      const tracking = await courier.track(shipment.awb);
      await db.transaction(async (tx) => {
        if (tracking.events.length > 0) {
          await tx
            .insert(shipmentEvents)
            .values(tracking.events.map((event) => ({ shipmentId: shipment.id, at: new Date(event.at), code: event.code, label: event.label, location: event.location })))
            .onConflictDoNothing();
        }
        const last = tracking.events.at(-1);
        const said = last ? `${COURIER_NAMES[shipment.courier]}: ${last.label}` : null;
        if (tracking.state === 'delivered' || tracking.state === 'returned') {
          // Only from shipped: an order the owner moved on already is left as it is.
          await changeOrderStatus(tx, shipment.orderId, tracking.state, { actor: 'system', from: 'shipped', note: said, invoicing });
        }
        if (tracking.state === 'cancelled') await cancelledAtCourier(tx, shipment);
        const status = tracking.state === 'delivered' || tracking.state === 'returned' || tracking.state === 'cancelled' ? tracking.state : 'active';
        await tx
          .update(shipments)
          .set({
            status,
            ...(status === 'cancelled' ? { cancelRequestedAt: null, cancelRequestedBy: null } : {}),
            unknownStatus: tracking.state === 'unknown' ? (last ? `${last.code} ${last.label}` : '?') : null,
            deliveredAt: status === 'delivered' ? new Date(last?.at ?? Date.now()) : null,
            trackedAt: new Date(),
            trackAt: next,
            trackLeaseUntil: null,
          })
          .where(eq(shipments.id, shipment.id));
      });
      tracked += 1;
    } catch (error) {
      failure ??= error;
      await db.update(shipments).set({ trackAt: next, trackLeaseUntil: null }).where(eq(shipments.id, shipment.id));
    }
  }
  if (failure) throw failure;
  return tracked;
}

/** How often a courier that tells which parcels changed is asked (seconds), the window it takes, and how far back at most. */
const SYNC_EVERY_SECONDS = 120;
const SYNC_WINDOW_MS = 2 * 3600_000;
const SYNC_BACK_MS = 24 * 3600_000;

/**
 * Where a courier tells which parcels changed (Sameday's status-sync): asks it, one process at a time and every two
 * minutes, for the changes since it last did (in windows of two hours, a day back at most), and makes the active AWBs
 * among them due now, so a delivered parcel is seen within minutes instead of at its next turn. Returns how many AWBs
 * it made due.
 */
export function syncChangedParcels(db: Db, shipping: Shipping, now = new Date()): Promise<number> {
  return eachCourierRound(
    db,
    shipping,
    'sync',
    (courier) => courier.changedBetween?.bind(courier),
    async (id, changedBetween, round) => {
      const parcels = new Set<string>();
      let from = new Date(Math.max(round.syncedUntil?.getTime() ?? now.getTime() - SYNC_WINDOW_MS, now.getTime() - SYNC_BACK_MS));
      while (from < now) {
        const to = new Date(Math.min(from.getTime() + SYNC_WINDOW_MS, now.getTime()));
        for (const parcel of await changedBetween(from, to)) parcels.add(parcel);
        from = to;
      }
      let made = 0;
      if (parcels.size > 0) {
        // A parcel's number is its AWB's with three digits more (1SDY241067423001): either may be named.
        const numbers = [...parcels, ...[...parcels].map((parcel) => parcel.slice(0, -3))];
        made = (
          await db
            .update(shipments)
            .set({ trackAt: sql`now()` })
            .where(and(eq(shipments.courier, id), eq(shipments.status, 'active'), inArray(shipments.awb, numbers)))
            .returning({ id: shipments.id })
        ).length;
      }
      return { counted: made, nextInSeconds: SYNC_EVERY_SECONDS, progress: { syncedUntil: now } };
    },
    () => SYNC_EVERY_SECONDS,
  );
}

/** Looks for due AWBs every minute (or as often as they are due, when more often) until stopped; a failing round is logged. */
export function startTracking(db: Db, shipping: Shipping, invoicing: Invoicing | null, log: { warn(details: object, message: string): void }): Rounds {
  const round = async () => {
    // AWBs whose creation's or cancellation's answer never came, settled with the courier first (each failure on its own).
    const checked = await checkAwbAttempts(db, shipping, invoicing).catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'looking for an AWB at its courier failed'));
    await checkReturnAwbs(db, shipping).catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'looking for a return AWB at its courier failed'));
    const cancels = await settleCancels(db, shipping).catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'asking a courier again to cancel an AWB failed'));
    // The parcels the courier says changed first (due at once), then every due AWB; a failing sync does not hold them.
    const synced = await syncChangedParcels(db, shipping).catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'asking a courier which parcels changed failed'));
    const tracked = await trackShipments(db, shipping, invoicing);
    // The couriers' pickup orders (pickup.ts), then today's new AWBs' labels, kept for printing (labels.ts).
    await orderPickups(db, shipping).catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'ordering a courier’s pickup failed; trying again later'));
    await prepareLabels(db, shipping).catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'keeping the couriers’ labels failed'));
    return [checked, cancels, synced, tracked];
  };
  return everyFewSeconds(round, Math.min(60, shipping.trackEverySeconds) * 1000, (error) => log.warn({ reason: (error as Error).message }, 'tracking parcels failed; trying again later'));
}
