import { desc, sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Attribution } from '../../domain/attribution';
import { LOCALES, type Locale } from '../../domain/locale';
import type { OrderLocker } from '../../domain/lockers';
import { ORDER_ACTORS, ORDER_STATUSES, type OrderActor, type OrderStatus, type PaymentMethod, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../domain/orders';
import { user } from './accounts';
import { products } from './catalog';
import { discountCodes } from './discounts';

/** 'pending', 'awaiting_payment', …: the domain's statuses as an SQL list (constants, so inlined). */
const statusList = sql.raw(ORDER_STATUSES.map((status) => `'${status}'`).join(', '));
const localeList = sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '));
const actorList = sql.raw(ORDER_ACTORS.map((actor) => `'${actor}'`).join(', '));
const withdrawalStatusList = sql.raw(WITHDRAWAL_STATUSES.map((status) => `'${status}'`).join(', '));

/** Order numbers people can read out on the phone: 10001, 10002, … (a rolled-back order skips one). */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 10001 });

/** PostgreSQL's 64-bit transaction id, read as a decimal string. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * One row per order. The spec's simple_orders fields (first_name … phone_number, total_amount) plus
 * what a real shop needs; the spec's order_items JSON text is replaced by order_lines.
 * All amounts are integer bani, computed by the server.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short number shown beside the id everywhere the order is. */
    number: integer('number').notNull().unique().default(sql`nextval('order_number_seq')`),
    /** One of domain/orders' ORDER_STATUSES; it changes only as ORDER_TRANSITIONS allows. */
    status: text('status').$type<OrderStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    country: text('country').notNull(),
    /** The county's code (domain/counties: CJ, B…); null for orders placed before counties were asked. */
    county: text('county'),
    city: text('city').notNull(),
    street: text('street').notNull(),
    streetNumber: text('street_number').notNull(),
    /** Block, staircase, floor, apartment ("bl. A3, sc. 2, et. 4, ap. 14"): the address's second line, when it has one. */
    addressLine2: text('address_line2'),
    postalCode: text('postal_code').notNull(),
    phoneNumber: text('phone_number').notNull(),
    subtotal: integer('subtotal').notNull(),
    shipping: integer('shipping').notNull(),
    /** The VAT rate of the shipping fee, in basis points (2100 = 21%; domain/vat), and the VAT in it (bani, extracted from the fee). */
    shippingVatRate: integer('shipping_vat_rate').notNull(),
    shippingVat: integer('shipping_vat').notNull(),
    /**
     * What a discount code took off the subtotal (bani; 0 without one), the code as the customer typed it in capitals, and
     * the code's row (issue 34, domain/discounts.ts). total = subtotal − discount + shipping.
     */
    discount: integer('discount').notNull().default(0),
    discountCode: text('discount_code'),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull().default('RON'),
    /** The language the customer ordered in (domain/locale: en, ro): their mails are written in it. Orders from before languages were English. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    /** The signed-in customer, when there was one; guest orders have none. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The browser's key for this submit: a retry or double click finds the same order. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Hash of the request the key was first used with; another request with the same key is refused. */
    requestHash: text('request_hash').notNull(),
    /** The Stripe Checkout Session that pays a card order. */
    stripeSessionId: text('stripe_session_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the customer confirmed the cash order from its mail's link (issue 47); null until then. */
    customerConfirmedAt: timestamp('customer_confirmed_at', { withTimezone: true }),
    /** When its customer was reminded to confirm it (COD_CONFIRM_REMINDER_MAIL): once at most (issue 47). */
    confirmRemindedAt: timestamp('confirm_reminded_at', { withTimezone: true }),
    /** Placed by the owner in the back office, for a customer who ordered by phone or message (issue 47). */
    placedByOwner: boolean('placed_by_owner').notNull().default(false),
    /**
     * Where it came from (issue 49, domain/attribution.ts orderChannel): its channel (`instagram`, an influencer's code's
     * channel, `direct`, `phone`) and campaign; null for orders placed before channels were kept. `attribution`: the
     * tab's first and last touch as the storefront sent them (cleaned), or null.
     */
    channel: text('channel'),
    campaign: text('campaign'),
    attribution: jsonb('attribution').$type<Attribution>(),
    /**
     * A paid card order the owner edited to a lower total (issue 47): what is owed back to the card and not yet refunded
     * through Stripe, and what was (both in bani).
     */
    editRefundDue: integer('edit_refund_due').notNull().default(0),
    editRefunded: integer('edit_refunded').notNull().default(0),
    /** The courier's locker it goes to (Sameday easybox), as the customer chose it at checkout; null: to the address. */
    locker: jsonb('locker').$type<OrderLocker>(),
    /** Set when shipped: the courier and the AWB (tracking number). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** Why it was cancelled (required to cancel). */
    cancelReason: text('cancel_reason'),
    /**
     * No longer read or written: an order's withdrawals are the `withdrawals` table's since issue 45 (migration 0038
     * copied them there and emptied the note and IBAN). Kept so a process of the previous release keeps working during
     * a deploy; a later migration can drop them.
     */
    withdrawalRequestedAt: timestamp('withdrawal_requested_at', { withTimezone: true }),
    withdrawalNote: text('withdrawal_note'),
    withdrawalIban: text('withdrawal_iban'),
    /** When the customer's details were erased from it (their account deleted, or their own request): name, email, phone, street gone. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /** Grows by one with every change: a change made from an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'orders_amounts_non_negative',
      sql`${t.subtotal} >= 0 and ${t.shipping} >= 0 and ${t.discount} between 0 and ${t.subtotal} and ${t.totalAmount} = ${t.subtotal} - ${t.discount} + ${t.shipping}`,
    ),
    check('orders_payment_method', sql`${t.paymentMethod} in ('cod', 'card')`),
    check('orders_status', sql`${t.status} in (${statusList})`),
    check('orders_locale', sql`${t.locale} in (${localeList})`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The back office's list: newest first, by status, and its searches (prefixes, lower case).
    index('orders_created_idx').on(desc(t.createdAt), desc(t.id)),
    index('orders_status_created_idx').on(t.status, desc(t.createdAt), desc(t.id)),
    index('orders_email_search_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('orders_last_name_search_idx').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    index('orders_first_name_search_idx').using('btree', sql`lower(${t.firstName}) text_pattern_ops`),
    index('orders_phone_search_idx').using('btree', sql`right(regexp_replace(${t.phoneNumber}, '[^0-9]', '', 'g'), 9)`),
    // The COD risk flag: returned orders by their phone and their email (issue 34).
    // A code's orders: once per contact, and its revenue on the Codes page.
    index('orders_discount_code_idx').on(t.discountCodeId).where(sql`${t.discountCodeId} is not null`),
    index('orders_returned_phone_idx').on(t.phoneNumber).where(sql`${t.status} = 'returned'`),
    index('orders_returned_email_idx').using('btree', sql`lower(${t.email})`).where(sql`${t.status} = 'returned'`),
  ],
);

/**
 * Contacts the owner takes no more cash on delivery from (issue 34): a phone number (E.164) or an email (lower case).
 * A cash order from one is refused politely at checkout; card payment stays open to it.
 */
export const codBlocks = pgTable(
  'cod_blocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<'phone' | 'email'>().notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [unique('cod_blocks_contact').on(t.kind, t.value), check('cod_blocks_kind', sql`${t.kind} in ('phone', 'email')`)],
);

/**
 * Every change of every order, in order: its placement (from null), each status change, who made
 * it and why. `tx` is the writing transaction's id: the back office's live stream reads events in
 * (tx, id) order and only below the oldest transaction still running, so an event that commits
 * late is never skipped (server/modules/admin). A trigger NOTIFYs `order_events` on every insert.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tx: xid8('tx').notNull().default(sql`pg_current_xact_id()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').$type<OrderActor>().notNull(),
    /** The owner who made it, for the owner's changes. */
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    note: text('note'),
  },
  (t) => [check('order_events_actor', sql`${t.actor} in (${actorList})`), index('order_events_order_idx').on(t.orderId, t.id), index('order_events_stream_idx').on(t.tx, t.id)],
);

