import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, type OrderStatus, type PaymentMethod } from '../../domain/orders';
import { user } from './accounts';
import { products } from './catalog';

/** 'pending', 'awaiting_payment', …: the domain's statuses as an SQL list (constants, so inlined). */
const statusList = sql.raw(ORDER_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * One row per order. The spec's simple_orders fields (first_name … phone_number, total_amount) plus
 * what a real shop needs; the spec's order_items JSON text is replaced by order_lines.
 * All amounts are integer bani, computed by the server.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One of domain/orders' ORDER_STATUSES; it changes only as ORDER_TRANSITIONS allows. */
    status: text('status').$type<OrderStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    streetNumber: text('street_number').notNull(),
    postalCode: text('postal_code').notNull(),
    phoneNumber: text('phone_number').notNull(),
    subtotal: integer('subtotal').notNull(),
    shipping: integer('shipping').notNull(),
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull().default('RON'),
    /** The signed-in customer, when there was one; guest orders have none. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The browser's key for this submit: a retry or double click finds the same order. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Hash of the request the key was first used with; another request with the same key is refused. */
    requestHash: text('request_hash').notNull(),
    /** The Stripe Checkout Session that pays a card order. */
    stripeSessionId: text('stripe_session_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_amounts_non_negative', sql`${t.subtotal} >= 0 and ${t.shipping} >= 0 and ${t.totalAmount} = ${t.subtotal} + ${t.shipping}`),
    check('orders_payment_method', sql`${t.paymentMethod} in ('cod', 'card')`),
    check('orders_status', sql`${t.status} in (${statusList})`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
  ],
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
    name: text('name').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    check('order_lines_quantity', sql`${t.quantity} between 1 and 99`),
    check('order_lines_unit_price', sql`${t.unitPrice} >= 0`),
    index('order_lines_order_idx').on(t.orderId),
  ],
);

/** Stripe events already handled: a replayed or duplicated webhook changes nothing twice. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
