import * as z from 'zod/mini';
import { orderLockerSchema } from '../lockers';
import { ORDER_STATUSES, PAYMENT_METHODS, REFUND_STATUSES, WITHDRAWAL_STATUSES } from '../orders';
import { customerInvoiceSchema } from './invoices';

const bani = z.int().check(z.nonnegative());

/**
 * A withdrawal from (part of) the order (issue 45): when the statement reached the shop (ISO 8601), why, the IBAN a
 * cash order's refund goes to (electronic form), where its goods stand, the last day its refund is due (YYYY-MM-DD,
 * domain/withdrawal.ts' refundDueDay), and which units of which lines (`lineId`: the order's `lines[].id`), with how
 * many of them the shop has received.
 */
export const withdrawalViewSchema = z.object({
  id: z.string(),
  statedAt: z.string(),
  reason: z.nullable(z.string()),
  iban: z.nullable(z.string()),
  status: z.enum(WITHDRAWAL_STATUSES),
  refundDueDay: z.string(),
  lines: z.array(z.object({ lineId: z.int(), quantity: z.int(), received: z.int() })),
  /**
   * What its goods received back are owed, one per return received: the amount (its credit note's total, bani), to
   * the card or by bank transfer, where it stands, its last day and the day it was paid, and the credit note's number.
   */
  refunds: z.array(
    z.object({
      id: z.string(),
      amount: bani,
      method: z.enum(['card', 'transfer']),
      status: z.enum(REFUND_STATUSES),
      dueDay: z.string(),
      paidOn: z.nullable(z.string()),
      creditNote: z.nullable(z.string()),
    }),
  ),
  /**
   * The return AWB the owner asked the courier for (the latest not failed), or null: being made (its answer has not
   * come), made (its number, and the customer's link to its label), or made without a number the shop knows (Sameday).
   * For an easybox drop-off, the easybox's name and address.
   */
  returnAwb: z.nullable(
    z.object({
      id: z.string(),
      courierName: z.string(),
      state: z.enum(['creating', 'made', 'unknown']),
      reference: z.string(),
      awb: z.nullable(z.string()),
      locker: z.nullable(z.string()),
      labelPath: z.nullable(z.string()),
      createdAt: z.string(),
    }),
  ),
});
export type WithdrawalView = z.infer<typeof withdrawalViewSchema>;