/** A copy of each product line as it was sold: later price or name changes do not rewrite history. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's name as the customer read it, in the order's language (domain/productTexts). */
    name: text('name').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    /** Units taken from the product's stock for this line (0 when its stock was not counted): what a cancellation puts back. */
    stockTaken: integer('stock_taken').notNull().default(0),
    /** The colour chosen, for a product with colours; null for other products and for orders placed before colours travelled with lines. */
    colour: text('colour'),
    /** The colour as the customer read it, in the order's language (null: as `colour`, the colour's own name). */
    colourLabel: text('colour_label'),
    /** Units taken from that colour's own stock (0 when not counted): what a cancellation puts back to the colour. */
    colourStockTaken: integer('colour_stock_taken').notNull().default(0),
    /**
     * The VAT rate that applied, in basis points (2100 = 21%; domain/vat), and the VAT in the line's gross total
     * (unit price × quantity), in bani: an invoice can be made from the order alone. Lines of orders placed
     * before VAT was stored were given the standard rate of their order's date (19% before 1 August 2025).
     */
    vatRate: integer('vat_rate').notNull(),
    vatAmount: integer('vat_amount').notNull(),
  },
  (t) => [check('order_lines_quantity', sql`${t.quantity} between 1 and 99`), check('order_lines_unit_price', sql`${t.unitPrice} >= 0`), index('order_lines_order_idx').on(t.orderId)],
);

