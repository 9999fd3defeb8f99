import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CourierId } from '../../domain/courier';
import { bytea } from './columns';
import { orders, withdrawals } from './orders';

/** Where a shipment stands: with the courier (on its way), delivered, coming back or back (returned), or cancelled. */
export type ShipmentStatus = 'active' | 'delivered' | 'returned' | 'cancelled';

/**
 * Every AWB the shop created with a courier (issue 33): for which order, its number and its parcels', what it costs,
 * the cash the courier collects, where it stands; tracked by a job in every process (a lease, as the mail outbox).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    courier: text('courier').$type<CourierId>().notNull(),
    awb: text('awb').notNull(),
    /** The AWB's reference at the courier: the order's number, with a suffix from the second AWB on. */
    reference: text('reference').notNull(),
    parcelAwbs: jsonb('parcel_awbs').$type<string[]>().notNull().default([]),
    parcels: integer('parcels').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    /** Bani: what the courier charges the shop (when it says), the cash it collects, the declared value. */
    cost: integer('cost'),
    cashOnDelivery: integer('cash_on_delivery').notNull(),
    declaredValue: integer('declared_value').notNull(),
    /** The locker it goes to (Sameday easybox), or null for the order's address. */
    lockerId: text('locker_id'),
    status: text('status').$type<ShipmentStatus>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The courier's last status the shop does not know (shown to the owner), or null. */
    unknownStatus: text('unknown_status'),
    /** When the tracking job next asks the courier, when it last did, and until when a process has it. */
    trackAt: timestamp('track_at', { withTimezone: true }).notNull().defaultNow(),
    trackedAt: timestamp('tracked_at', { withTimezone: true }),
    trackLeaseUntil: timestamp('track_lease_until', { withTimezone: true }),
    /** When the courier delivered it (its event's time), for the cash it then owes the shop. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The cash on delivery the courier paid out to the shop for it (bani) and on which day, as the courier reports it. */
    cashPaid: integer('cash_paid'),
    cashPaidOn: date('cash_paid_on', { mode: 'string' }),
    /**
     * When the owner's Cancel AWB was written, before the courier was asked (issue 43, item 18): while set, the
     * courier's cancellation and the shop's change may have come apart, and the next look puts them together.
     */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelRequestedBy: text('cancel_requested_by'),
    /**
     * Its labels as the courier gave them (PDFs, A6 and A4), fetched once by the tracking round soon after the AWB is
     * made, or at its first print: the day's labels are then merged without asking the courier (labels.ts).
     */
    labelA6: bytea('label_a6'),
    labelA4: bytea('label_a4'),
  },
  (t) => [
    unique('shipments_courier_awb').on(t.courier, t.awb),
    index('shipments_order_idx').on(t.orderId),
    index('shipments_to_track_idx').on(t.trackAt).where(sql`${t.status} = 'active'`),
    check('shipments_status', sql`${t.status} in ('active', 'delivered', 'returned', 'cancelled')`),
  ],
);

/**
 * Where an attempt to create an AWB stands: `creating` (written before the courier is asked: its answer has not come,
 * or a process died waiting), `done` (the AWB exists and is the shipment's), `failed` (the courier made none), or
 * `unknown` (the courier made one but never said which: Sameday refusing the reference again; the owner is told).
 */
export type AwbAttemptState = 'creating' | 'done' | 'failed' | 'unknown';

/**
 * Every attempt to create an AWB (issue 43, item 17), written before the courier is called: its reference (never used
 * twice), the courier, what was sent (the courier's Shipment) and the order's version then. An attempt whose answer
 * never came is looked for at the courier (tracking.ts) before another may be made: one live AWB per shipment.
 */
