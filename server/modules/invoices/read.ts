import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { strToU8 } from 'fflate';
import type { DbOrTx } from '../../../db/client';
import { anafConnection, invoices } from '../../../db/schema/invoices';
import { orders } from '../../../db/schema/orders';
import type { AnafStatus, CustomerInvoice, INVOICE_STATE_FILTERS, InvoiceReporting, InvoiceRow } from '../../../domain/contracts/invoices';
import { UUID_PATTERN } from '../../../domain/ids';
import { reportDueDay, reportUrgency } from '../../../domain/invoice';
import { bucharestDay } from '../../../domain/locale';
import { AppError } from '../../errors';
import { type ServedFile, zipFile } from '../../files';

/**
 * Invoices as they are read: the owner's list, the files (PDF, XML, ANAF's ZIP, a month's archive), the customer's
 * links, and where reporting to ANAF stands. Issuing them is service.ts's.
 */
/** Which invoices the owner lists: a month's (YYYY-MM, Bucharest days), an order's, or (neither) the newest. */
export interface InvoiceFilter {
  month?: string;
  orderId?: string;
  /** Where it stands with ANAF, or `invalid`: refused by e-Factura's rules, never sent. */
  state?: (typeof INVOICE_STATE_FILTERS)[number];
  /** Only those ANAF has not accepted (yet). */
  unreported?: boolean;
}

/** The rows of a state filter ("sent" includes an upload whose answer has not come yet). */
function stateCondition(state: InvoiceFilter['state']) {
  if (!state) return undefined;
  if (state === 'invalid') return sql`jsonb_array_length(${invoices.problems}) > 0`;
  if (state === 'unsent') return and(eq(invoices.anafState, 'unsent'), sql`coalesce(jsonb_array_length(${invoices.problems}), 0) = 0`);
  return inArray(invoices.anafState, state === 'sent' ? ['uploading', 'sent'] : [state]);
}

/** The invoices and credit notes the filter names, at most the newest 500, newest first, for the owner. */
export async function listInvoices(db: DbOrTx, filter: InvoiceFilter = {}): Promise<InvoiceRow[]> {
  const rows = await db
    .select({
      id: invoices.id,
      documentId: invoices.documentId,
      kind: invoices.kind,
      orderId: invoices.orderId,
      orderNumber: orders.number,
      issueDate: invoices.issueDate,
      document: invoices.document,
      problems: invoices.problems,
      checkedAt: invoices.checkedAt,
      anafState: invoices.anafState,
      anafErrors: invoices.anafErrors,
      anafIndex: invoices.anafUploadIndex,
      creditedAt: invoices.creditedAt,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(
        filter.month ? sql`to_char(${invoices.issueDate}, 'YYYY-MM') = ${filter.month}` : undefined,
        filter.orderId ? eq(invoices.orderId, filter.orderId) : undefined,
        stateCondition(filter.state),
        filter.unreported ? ne(invoices.anafState, 'ok') : undefined,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(500);
  const today = bucharestDay(new Date());
  return rows.map(({ document, problems, checkedAt, anafState, anafErrors, creditedAt, ...row }) => ({
    ...row,
    credited: creditedAt !== null,
    buyer: {
      name: document.buyer.name,
      street: document.buyer.street,
      city: document.buyer.place.city,
      county: document.buyer.place.countySubentity.replace(/^RO-/, ''),
      postalCode: document.buyer.postalCode ?? '',
    },
    reportUrgency: anafState === 'ok' ? null : reportUrgency(reportDueDay(row.issueDate), today),
    anaf: anafState === 'uploading' ? 'sent' : anafState,
    anafErrors: anafErrors ?? [],
    total: document.amounts.gross,
    check: checkedAt === null ? 'checking' : (problems ?? []).length === 0 ? 'valid' : 'invalid',
    problems: (problems ?? []).map(({ rule, message }) => ({ rule, message })),
    reportDueDay: reportDueDay(row.issueDate),
  }));
}

/** An invoice's PDF (made from its document) or its e-Factura XML (once checked); null for no such invoice. */
export async function invoiceFile(db: DbOrTx, id: string, form: 'pdf' | 'xml'): Promise<ServedFile | null> {
  const [invoice] = await db.select({ documentId: invoices.documentId, document: invoices.document, xml: invoices.xml }).from(invoices).where(eq(invoices.id, id));
  if (!invoice) return null;
  if (form === 'pdf') return { name: `${invoice.documentId}.pdf`, body: await (await import('./pdf')).invoicePdf(invoice.document) };
  if (invoice.xml === null) throw new AppError('conflict', { id: 'admin.error.invoiceBeingChecked' }, 'invoice_being_checked');
  return { name: `${invoice.documentId}.xml`, body: invoice.xml };
}

/** The path of an invoice's PDF for its customer: unguessable (its random key), so only those it was given to have it. */
function customerPdfPath(id: string, linkKey: string): string {
  return `/api/invoices/${id}/pdf?key=${linkKey}`;
}

/** Each order's invoice and credit notes, in the order they were issued, with the customer's link to each PDF. */
export async function invoicesOfOrders(db: DbOrTx, orderIds: string[]): Promise<Map<string, CustomerInvoice[]>> {
  const byOrder = new Map<string, CustomerInvoice[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ id: invoices.id, orderId: invoices.orderId, documentId: invoices.documentId, kind: invoices.kind, issueDate: invoices.issueDate, linkKey: invoices.linkKey })
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(asc(invoices.createdAt), asc(invoices.number));
  for (const { orderId, linkKey, ...invoice } of rows) {
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), { ...invoice, pdfPath: customerPdfPath(invoice.id, linkKey) }]);
  }
  return byOrder;
}

