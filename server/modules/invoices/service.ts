import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { invoiceCounters, invoices } from '../../../db/schema/invoices';
import { lineName } from '../../../domain/catalog';
import type { OrderView } from '../../../domain/contracts/orders';
import { efacturaPlace, type InvoiceMoment, invoiceAction, invoiceAmounts, invoiceId, type SoldLine, seriesOf } from '../../../domain/invoice';
import type { InvoiceCorrection } from '../../../domain/invoiceCorrection';
import { bucharestDay } from '../../../domain/locale';
import type { ReturnCredit } from '../../../domain/returnCredit';
import type { CreditSettlement, UblDocument, UblSeller } from '../../../domain/ubl';
import { discountVatParts } from '../../../domain/vat';
import type { Config } from '../../env';
import { AppError } from '../../errors';

/**
 * Issuing invoices and credit notes, in the transaction of the order's change that calls for one (orders calls
 * `invoiceStatusChange` with the order's view: this module never reads orders itself). Numbers run without gaps.
 */

/** The shop's invoicing: its series, whether numbers restart each year, when a cash order is invoiced, and the seller. */
export interface Invoicing {
  series: string;
  restartEachYear: boolean;
  on: InvoiceMoment;
  seller: UblSeller;
}

type InvoicingSettings = Pick<
  Config,
  | 'INVOICE_SERIES'
  | 'INVOICE_NUMBERS_RESTART_YEARLY'
  | 'INVOICE_ON'
  | 'COMPANY_NAME'
  | 'COMPANY_CUI'
  | 'COMPANY_VAT_PAYER'
  | 'COMPANY_REG_NO'
  | 'COMPANY_STREET'
  | 'COMPANY_CITY'
  | 'COMPANY_COUNTY'
  | 'COMPANY_POSTAL_CODE'
  | 'COMPANY_EMAIL'
  | 'COMPANY_PHONE'
>;

export function invoicingFrom(config: InvoicingSettings): Invoicing {
  return {
    series: config.INVOICE_SERIES,
    restartEachYear: config.INVOICE_NUMBERS_RESTART_YEARLY,
    on: config.INVOICE_ON,
    seller: {
      name: config.COMPANY_NAME,
      cui: config.COMPANY_CUI.replace(/^RO/i, '').trim(),
      vatPayer: config.COMPANY_VAT_PAYER,
      registrationNumber: config.COMPANY_REG_NO,
      street: config.COMPANY_STREET,
      // loadConfig refuses a Bucharest office without its sector.
      place: efacturaPlace({ county: config.COMPANY_COUNTY, city: config.COMPANY_CITY, street: config.COMPANY_STREET })!,
      postalCode: config.COMPANY_POSTAL_CODE,
      email: config.COMPANY_EMAIL,
      phone: config.COMPANY_PHONE,
    },
  };
}

/** The transport line's name on an invoice. */
const SHIPPING_LINE = 'Transport';

/**
 * What an order's invoice says: the seller, the buyer and their address, each line and the shipping, the discount
 * code's allowances (its parts as the order's VAT took them off), the payment.
 */
export function orderDocument(order: OrderView, invoicing: Invoicing, head: Pick<UblDocument, 'kind' | 'id' | 'issueDate' | 'corrects'>): UblDocument {
  const sold: SoldLine[] = order.lines.map((line) => ({
    name: lineName(line.name, line.colour),
    quantity: line.quantity,
    unitGross: line.unitPrice,
    vatRate: line.vatRate,
    vatAmount: line.vatAmount,
  }));
  if (order.shipping > 0) sold.push({ name: SHIPPING_LINE, quantity: 1, unitGross: order.shipping, vatRate: order.shippingVatRate, vatAmount: order.shippingVat });
  const street = `${order.street} ${order.streetNumber}`.trim();
  // An address e-Factura cannot place (Bucharest without its sector, an order from before counties) is kept as it
  // is: the invoice is issued all the same, and validation names what to correct.
  const place = efacturaPlace({ county: order.county ?? '', city: order.city, street }) ?? { city: order.city, countySubentity: order.county ? `RO-${order.county}` : '' };
  return {
    ...head,
    deliveryDate: null,
    seller: invoicing.seller,
    buyer: { name: `${order.firstName} ${order.lastName}`.trim(), street, additionalStreet: order.addressLine2, place, postalCode: order.postalCode || null, email: order.email },
    amounts: invoiceAmounts(sold, invoicing.seller.vatPayer, order.discountCode ? { code: order.discountCode, parts: discountVatParts(order.lines, order.discount) } : undefined),
    payment: order.paymentMethod === 'card' ? { method: 'card', paid: order.total } : { method: 'cash' },
    notes: [`Comanda ${order.number}`],
  };
}

