import * as z from 'zod/mini';

// The back office's invoices (/api/admin/invoices). Amounts in bani, days YYYY-MM-DD.

/** Where an invoice stands for e-Factura: not yet checked, valid (it may be sent), or refused by a rule (not sent). */
export const INVOICE_CHECKS = ['checking', 'valid', 'invalid'] as const;

/** Where an invoice stands with ANAF, as the owner sees it. */
export const ANAF_STATES = ['unsent', 'sent', 'ok', 'nok'] as const;
export type AnafStateShown = (typeof ANAF_STATES)[number];

/** The Invoices page's filter: by ANAF state, or the invoices e-Factura would refuse (never sent). */
export const INVOICE_STATE_FILTERS = [...ANAF_STATES, 'invalid'] as const;

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
  /** Until ANAF accepts it: `due` the day before that day and on it (the owner is warned), `late` after it; else null. */
  reportUrgency: z.nullable(z.enum(['due', 'late'])),
  /**
   * Where it stands with ANAF: not sent; sent (uploaded, or being uploaded: ANAF processes it); ok (accepted, its
   * signed ZIP kept); nok (refused, with ANAF's errors).
   */
  anaf: z.enum(ANAF_STATES),
  anafErrors: z.array(z.string()),
  /** ANAF's index of the upload (index_incarcare), once it gave one. */
  anafIndex: z.nullable(z.string()),
  /** An invoice with its credit note (the order came back, or it was re-issued): it can no longer be re-issued. */
  credited: z.boolean(),
  /** The buyer as it names them (the re-issue form starts from it); county: its code (CJ, B). */
  buyer: z.object({ name: z.string(), street: z.string(), city: z.string(), county: z.string(), postalCode: z.string() }),
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

/**
 * GET /api/admin/anaf: whether invoices are reported to ANAF. `off`: no ANAF application is set up (ANAF_CLIENT_ID…);
 * `signed_out`: set up, but nobody has signed in (or ANAF no longer takes the sign-in: `problem`); `signed_in`.
 */
export const anafStatusSchema = z.object({
  reporting: z.enum(['off', 'signed_out', 'signed_in']),
  env: z.nullable(z.enum(['test', 'prod'])),
  signedInBy: z.nullable(z.string()),
  signedInAt: z.nullable(z.string()),
  /** The last day (ISO time) the sign-in can be renewed without the owner: each renewal moves it a year on. */
  signInEndsAt: z.nullable(z.string()),
  problem: z.nullable(z.string()),
});
export type AnafStatus = z.infer<typeof anafStatusSchema>;

/** POST /api/admin/anaf/sign-in: where to send the owner to sign in with their certificate. */
export const anafSignInSchema = z.object({ url: z.string() });

/**
 * The dashboard's e-Factura: whether invoices are reported to ANAF, and every invoice ANAF has not accepted yet (not
 * sent, sent, refused, or refused by e-Factura's own rules), the oldest first, with the last day to report it.
 */
export const invoiceReportingSchema = z.object({
  anaf: anafStatusSchema,
  toReport: z.array(invoiceRowSchema),
});
export type InvoiceReporting = z.infer<typeof invoiceReportingSchema>;

/** POST /api/admin/invoices/:id/reissue: the corrected invoice (its storno is issued first). */
export const reissuedSchema = z.object({ id: z.string(), documentId: z.string() });