export const awbAttempts = pgTable(
  'awb_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    courier: text('courier').$type<CourierId>().notNull(),
    reference: text('reference').notNull(),
    /** The Shipment sent to the courier, and the AWB request's other fields, as JSON (sent again when looked for). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    orderVersion: integer('order_version').notNull(),
    state: text('state').$type<AwbAttemptState>().notNull().default('creating'),
    /** The AWB it made, once known, and the shipment recording it. */
    awb: text('awb'),
    shipmentId: uuid('shipment_id').references(() => shipments.id),
    ownerId: text('owner_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it is next looked for at the courier, and until when a process has it. */
    checkAt: timestamp('check_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    unique('awb_attempts_reference').on(t.courier, t.reference),
    // One attempt at a time per order: another waits until this one's outcome is known.
    uniqueIndex('awb_attempts_one_creating').on(t.orderId).where(sql`${t.state} = 'creating'`),
    index('awb_attempts_order_idx').on(t.orderId),
    check('awb_attempts_state', sql`${t.state} in ('creating', 'done', 'failed', 'unknown')`),
  ],
);

/**
 * Where a return AWB stands: `creating` (written before the courier is asked: its answer has not come, or a process
 * died waiting), `made` (the courier made it: the goods are on their way back), `failed` (it made none), `unknown` (it
 * made one without saying which: Sameday refusing the reference again; the owner looks in its portal).
 */
export type ReturnAwbState = 'creating' | 'made' | 'failed' | 'unknown';

/**
 * The return AWBs the owner asked a courier for (issue 45): a withdrawal's goods picked up from the customer (or left
 * in an easybox) and carried to the shop, nothing to collect. Written before the courier is called, as awb_attempts
 * are (decision 0037), and looked for at the courier when its answer never came. Its label is kept once fetched, and
 * reached by the customer with the link key the mail gives.
 */
export const returnAwbs = pgTable(
  'return_awbs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    courier: text('courier').$type<CourierId>().notNull(),
    reference: text('reference').notNull(),
    /** The ReturnShipment sent (the customer's name, phone and address): emptied once settled. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** The easybox the customer leaves the parcel in (Sameday): its id, and its name and address as the customer reads them; null for a pickup at their address. */
    lockerId: text('locker_id'),
    lockerName: text('locker_name'),
    state: text('state').$type<ReturnAwbState>().notNull().default('creating'),
    awb: text('awb'),
    /** The label as a PDF in A4 (what a customer prints at home), once fetched. */
    label: bytea('label'),
    linkKey: text('link_key').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    ownerId: text('owner_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkAt: timestamp('check_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    unique('return_awbs_reference').on(t.courier, t.reference),
    // One return AWB per withdrawal, being made or made: another waits for its outcome, or is refused.
    uniqueIndex('return_awbs_one_live').on(t.withdrawalId).where(sql`${t.state} in ('creating', 'made')`),
    index('return_awbs_order_idx').on(t.orderId),
    check('return_awbs_state', sql`${t.state} in ('creating', 'made', 'failed', 'unknown')`),
  ],
);

/** The courier's events about a shipment, as it reported them (its time, code, words and place): the order's timeline shows them. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    location: text('location').notNull().default(''),
  },
  // An event reported again (every poll gives the whole history) is written once.
  (t) => [unique('shipment_events_once').on(t.shipmentId, t.at, t.code)],
);

/**
 * A courier's periodic work that is the whole account's, not an AWB's: its payouts, its lockers, which parcels changed,
 * its pickup order (Cargus: the courier comes for the day's parcels once the order is launched).
 */
export type CourierRound = 'cash' | 'lockers' | 'sync' | 'pickup';

/**
 * Each courier's periodic work (CourierRound), one row each: when to do it next, until when a process has it (so two
 * processes never do it at once), and for the payouts the days asked about for good (every day up to it, once it had
 * ended).
 */
export const courierRounds = pgTable(
  'courier_rounds',
  {
    courier: text('courier').$type<CourierId>().notNull(),
    kind: text('kind').$type<CourierRound>().notNull(),
    checkedThrough: date('checked_through', { mode: 'string' }),
    /** Until when the courier's changes have been asked for (Sameday's status-sync). */
    syncedUntil: timestamp('synced_until', { withTimezone: true }),
    /** The last pickup order launched (Cargus's order number) and when. */
    pickupOrderedAt: timestamp('pickup_ordered_at', { withTimezone: true }),
    pickupOrder: text('pickup_order'),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.courier, t.kind] })],
);

/**
 * The couriers' lockers (Sameday easybox), as the courier lists them, loaded once a day (lockers.ts): the checkout
 * lists those of a city. A locker the courier no longer lists is removed; the orders keep the one chosen as it was.
 */
export const lockers = pgTable(
  'lockers',
  {
    courier: text('courier').$type<CourierId>().notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    /** Its county's code (CJ, B…), or null when the courier names a county the shop does not know. */
    county: text('county'),
    /** The locality as the courier names it (Bucharest's sectors as "Sectorul 4"). */
    city: text('city').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    /** It takes cash on delivery (paid by card at the locker). */
    acceptsCash: boolean('accepts_cash').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.courier, t.id] }), index('lockers_place_idx').on(t.courier, t.county, t.city)],
);