/** An invoice's PDF for whoever has its customer link; null for no such invoice or a wrong key (the same answer). */
export async function customerInvoicePdf(db: DbOrTx, id: string, key: string): Promise<ServedFile | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [invoice] = await db.select({ linkKey: invoices.linkKey }).from(invoices).where(eq(invoices.id, id));
  if (!invoice || invoice.linkKey.length !== key.length || !timingSafeEqual(Buffer.from(invoice.linkKey), Buffer.from(key))) return null;
  return invoiceFile(db, id, 'pdf');
}

/** ANAF's ZIP of a reported invoice (the invoice with ANAF's signature, or its errors); null before ANAF answered. */
export async function anafZipFile(db: DbOrTx, id: string): Promise<ServedFile | null> {
  const [invoice] = await db.select({ documentId: invoices.documentId, zip: invoices.anafZip }).from(invoices).where(eq(invoices.id, id));
  return invoice?.zip ? { name: `${invoice.documentId}-anaf.zip`, body: invoice.zip } : null;
}

/** Whether invoices are reported to ANAF (`anaf`: the reporting set up, or null), and the sign-in's state. */
export async function anafStatus(db: DbOrTx, anaf: { client: { env: 'test' | 'prod' } } | null): Promise<AnafStatus> {
  const [signedIn] = anaf
    ? await db.select({ by: anafConnection.connectedBy, at: anafConnection.connectedAt, endsAt: anafConnection.refreshExpiresAt, problem: anafConnection.problem }).from(anafConnection)
    : [];
  return {
    reporting: !anaf ? 'off' : signedIn && !signedIn.problem ? 'signed_in' : 'signed_out',
    env: anaf?.client.env ?? null,
    signedInBy: signedIn?.by ?? null,
    signedInAt: signedIn?.at.toISOString() ?? null,
    signInEndsAt: signedIn?.endsAt.toISOString() ?? null,
    problem: signedIn?.problem ?? null,
  };
}

/** The dashboard's e-Factura: the reporting's state and the invoices ANAF has not accepted, oldest first. */
export async function invoiceReporting(db: DbOrTx, anaf: { client: { env: 'test' | 'prod' } } | null): Promise<InvoiceReporting> {
  const [status, unreported] = await Promise.all([anafStatus(db, anaf), listInvoices(db, { unreported: true })]);
  return { anaf: status, toReport: unreported.reverse() };
}

/**
 * A month's invoices and credit notes for the accountant, as one ZIP: each one's PDF, its e-Factura XML (once checked)
 * and ANAF's signed ZIP (once ANAF answered), named by their number; null for a month without any. Sent as it is made,
 * a PDF at a time: a month of many invoices never leaves the connection idle long enough to be cut.
 */
export async function monthArchive(db: DbOrTx, month: string): Promise<ServedFile | null> {
  const rows = await db
    .select({ documentId: invoices.documentId, document: invoices.document, xml: invoices.xml, anafZip: invoices.anafZip })
    .from(invoices)
    .where(sql`to_char(${invoices.issueDate}, 'YYYY-MM') = ${month}`)
    .orderBy(asc(invoices.series), asc(invoices.number));
  if (rows.length === 0) return null;
  const { invoicePdf } = await import('./pdf');
  async function* files(): AsyncGenerator<[string, Uint8Array]> {
    for (const row of rows) {
      yield [`${row.documentId}.pdf`, await invoicePdf(row.document)];
      if (row.xml !== null) yield [`${row.documentId}.xml`, strToU8(row.xml)];
      if (row.anafZip !== null) yield [`${row.documentId}-anaf.zip`, row.anafZip];
    }
  }
  return { name: `facturi-${month}.zip`, body: zipFile(files()) };
}
