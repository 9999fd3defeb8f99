import * as z from 'zod/mini';
import { COURIERS } from '../courier';
import { orderLockerSchema } from '../lockers';

// Shipping: the back office's (/api/admin/orders/:id/awb, /api/admin/shipments) and the checkout's lockers (/api/lockers).
// Amounts in bani, weights in grams.

/** An AWB of an order: its courier and number, its parcels, what it costs, the cash to collect, where it stands. */
export const shipmentSchema = z.object({
  id: z.string(),
  courier: z.enum(COURIERS),
  courierName: z.string(),
  awb: z.string(),
  parcelAwbs: z.array(z.string()),
  parcels: z.int(),
  weightGrams: z.int(),
  cost: z.nullable(z.int()),
  cashOnDelivery: z.int(),
  status: z.enum(['active', 'delivered', 'returned', 'cancelled']),
  /** When the courier delivered it; the cash it paid out for it (bani) and on which day, where the courier reports it. */
  deliveredAt: z.nullable(z.string()),
  cashPaid: z.nullable(z.int()),
  cashPaidOn: z.nullable(z.string()),
  /** The courier's last status the shop does not know, or null. */
  unknownStatus: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ShipmentView = z.infer<typeof shipmentSchema>;

/**
 * A courier whose pickup the shop orders (Cargus), for the dashboard: how (daily at the start of `hours`, after each
 * AWB, or by the courier itself), whether today's is ordered (when, the courier's order number), and how many of
 * today's AWBs wait for an order.
 */
export const pickupSchema = z.object({
  courier: z.enum(COURIERS),
  courierName: z.string(),
  mode: z.enum(['daily', 'each', 'automatic']),
  hours: z.object({ from: z.string(), to: z.string() }),
  orderedAt: z.nullable(z.string()),
  order: z.nullable(z.string()),
  waiting: z.int(),
});
export type PickupView = z.infer<typeof pickupSchema>;

/** An attempt to create an AWB still being checked (its courier never answered), or made without a number the shop knows. */
export const awbAttemptSchema = z.object({
  courier: z.enum(COURIERS),
  courierName: z.string(),
  reference: z.string(),
  state: z.enum(['creating', 'unknown']),
  createdAt: z.string(),
});
export type AwbAttemptView = z.infer<typeof awbAttemptSchema>;

/**
 * GET /api/admin/orders/:id/awb: what Create AWB offers for the order: the couriers set up (the default first), and
 * the form filled in (1 parcel, the products' weight, the order's total as declared value); the cash to collect,
 * shown and never typed. No couriers: none is set up.
 */
export const awbDraftSchema = z.object({
  couriers: z.array(z.object({ id: z.enum(COURIERS), name: z.string(), openPackage: z.boolean() })),
  parcels: z.int(),
  weightGrams: z.int(),
  /** Each parcel's size in centimetres: the products' own packed sizes, their heights stacked (PARCEL_SIZE_CM for one without). */
  dimensionsCm: z.object({ length: z.int(), width: z.int(), height: z.int() }),
  declaredValue: z.int(),
  cashOnDelivery: z.int(),
  note: z.string(),
  /** Whether the order's address is one the couriers can take (a county; Bucharest with its sector). */
  addressOk: z.boolean(),
  /** The locker the customer chose (the AWB goes there, with its courier only), or null. */
  locker: z.nullable(orderLockerSchema),
});
export type AwbDraft = z.infer<typeof awbDraftSchema>;

/** One of the courier's events about an order's parcel: when, which AWB, the courier's code, words and place. */
export const courierEventSchema = z.object({
  at: z.string(),
  courierName: z.string(),
  awb: z.string(),
  code: z.string(),
  label: z.string(),
  location: z.string(),
});
export type CourierEventView = z.infer<typeof courierEventSchema>;

/**
 * GET /api/lockers?county=&city=: whether the checkout offers lockers (Sameday easybox, when Sameday is set up), the
 * localities of the county that have some, and the lockers of the city asked for.
 */
export const lockersNearSchema = z.object({
  offered: z.boolean(),
  cities: z.array(z.object({ name: z.string(), lockers: z.int() })),
  lockers: z.array(orderLockerSchema),
});
export type LockersNear = z.infer<typeof lockersNearSchema>;