/** An order as its customer sees it (GET /api/orders/:id, and each of GET /api/orders). Amounts in bani. */
export const orderViewSchema = z.object({
  id: z.string(),
  /** The short order number people read out on the phone (10001 upward). */
  number: z.int(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  /** The county's code (CJ, B…, see domain/counties); null for orders placed before counties were asked. */
  county: z.nullable(z.string()),
  city: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  /** Block, staircase, floor, apartment, or null. */
  addressLine2: z.nullable(z.string()),
  postalCode: z.string(),
  phoneNumber: z.string(),
  /** The courier's locker it goes to (Sameday easybox), or null for the address. */
  locker: z.nullable(orderLockerSchema),
  subtotal: bani,
  /** What a discount code took off the subtotal (0 without one), and the code (null without one). */
  discount: bani,
  discountCode: z.nullable(z.string()),
  shipping: bani,
  /** The shipping fee's VAT rate, in basis points (2100 = 21%), and the VAT in it. */
  shippingVatRate: z.int(),
  shippingVat: bani,
  total: bani,
  currency: z.string(),
  /** Once shipped: the courier and its tracking number (AWB). */
  carrier: z.nullable(z.string()),
  trackingNumber: z.nullable(z.string()),
  /** ISO 8601 */
  createdAt: z.string(),
  /** Its withdrawals (the withdrawal function), oldest first. */
  withdrawals: z.array(withdrawalViewSchema),
  /** The last day (YYYY-MM-DD, Bucharest) the customer may withdraw; null until it is delivered (domain/withdrawal.ts). */
  withdrawalLastDay: z.nullable(z.string()),
  /**
   * `colour`: the colour chosen, null for products without colours and for orders placed before colours travelled with lines.
   * `vatRate`: basis points (2100 = 21%); `vatAmount`: the VAT in the line's total (unit price × quantity), in bani.
   */
  lines: z.array(z.object({ id: z.int(), productId: z.nullable(z.string()), name: z.string(), colour: z.nullable(z.string()), unitPrice: bani, quantity: z.int(), vatRate: z.int(), vatAmount: bani })),
  /** Its invoice and credit notes, as issued (none before it is invoiced), each with its PDF's link. */
  invoices: z.array(customerInvoiceSchema),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** GET /api/orders: the signed-in customer's orders, newest first. */
export const orderListSchema = z.object({ orders: z.array(orderViewSchema) });

/**
 * POST /api/orders: the placed order (201, or 200 when its idempotency key had already placed it);
 * a card order also carries the Stripe Checkout page to send the visitor to, unless it is no longer awaiting
 * payment (then its status and its page's token).
 */
export const placedOrderSchema = z.object({
  id: z.string(),
  number: z.int(),
  /** A cash order's link token: /orders/{id}?token=… shows the order to whoever has it (also in its mail). */
  accessToken: z.optional(z.string()),
  checkoutUrl: z.optional(z.nullable(z.string())),
  /** A card order replayed once it no longer awaits payment (paid, cancelled…): where it stands, and no payment page. */
  status: z.optional(z.enum(ORDER_STATUSES)),
});
export type PlacedOrderAnswer = z.infer<typeof placedOrderSchema>;

/**
 * POST /api/orders/withdrawal/order: the order a withdrawal's statement is about, found by its number and email: the
 * customer's name, whether its refund needs an IBAN (paid in cash), the last day of the period (null: not delivered
 * yet), and each line with the units still the customer's to withdraw from (`left`, 0 when an earlier withdrawal took them).
 */
export const withdrawalOrderSchema = z.object({
  orderNumber: z.int(),
  name: z.string(),
  email: z.string(),
  ibanRequired: z.boolean(),
  lastDay: z.nullable(z.string()),
  lines: z.array(z.object({ id: z.int(), name: z.string(), colour: z.nullable(z.string()), quantity: z.int(), left: z.int() })),
});
export type WithdrawalOrder = z.infer<typeof withdrawalOrderSchema>;

/** POST /api/orders/withdrawal: the statement is recorded and confirmed by email. */
export const withdrawalReceiptSchema = z.object({
  orderNumber: z.int(),
  /** ISO 8601: when the shop received it. */
  requestedAt: z.string(),
  /** Where the confirmation goes (the order's address). */
  email: z.string(),
  /** The last day (YYYY-MM-DD) the refund is due: 14 days from the statement, to the next working day. */
  refundDueDay: z.string(),
});
export type WithdrawalReceipt = z.infer<typeof withdrawalReceiptSchema>;

/**
 * Why a cash order's "Confirm my order" link changes nothing now (issue 47): it has left (shipped, delivered or come
 * back), it is cancelled, or it is paid by card (nothing to collect).
 */
export const CONFIRMATION_CLOSED = ['shipped', 'cancelled', 'paid'] as const;

/**
 * GET and POST /api/orders/:id/confirmation: the order as its confirmation page shows it (its number and total), when the
 * customer confirmed it (null: not yet), and why its button would change nothing (null: it can confirm).
 */
export const customerConfirmationSchema = z.object({
  number: z.int(),
  total: bani,
  /** The pay link's page (GET .../prepay): what the card is charged, the total less a delivery waived for paying first. */
  toPay: z.optional(bani),
  /** The pay link's page: a card order the owner placed, waiting for this payment (not a cash order paid by card instead). */
  cardOrder: z.optional(z.boolean()),
  confirmedAt: z.nullable(z.string()),
  closed: z.nullable(z.enum(CONFIRMATION_CLOSED)),
});
export type CustomerConfirmation = z.infer<typeof customerConfirmationSchema>;
