import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REFUND_STATUSES, type RefundStatus } from '../../domain/orders';
import { invoices } from './invoices';
import { orders, withdrawals } from './orders';

const refundStatusList = sql.raw(REFUND_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * What the shop owes back for goods sent back (issue 45): one per return received, the amount of its credit note,
 * how it goes back (the card that paid, or a bank transfer to the IBAN of the withdrawal), by when (14 days from the
 * statement, OUG 34/2014 art. 13(1)) and where it stands (domain/orders REFUND_STATUSES). Written by the orders module.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    /** The credit note it pays out; null for an order invoiced before the shop issued invoices. */
    creditNoteId: uuid('credit_note_id')
      .unique()
      .references(() => invoices.id),
    /** In bani: the credit note's total. */
    amount: integer('amount').notNull(),
    method: text('method').$type<'card' | 'transfer'>().notNull(),
    /** A transfer's account (electronic form), as the customer gave it with the withdrawal; erased with their details. */
    iban: text('iban'),
    status: text('status').$type<RefundStatus>().notNull().default('due'),
    /** The last day (Bucharest) it may be paid: the withdrawal's refundDueDay. */
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    /** A card refund's id at Stripe, once asked for. */
    stripeRefundId: text('stripe_refund_id').unique(),
    /** The Bucharest day the money left: the transfer's, as the owner recorded it, or the day Stripe confirmed the card's. */
    paidOn: date('paid_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('refunds_amount', sql`${t.amount} > 0`),
    check('refunds_method', sql`${t.method} in ('card', 'transfer')`),
    check('refunds_status', sql`${t.status} in (${refundStatusList})`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_open_idx').on(t.dueDay).where(sql`${t.status} <> 'paid'`),
  ],
);