/**
 * The series' next number, from its counter row: locked until the transaction ends and rolled back with it, so
 * numbers are never skipped nor given twice (20 concurrent issues get 20 consecutive numbers).
 */
async function nextNumber(tx: DbOrTx, series: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

export interface IssuedInvoice {
  id: string;
  documentId: string;
  kind: 'invoice' | 'credit_note';
}

/** Numbers and writes a document of an order: `make` gives it from its number and issue day. */
async function issue(tx: DbOrTx, orderId: string, invoicing: Invoicing, at: Date, make: (head: { id: string; issueDate: string }) => UblDocument, correctsId?: string, withdrawalId?: string) {
  const issueDate = bucharestDay(at);
  const series = seriesOf(invoicing.series, invoicing.restartEachYear, Number(issueDate.slice(0, 4)));
  const number = await nextNumber(tx, series);
  const document = make({ id: invoiceId(series, number), issueDate });
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId,
      kind: document.kind === 'creditNote' ? 'credit_note' : 'invoice',
      series,
      number,
      documentId: document.id,
      issueDate,
      correctsId: correctsId ?? null,
      withdrawalId: withdrawalId ?? null,
      document,
    })
    .returning({ id: invoices.id, documentId: invoices.documentId, kind: invoices.kind });
  return row!;
}

type StandingInvoice = Pick<typeof invoices.$inferSelect, 'id' | 'orderId' | 'documentId' | 'issueDate' | 'document'>;

/**
 * The storno of a whole invoice (the same lines, buyer and seller as it says), numbered now, saying what happens to
 * the money (`settlement`); the invoice is marked credited.
 */
async function credit(tx: DbOrTx, invoice: StandingInvoice, invoicing: Invoicing, at: Date, settlement: CreditSettlement): Promise<IssuedInvoice> {
  await tx.update(invoices).set({ creditedAt: at }).where(eq(invoices.id, invoice.id));
  const corrects = { id: invoice.documentId, issueDate: invoice.issueDate };
  return issue(tx, invoice.orderId, invoicing, at, (head) => ({ ...invoice.document, ...head, kind: 'creditNote', corrects, settlement }), invoice.id);
}

/** An invoice credited because its order was cancelled or came back: what its card paid goes back; else nothing was paid. */
const settlementOf = (invoice: StandingInvoice): CreditSettlement => (invoice.document.payment.method === 'card' && invoice.document.payment.paid > 0 ? 'refundToCard' : 'cancelsUnpaid');

/** An order's standing invoice (not credited), locked until the transaction ends; null when it has none. */
async function standingInvoice(tx: DbOrTx, where: SQL): Promise<StandingInvoice | null> {
  const [invoice] = await tx
    .select({ id: invoices.id, orderId: invoices.orderId, documentId: invoices.documentId, issueDate: invoices.issueDate, document: invoices.document })
    .from(invoices)
    .where(and(where, eq(invoices.kind, 'invoice'), isNull(invoices.creditedAt)))
    .for('update');
  return invoice ?? null;
}

/**
 * Issues what an order's change into `to` calls for, in that change's transaction (the order's row is locked by
 * it): its invoice, once per order; or, when an invoiced order is cancelled or comes back, the credit note of its
 * standing invoice, once. Returns what it issued, or null.
 */
export async function invoiceStatusChange(tx: DbOrTx, order: OrderView, invoicing: Invoicing, at: Date): Promise<IssuedInvoice | null> {
  const action = invoiceAction(order.status, invoicing.on);
  if (!action) return null;
  if (action === 'issue') {
    const [any] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))
      .limit(1);
    return any ? null : issue(tx, order.id, invoicing, at, (head) => orderDocument(order, invoicing, { kind: 'invoice', ...head }));
  }
  const invoice = await standingInvoice(tx, eq(invoices.orderId, order.id));
  return invoice ? credit(tx, invoice, invoicing, at, settlementOf(invoice)) : null;
}

/** How a return's credit note pays its sum back: to the card, or by bank transfer to the customer's IBAN (absent when none was given). */
export type ReturnRefund = { settlement: 'refundToCard' } | { settlement: 'refundByTransfer'; refundTo?: string };

/**
 * The credit note of goods sent back with a withdrawal (issue 45), in the transaction that records them received:
 * only their lines (domain/returnCredit.ts: the units, their share of a discount code, the delivery once the whole order
 * is back), the buyer and seller as the order's standing invoice says, saying how the sum goes back. The invoice stays
 * standing for what was kept. Null when the order has no invoice (placed before the shop issued them).
 */
