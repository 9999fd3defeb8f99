import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UblDocument } from '../../domain/ubl';
import { bytea } from './columns';

/** Where an invoice stands with ANAF's RO e-Factura. */
export type AnafState = 'unsent' | 'uploading' | 'sent' | 'ok' | 'nok';

/** One reason e-Factura would refuse a document: its rule (BR-RO-101…, or XSD), the rule's message, and where. */
export interface InvoiceProblem {
  rule: string;
  message: string;
  location: string | null;
}

import { orders, withdrawals } from './orders';

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
    /**
     * A credit note of goods sent back: the withdrawal they came back with (issue 45). It credits only them, and leaves
     * its invoice standing for the rest; an invoice may have several.
     */
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
    /** When an invoice got its credit note (the order came back or was cancelled, or the owner re-issued it). */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
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
    linkKey: text('link_key').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /**
     * Where it stands with ANAF (invoices/reporting.ts): `unsent`; `uploading` (an upload began: it may have reached
     * ANAF, so it is looked for there before any new upload); `sent` (ANAF gave its index and processes it); `ok`
     * (accepted, its signed ZIP kept); `nok` (refused, with ANAF's errors).
     */
    anafState: text('anaf_state').$type<AnafState>().notNull().default('unsent'),
    /** ANAF's index of the upload (index_incarcare), kept before anything else is tried. */
    anafUploadIndex: text('anaf_upload_index'),
    /** When the last upload began, and when ANAF's answer came. */
    anafUploadStartedAt: timestamp('anaf_upload_started_at', { withTimezone: true }),
    anafUploadedAt: timestamp('anaf_uploaded_at', { withTimezone: true }),
    /** ANAF's errors for a refused invoice. */
    anafErrors: jsonb('anaf_errors').$type<string[]>(),
    /** ANAF's ZIP of the processed invoice (the invoice and ANAF's signature, or its errors): ANAF deletes it after 60 days. */
    anafZip: bytea('anaf_zip'),
    /** When ANAF answered for good (ok or nok). */
    anafDoneAt: timestamp('anaf_done_at', { withTimezone: true }),
    /** When the job next looks at it, how many times it has tried, and its status calls today (ANAF allows 100 a message a day). */
    anafNextAt: timestamp('anaf_next_at', { withTimezone: true }).notNull().defaultNow(),
    anafAttempts: integer('anaf_attempts').notNull().default(0),
    anafStatusDay: date('anaf_status_day', { mode: 'string' }),
    anafStatusCalls: integer('anaf_status_calls').notNull().default(0),
    /**
     * Until when a process reporting it has it (as the mail outbox's leases, renewed while it works), and which take
     * of it that is: a process writes the invoice only while the lease is still its own.
     */
    anafLeaseUntil: timestamp('anaf_lease_until', { withTimezone: true }),
    anafLeaseId: text('anaf_lease_id'),
  },
  (t) => [
    unique('invoices_series_number').on(t.series, t.number),
    unique('invoices_document_id').on(t.documentId),
    // One standing invoice per order (a re-issued one is credited first), and one whole credit note per invoice (the
    // credit notes of goods sent back credit parts of it).
    uniqueIndex('invoices_one_per_order').on(t.orderId).where(sql`${t.kind} = 'invoice' and ${t.creditedAt} is null`),
    uniqueIndex('invoices_one_credit_per_invoice').on(t.correctsId).where(sql`${t.withdrawalId} is null`),
    index('invoices_withdrawal_idx').on(t.withdrawalId).where(sql`${t.withdrawalId} is not null`),
    index('invoices_issue_date_idx').on(t.issueDate),
    index('invoices_unchecked_idx').on(t.createdAt).where(sql`${t.checkedAt} is null`),
    index('invoices_to_report_idx').on(t.anafNextAt).where(sql`${t.anafState} in ('unsent', 'uploading', 'sent')`),
    check('invoices_anaf_state', sql`${t.anafState} in ('unsent', 'uploading', 'sent', 'ok', 'nok')`),
    check('invoices_kind', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_credit_corrects', sql`(${t.kind} = 'credit_note') = (${t.correctsId} is not null)`),
  ],
);

/**
 * The shop's sign-in to ANAF (one row): the OAuth tokens, encrypted (invoices/anafTokens.ts), when each ends, and
 * until when a process is refreshing them (one refresh at a time across processes: ANAF's refresh token rotates).
 */
export const anafConnection = pgTable(
  'anaf_connection',
  {
    id: integer('id').primaryKey().default(1),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    connectedBy: text('connected_by').notNull(),
    refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
    /** Why the last refresh failed (the owner must sign in again), or null. */
    problem: text('problem'),
  },
  (t) => [check('anaf_connection_one_row', sql`${t.id} = 1`)],
);
