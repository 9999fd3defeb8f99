import * as z from 'zod/mini';
import { COURIERS } from '../courier';
import { ORDER_ACTORS, ORDER_STATUSES, PAYMENT_METHODS } from '../orders';
import { invoiceReportingSchema, invoiceRowSchema } from './invoices';
import { orderViewSchema } from './orders';
import { awbAttemptSchema, courierEventSchema, pickupSchema, shipmentSchema } from './shipping';

// The back office's answers (/api/admin/*). Amounts in bani, times ISO 8601.

const bani = z.int().check(z.nonnegative());

/** A contact the owner takes no cash on delivery from: its phone (E.164) or its email, and since when. */
export const codBlockSchema = z.object({ id: z.int(), kind: z.enum(['phone', 'email']), value: z.string(), createdAt: z.string() });

/** One order in the back office's list, and what the live stream sends for it. */
export const adminOrderRowSchema = z.object({
  id: z.string(),
  number: z.int(),
  createdAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  city: z.string(),
  /** The county's code (CJ, B…); null for orders placed before counties were asked. */
  county: z.nullable(z.string()),
  total: bani,
  paymentMethod: z.enum(PAYMENT_METHODS),
  status: z.enum(ORDER_STATUSES),
  /** Sent back with a change made from the list (the card's Confirm): a change from an older version is refused (409). */
  version: z.int(),
  /** When the customer's latest withdrawal from it reached the shop (the withdrawal function); null when there is none. */
  withdrawalRequestedAt: z.nullable(z.string()),
  /** An earlier order of the same phone or email came back returned (a refused parcel): the COD risk flag. */
  returnedBefore: z.boolean(),
  /** When the customer confirmed the cash order from its mail's link (issue 47); null: not (yet). */
  customerConfirmedAt: z.nullable(z.string()),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/**
 * The list's status filter: a status, or `overdue`: shipped orders not marked delivered or returned
 * SHIPMENT_OVERDUE_DAYS after they were shipped (the owner should ask the courier), or one of the dashboard's counters:
 * `waiting` (new, confirmed or paid: AWAITING_OWNER_STATUSES) and `delivered_this_month` (its revenue's orders); or
 * `unconfirmed`: new cash orders their customers have not confirmed COD_CONFIRM_REMINDER_HOURS after (issue 47).
 */
export const ORDER_LIST_STATUSES = [...ORDER_STATUSES, 'waiting', 'overdue', 'delivered_this_month', 'unconfirmed'] as const;
export type OrderListStatus = (typeof ORDER_LIST_STATUSES)[number];

/**
 * GET /api/admin/orders: a page of the list, newest first. `nextCursor` asks for the next page
 * (null on the last); `liveCursor` is where the live stream stood just before this page was read:
 * opening GET /api/admin/events?lastEventId={liveCursor} misses nothing placed since.
 */
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  nextCursor: z.nullable(z.string()),
  liveCursor: z.string(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** One line of an order's timeline; `ownerEmail` names the owner who made an owner's change. */
export const orderEventSchema = z.object({
  id: z.int(),
  at: z.string(),
  actor: z.enum(ORDER_ACTORS),
  ownerEmail: z.nullable(z.string()),
  from: z.nullable(z.enum(ORDER_STATUSES)),
  to: z.enum(ORDER_STATUSES),
  note: z.nullable(z.string()),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** GET /api/admin/orders/:id, and the answer to a status change: everything about one order. */
export const adminOrderSchema = z.extend(orderViewSchema, {
  paidAt: z.nullable(z.string()),
  cancelReason: z.nullable(z.string()),
  /** Where it came from (issue 49, domain/attribution.ts): its channel and campaign; null before channels were kept. */
  channel: z.nullable(z.string()),
  campaign: z.nullable(z.string()),
  /** Sent back with a change: a change made from an older version is refused (409). */
  version: z.int(),
  events: z.array(orderEventSchema),
  /**
   * Card payments to look at: Stripe charged another amount than the total (`amount_mismatch`), or the order was paid
   * a second time (`paid_twice`: refund one). `amount` in the currency's smallest unit, as Stripe charged it.
   */
  paymentAlerts: z.array(z.object({ kind: z.enum(['amount_mismatch', 'paid_twice']), amount: z.nullable(z.int()), currency: z.nullable(z.string()), at: z.string() })),
  /** Its invoice and credit notes, in the order they were issued, as the Invoices page shows them. */
  invoices: z.array(invoiceRowSchema),
  /** The AWBs created for it with a courier, oldest first, and the couriers' events about them (the timeline's). */
  shipments: z.array(shipmentSchema),
  /** Attempts to create an AWB still being checked, or made without a number the shop knows (shipping/attempts.ts). */
  awbAttempts: z.array(awbAttemptSchema),
  courierEvents: z.array(courierEventSchema),
  /** The earlier orders of its phone or email that came back returned, oldest first, with the day each came back. */
  returnedBefore: z.array(z.object({ id: z.string(), number: z.int(), returnedOn: z.nullable(z.string()) })),
  /** When its customer's details were erased (their account deleted, or their request through its link), or null. */
  anonymisedAt: z.nullable(z.string()),
  /** The owner's blocks on its contact (no cash on delivery), by phone or email. */
  codBlocks: z.array(codBlockSchema),
  /** What the owner's edits of a paid card order owe back to its card and Stripe has not been asked for (bani; issue 47). */
  editRefundDue: bani,
  /** Its lines as an edit takes them (issue 47): the product, the colour's own name (null: none), how many. */
  editLines: z.array(z.object({ productId: z.nullable(z.string()), colour: z.nullable(z.string()), quantity: z.int() })),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /api/admin/dashboard. "Today" and "this month" are Bucharest's. */
/**
 * The shop's own upkeep (issue 48): the daily backup (off, or its last one: when, whether it was sent off the machine)
 * with a warning when there is none yet, the last failed, or the last one made is older than a day; and the background
 * jobs that have not finished a round for longer than they should.
 */
export const housekeepingSchema = z.object({
  backupsOn: z.boolean(),
  lastBackup: z.nullable(
    z.object({
      status: z.enum(['running', 'done', 'failed']),
      at: z.string(),
      file: z.nullable(z.string()),
      offsite: z.nullable(z.enum(['uploaded', 'failed'])),
    }),
  ),
  /** When the last backup that was made was finished, if there is one. */
  lastMadeAt: z.nullable(z.string()),
  backupWarning: z.nullable(z.enum(['none_yet', 'failed', 'stale', 'offsite_failed'])),
  lateJobs: z.array(z.object({ job: z.string(), lastRoundAt: z.string() })),
});

export const dashboardSchema = z.object({
  ordersToday: z.int(),
  awaitingOwner: z.int(),
  /** The totals of the orders delivered this month. */
  deliveredRevenueThisMonth: bani,
  /** Mails given up after their retries (GET /api/admin/mails/failed lists them). */
  failedMails: z.int().check(z.nonnegative()),
  /** Shipped orders not marked delivered or returned `overdueDays` days after they were shipped (status=overdue lists them). */
  overdueShipments: z.int().check(z.nonnegative()),
  overdueDays: z.int().check(z.nonnegative()),
  /** Reporting invoices to ANAF, and the invoices it has not accepted yet with their last day. */
  invoices: invoiceReportingSchema,
  /** AWBs created today (Bucharest): their labels print in one PDF (GET /api/admin/shipments/labels). */
  awbsToday: z.int().check(z.nonnegative()),
  /** A courier is set up: an order's AWB is created from the shop (the list's cards offer Create AWB, else Ship). */
  couriersSetUp: z.boolean(),
  /** New cash orders their customers have not confirmed `confirmReminderHours` after they were placed (status=unconfirmed lists them). */
  unconfirmedCod: z.int().check(z.nonnegative()),
  confirmReminderHours: z.int(),
  /**
   * Cash orders that reached the customer's door (delivered, or refused and returned), those the customer confirmed from
   * the mail's link and the others: how many, and how many were refused (issue 47).
   */
  refusals: z.object({
    confirmed: z.object({ settled: z.int(), returned: z.int() }),
    unconfirmed: z.object({ settled: z.int(), returned: z.int() }),
  }),
  /**
   * The cash still with the couriers: per courier, the delivered parcels with cash to collect it has not paid out for,
   * and their total; `reportsPayouts` false for a courier that does not report its payouts (the owner checks them there).
   */
  cashWithCouriers: z.array(z.object({ courier: z.enum(COURIERS), courierName: z.string(), parcels: z.int(), total: bani, reportsPayouts: z.boolean() })),
  /** The couriers whose pickup the shop orders (Cargus), and whether today's is ordered. */
  pickups: z.array(pickupSchema),
  /**
   * The withdrawals still open (goods or money to come back), each with its refund's last day (YYYY-MM-DD): the page
   * warns from two days before it and once it is late, by its own clock (domain/withdrawal refundUrgency).
   */
  refundsToPay: z.array(z.object({ withdrawalId: z.string(), orderId: z.string(), orderNumber: z.int(), refundDueDay: z.string() })),
  housekeeping: housekeepingSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The data of each `order` event on GET /api/admin/events (its SSE id is the stream's cursor). */
export const liveOrderEventSchema = z.object({
  kind: z.enum(['placed', 'changed']),
  order: adminOrderRowSchema,
});
export type LiveOrderEvent = z.infer<typeof liveOrderEventSchema>;

/** GET /api/admin/owners, and the answer to promoting one. */
export const ownerListSchema = z.object({
  owners: z.array(z.object({ id: z.string(), email: z.string(), name: z.string() })),
});
export type OwnerList = z.infer<typeof ownerListSchema>;

/** A mail the shop gave up sending, as the back office lists it. */
export const failedMailSchema = z.object({
  id: z.int(),
  /** Which mail (the outbox's kind: order_placed, new_order, order_status, password_reset…). */
  kind: z.string(),
  /** Its address; null for the owner's alerts, which go to OWNER_EMAIL or every owner account. */
  recipient: z.nullable(z.string()),
  /** The order it tells of, when it is about one. */
  order: z.nullable(z.object({ id: z.string(), number: z.int() })),
  attempts: z.int(),
  /** The mail server's last answer, or the error's code. */
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

/** GET /api/admin/mails/failed: the newest failed mails (at most `limit`), and how many there are in all. */
export const failedMailListSchema = z.object({
  mails: z.array(failedMailSchema),
  total: z.int(),
});
export type FailedMailList = z.infer<typeof failedMailListSchema>;

/** POST /api/admin/mails/:id/resend: the mail is queued again, due now. */
export const resentMailSchema = z.object({
  id: z.int(),
  status: z.literal('pending'),
});
export type ResentMail = z.infer<typeof resentMailSchema>;