/**
 * A customer's withdrawal from (part of) an order through the withdrawal function (OUG 34/2014 art. 11¹, issue 45):
 * when the statement reached the shop (the refund's 14 days run from it), why, for an order paid in cash the IBAN the
 * refund goes to (electronic form, domain/iban.ts), and where its goods stand (domain/orders WITHDRAWAL_STATUSES). An
 * order may have several, for different units: `withdrawal_lines` says which.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    statedAt: timestamp('stated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the customer wrote as their reason (optional); erased with their details. */
    reason: text('reason'),
    /** For an order paid in cash, the account its refund is paid into; null for a card order or an unpaid one. */
    iban: text('iban'),
    status: text('status').$type<WithdrawalStatus>().notNull().default('requested'),
  },
  (t) => [check('withdrawals_status', sql`${t.status} in (${withdrawalStatusList})`), index('withdrawals_order_idx').on(t.orderId), index('withdrawals_stated_idx').on(desc(t.statedAt))],
);

/** Which units of which of its order's lines a withdrawal sends back, and how many of them the shop has received. */
export const withdrawalLines = pgTable(
  'withdrawal_lines',
  {
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    received: integer('received').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.withdrawalId, t.orderLineId] }),
    check('withdrawal_lines_quantity', sql`${t.quantity} between 1 and 99 and ${t.received} between 0 and ${t.quantity}`),
    index('withdrawal_lines_order_line_idx').on(t.orderLineId),
  ],
);

/** Stripe events already handled: a replayed or duplicated webhook changes nothing twice. */
/**
 * A card payment the owner must look at (issue 35): one whose amount or currency is not the order's
 * (`amount_mismatch`), or a second paid Checkout Session for an order already paid (`paid_twice`: refund it). What
 * Stripe charged, in the currency's smallest unit. One row per session and kind: a redelivered event adds none.
 */
export const paymentAlerts = pgTable(
  'payment_alerts',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['amount_mismatch', 'paid_twice'] }).notNull(),
    stripeSessionId: text('stripe_session_id').notNull(),
    amount: integer('amount'),
    currency: text('currency'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payment_alerts_session_kind').on(t.stripeSessionId, t.kind), index('payment_alerts_order').on(t.orderId)],
);

export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
