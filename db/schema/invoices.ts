import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UblDocument } from '../../domain/ubl';

/** One reason e-Factura would refuse a document: its rule (BR-RO-101…, or XSD), the rule's message, and where. */
export interface InvoiceProblem {
  rule: string;
  message: string;
  location: string | null;
}
import { orders } from './orders';

/**
 * The last number each invoice series has given. Numbers come from this row, locked by the transaction that issues
 * the invoice (never a sequence, which skips a number when its transaction rolls back): a series runs without gaps.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Every invoice and credit note the shop issued, with what it says as issued (the document: seller, buyer, lines,
 * amounts, payment), never changed afterwards: its e-Factura XML and PDF are made from it (domain/ubl.ts).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    /** Series and number as written: SST-0042 (BT-1). */
    documentId: text('document_id').notNull(),
    /** The Bucharest day it was issued. */
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** A credit note's invoice. */
    correctsId: uuid('corrects_id').references((): AnyPgColumn => invoices.id),
    document: jsonb('document').$type<UblDocument>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its e-Factura XML, and what validation found in it (empty: valid), once checked (invoices/checking.ts). */
    xml: text('xml'),
    problems: jsonb('problems').$type<InvoiceProblem[]>(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** Until when the process checking it has it (another process takes it after, should that one have died). */
    checkLeaseUntil: timestamp('check_lease_until', { withTimezone: true }),
    /**
     * The secret part of the customer's link to its PDF (/api/invoices/:id/pdf?key=…, on their order page and in the
     * mails): 122 random bits, so the link cannot be guessed from the order or the invoice.
     */
    linkKey: text('link_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    unique('invoices_series_number').on(t.series, t.number),
    unique('invoices_document_id').on(t.documentId),
    // One invoice per order, and one credit note per invoice.
    uniqueIndex('invoices_one_per_order').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_one_credit_per_invoice').on(t.correctsId),
    index('invoices_issue_date_idx').on(t.issueDate),
    index('invoices_unchecked_idx').on(t.createdAt).where(sql`${t.checkedAt} is null`),
    check('invoices_kind', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_credit_corrects', sql`(${t.kind} = 'credit_note') = (${t.correctsId} is not null)`),
  ],
);