export async function creditReturn(tx: DbOrTx, order: OrderView, credit: ReturnCredit, refund: ReturnRefund, withdrawalId: string, invoicing: Invoicing, at: Date): Promise<IssuedInvoice | null> {
  const invoice = await standingInvoice(tx, eq(invoices.orderId, order.id));
  if (!invoice) return null;
  const sold: SoldLine[] = credit.lines.map((credited) => {
    const line = order.lines.find((item) => item.id === credited.lineId)!;
    return { name: lineName(line.name, line.colour), quantity: credited.quantity, unitGross: credited.unitGross, vatRate: credited.vatRate, vatAmount: credited.vatAmount };
  });
  if (credit.shipping) sold.push({ name: SHIPPING_LINE, quantity: 1, unitGross: credit.shipping.gross, vatRate: credit.shipping.vatRate, vatAmount: credit.shipping.vatAmount });
  const discount = order.discountCode && credit.discountParts.length > 0 ? { code: order.discountCode, parts: credit.discountParts } : undefined;
  const corrects = { id: invoice.documentId, issueDate: invoice.issueDate };
  return issue(
    tx,
    order.id,
    invoicing,
    at,
    (head) => ({ ...invoice.document, ...head, kind: 'creditNote', corrects, ...refund, amounts: invoiceAmounts(sold, invoice.document.seller.vatPayer, discount) }),
    invoice.id,
    withdrawalId,
  );
}

/**
 * An invoiced order the owner edited before it left (issue 47), in the edit's transaction: its standing invoice is
 * stornoed (replaced) and the order invoiced again as it now is, as Re-issue does. Null when it has no invoice yet.
 */
export async function reissueEdited(tx: DbOrTx, order: OrderView, invoicing: Invoicing, at: Date): Promise<IssuedInvoice | null> {
  const invoice = await standingInvoice(tx, eq(invoices.orderId, order.id));
  if (!invoice) return null;
  await credit(tx, invoice, invoicing, at, 'replaced');
  return issue(tx, order.id, invoicing, at, (head) => orderDocument(order, invoicing, { kind: 'invoice', ...head }));
}

/**
 * Re-issues a wrong invoice (the owner corrected the buyer; the seller as the settings say now): its storno first,
 * then the corrected invoice, in one transaction, both numbered from the series. Only an invoice still standing:
 * one already credited answers 409. Returns the new invoice.
 */
export async function reissue(db: Db, id: string, buyer: InvoiceCorrection, invoicing: Invoicing, at = new Date()): Promise<IssuedInvoice> {
  return db.transaction(async (tx) => {
    const invoice = await standingInvoice(tx, eq(invoices.id, id));
    if (!invoice) {
      const [exists] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id));
      if (!exists) throw new AppError('not_found', { id: 'admin.error.noSuchInvoice' });
      throw new AppError('conflict', { id: 'admin.error.invoiceNotStanding' }, 'invoice_not_standing');
    }
    // Its storno would credit again goods a return's credit note already credited.
    const [partly] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.correctsId, invoice.id), isNotNull(invoices.withdrawalId)))
      .limit(1);
    if (partly) throw new AppError('conflict', { id: 'admin.error.invoicePartlyCredited' }, 'invoice_partly_credited');
    await credit(tx, invoice, invoicing, at, 'replaced');
    const street = buyer.street;
    const corrected = { ...invoice.document.buyer, name: buyer.name, street, place: efacturaPlace({ county: buyer.county, city: buyer.city, street })!, postalCode: buyer.postalCode };
    return issue(tx, invoice.orderId, invoicing, at, (head) => ({ ...invoice.document, ...head, kind: 'invoice', corrects: undefined, seller: invoicing.seller, buyer: corrected }));
  });
}

/**
 * The owner sends a refused invoice again, the cause fixed (the CIF's rights in SPV, ANAF's own fault): it is
 * uploaded anew at the job's next round. Only a `nok` one: anything else is reported already or on its way.
 */
export async function sendAgain(db: DbOrTx, id: string): Promise<void> {
  const [invoice] = await db
    .update(invoices)
    .set({ anafState: 'unsent', anafErrors: null, anafZip: null, anafDoneAt: null, anafUploadIndex: null, anafNextAt: sql`now()` })
    .where(and(eq(invoices.id, id), eq(invoices.anafState, 'nok')))
    .returning({ id: invoices.id });
  if (invoice) return;
  const [exists] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, id));
  if (!exists) throw new AppError('not_found', { id: 'admin.error.noSuchInvoice' });
  throw new AppError('conflict', { id: 'admin.error.invoiceNotRefused' }, 'invoice_not_refused');
}
