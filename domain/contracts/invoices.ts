import * as z from 'zod/mini';

// The back office's invoices (/api/admin/invoices). Amounts in bani, days YYYY-MM-DD.

/** Where an invoice stands for e-Factura: not yet checked, valid (it may be sent), or refused by a rule (not sent). */
export const INVOICE_CHECKS = ['checking', 'valid', 'invalid'] as const;

export const invoiceRowSchema = z.object({
  id: z.string(),
  /** Series and number: SST-0042. */
  documentId: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  orderId: z.string(),
  orderNumber: z.int(),
  issueDate: z.string(),
  /** What the customer pays (a credit note: what is given back). */
  total: z.int(),
  check: z.enum(INVOICE_CHECKS),
  /** Why e-Factura would refuse it, rule by rule (BR-RO-101…, XSD). */
  problems: z.array(z.object({ rule: z.string(), message: z.string() })),
  /** The last day it may be reported to ANAF (5 working days after its issue). */
  reportDueDay: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** GET /api/admin/invoices?month=YYYY-MM: the month's invoices and credit notes, newest first. */
export const invoiceListSchema = z.object({ invoices: z.array(invoiceRowSchema) });

/** An order's invoice or credit note as its customer sees it: on their order page and in the mails, with its PDF's link. */
export const customerInvoiceSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  issueDate: z.string(),
  /** The PDF, for whoever has this path (it holds the invoice's random key): /api/invoices/{id}/pdf?key=… */
  pdfPath: z.string(),
});
export type CustomerInvoice = z.infer<typeof customerInvoiceSchema>;
