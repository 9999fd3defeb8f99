import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { shipmentEvents, shipments } from '../../../db/schema/shipping';
import type { AwbRequest } from '../../../domain/awbRequest';
import type { OrderView } from '../../../domain/contracts/orders';
import type { AwbDraft, CourierEventView, ShipmentView } from '../../../domain/contracts/shipping';
import { COURIER_NAMES, type CourierId, cashOnDelivery, courierAddress, courierPhone, type ParcelDimensions, parcelContents, parcelDimensionsCm, parcelWeightGrams } from '../../../domain/courier';
import { bucharestDay, SHOP_TIME_ZONE } from '../../../domain/locale';
import { lockerCourierAddress } from '../../../domain/lockers';
import type { MessageId } from '../../../locales/messages';
import { AppError } from '../../errors';
import { CourierError, type CourierField, type CreatedAwb } from '../../integrations/couriers/courier';
import type { Invoicing } from '../invoices/service';
import { orderView } from '../orders/read';
import { adoptAwb, beginAttempt, failAttempt, noAnswer } from './attempts';
import type { Shipping } from './couriers';

/**
 * Shipping an order with a courier (issue 33): Create AWB from the order (the cash to collect from the order, never
 * typed), which marks it shipped with the courier and the AWB, as the manual Ship does; the AWB's label.
 */

/** The statuses an order may get an AWB in. */
const SHIPPABLE = ['confirmed', 'paid'] as const;

async function shippableOrder(db: Db, id: string): Promise<OrderView & { version: number }> {
  const order = await orderView(db, id);
  if (!order) throw new AppError('not_found', { id: 'admin.error.noSuchOrder' });
  if (!(SHIPPABLE as readonly string[]).includes(order.status)) throw new AppError('conflict', { id: 'admin.awb.problem.notNow', values: { status: order.status } }, 'not_shippable');
  return order;
}

/** The order's parcel: its products' own packed weights and sizes (PARCEL_WEIGHT_GRAMS and PARCEL_SIZE_CM for one without). */
export async function orderParcel(db: Db, order: Pick<OrderView, 'lines'>, shipping: Shipping): Promise<{ weightGrams: number; dimensionsCm: ParcelDimensions }> {
  const ids = order.lines.map((line) => line.productId).filter((id): id is string => id !== null);
  const packed = new Map(
    ids.length === 0
      ? []
      : (await db.select({ id: products.id, weightGrams: products.weightGrams, sizeCm: products.packedSizeCm }).from(products).where(inArray(products.id, ids))).map((row) => [row.id, row]),
  );
  const lines = order.lines.map((line) => ({ product: line.productId === null ? undefined : packed.get(line.productId), quantity: line.quantity }));
  return {
    weightGrams: parcelWeightGrams(
      lines.map(({ product, quantity }) => ({ weightGrams: product?.weightGrams ?? null, quantity })),
      shipping.defaultWeightGrams,
    ),
    dimensionsCm: parcelDimensionsCm(
      lines.map(({ product, quantity }) => ({ dimensionsCm: product?.sizeCm ?? null, quantity })),
      shipping.defaultSizeCm,
    ),
  };
}

/** What Create AWB offers for an order: the couriers set up (the default first) and the form filled in. */
export async function awbDraft(db: Db, orderId: string, shipping: Shipping): Promise<AwbDraft> {
  const order = await shippableOrder(db, orderId);
  // An order to a locker goes with the locker's courier only.
  const ids = [...shipping.couriers.keys()].filter((id) => !order.locker || id === order.locker.courier).sort((a, b) => Number(b === shipping.defaultCourier) - Number(a === shipping.defaultCourier));
  return {
    // Sameday (OPCG) and Cargus (OpenPackage) let the recipient open the parcel before paying; FAN's API has no such option.
    couriers: ids.map((id) => ({ id, name: COURIER_NAMES[id], openPackage: id !== 'fan' })),
    parcels: 1,
    ...(await orderParcel(db, order, shipping)),
    declaredValue: order.total,
    cashOnDelivery: cashOnDelivery(order),
    note: '',
    addressOk: order.locker !== null || courierAddress(order) !== null,
    locker: order.locker,
  };
}

/** The shop's name of each field a courier may refuse (CourierField), as the form and the error name it. */
const FIELD_LABELS: Record<string, MessageId> = {
  name: 'admin.awb.field.name',
  phone: 'admin.awb.field.phone',
  email: 'admin.awb.field.email',
  address: 'admin.awb.field.address',
  locality: 'admin.awb.field.locality',
  county: 'admin.awb.field.county',
  postalCode: 'admin.awb.field.postalCode',
  parcels: 'admin.awb.field.parcels',
  weight: 'admin.awb.field.weight',
  cashOnDelivery: 'admin.awb.field.cashOnDelivery',
  declaredValue: 'admin.awb.field.declaredValue',
  note: 'admin.awb.field.note',
  locker: 'admin.awb.field.locker',
  reference: 'admin.awb.field.reference',
  account: 'admin.awb.field.account',
};

/** A courier's failure as the owner reads it: what went wrong, and each refused field by the shop's name for it. */
export function courierProblem(error: unknown, courier: CourierId): AppError {
  if (!(error instanceof CourierError))
    return new AppError('unavailable', { id: 'admin.awb.problem.courierDown', values: { courier: COURIER_NAMES[courier] } }, 'courier_unavailable', undefined, error);
  const values = { courier: COURIER_NAMES[courier] };
  if (error.kind === 'unavailable') return new AppError('unavailable', { id: 'admin.awb.problem.courierDown', values }, 'courier_unavailable');
  if (error.kind === 'unauthorized') return new AppError('unavailable', { id: 'admin.awb.problem.courierAccount', values }, 'courier_account');
  const refused = new AppError('bad_request', { id: 'admin.awb.problem.refused', values }, 'courier_refused');
  refused.fields = error.fields.map(({ field, message }: { field: CourierField; message: string }) => ({ field: FIELD_LABELS[field] ?? (field as MessageId), message }));
  return refused;
}

/**
 * Creates the order's AWB with the courier, the attempt written first (attempts.ts), then, in one transaction, records
 * it and marks the order shipped with the courier and the AWB (the manual Ship's change: timeline, customer mail,
 * invoice). The courier's refusal changes nothing but the attempt; no answer leaves the attempt to be looked for at the
 * courier (said so to the owner); should the order have changed meanwhile, the AWB is cancelled at the courier.
 */
export async function createAwb(db: Db, orderId: string, request: AwbRequest, shipping: Shipping, owner: { id: string }, invoicing: Invoicing | null): Promise<ShipmentView> {
  const order = await shippableOrder(db, orderId);
  if (order.version !== request.version) throw new AppError('conflict', { id: 'admin.error.orderChangedMeanwhile', values: { status: order.status } }, 'stale');
  const courier = shipping.couriers.get(request.courier);
  if (!courier) throw new AppError('bad_request', { id: 'admin.awb.problem.notSetUp', values: { courier: COURIER_NAMES[request.courier] } }, 'courier_not_set_up');
  const { locker } = order;
  if (locker && locker.courier !== request.courier) {
    throw new AppError('bad_request', { id: 'admin.awb.problem.lockerCourier', values: { courier: COURIER_NAMES[locker.courier] } }, 'locker_courier');
  }
  // To the locker the customer chose: its id and its address; else to the order's address.
  const address = locker ? lockerCourierAddress(locker) : courierAddress(order);
  if (!address) throw new AppError('bad_request', { id: 'admin.awb.problem.address' }, 'address_not_shippable');
  const attempt = await beginAttempt(
    db,
    { id: orderId, number: order.number, version: request.version },
    request.courier,
    {
      recipient: { name: `${order.firstName} ${order.lastName}`.trim(), phone: courierPhone(order.phoneNumber), email: order.email },
      to: locker ? { address, lockerId: locker.id } : { address },
      parcels: request.parcels,
      weightGrams: request.weightGrams,
      dimensionsCm: { length: request.lengthCm, width: request.widthCm, height: request.heightCm },
      cashOnDelivery: cashOnDelivery(order),
      declaredValue: request.declaredValue,
      note: request.note ?? '',
      contents: parcelContents(shipping.neutralContents ?? null, order.lines),
      openPackage: request.openPackage,
    },
    owner.id,
  );
  let created: CreatedAwb;
  try {
    created = await courier.create(attempt.shipment);
  } catch (error) {
    if (error instanceof CourierError && error.kind !== 'unavailable') {
      await failAttempt(db, attempt.id);
      throw courierProblem(error, request.courier);
    }
    // No answer: the courier may have made it. The attempt stays, to be looked for there before any other is made.
    await noAnswer(db, attempt.id);
    throw new AppError('unavailable', { id: 'admin.awb.problem.courierSlow', values: { courier: COURIER_NAMES[request.courier] } }, 'courier_slow', undefined, error);
  }
  const row = await adoptAwb(db, attempt, created, shipping, invoicing);
  const [shipment] = row
    ? [row]
    : await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.courier, request.courier), eq(shipments.awb, created.awb)));
  return shipmentView(shipment!);
}

function shipmentView(row: typeof shipments.$inferSelect): ShipmentView {
  return {
    id: row.id,
    courier: row.courier,
    courierName: COURIER_NAMES[row.courier],
    awb: row.awb,
    parcelAwbs: row.parcelAwbs,
    parcels: row.parcels,
    weightGrams: row.weightGrams,
    cost: row.cost,
    cashOnDelivery: row.cashOnDelivery,
    status: row.status,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    cashPaid: row.cashPaid,
    cashPaidOn: row.cashPaidOn,
    unknownStatus: row.unknownStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An order's AWBs, oldest first, for its page in the back office. */
export async function shipmentsOfOrder(db: Db, orderId: string): Promise<ShipmentView[]> {
  return (await db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.createdAt))).map(shipmentView);
}

/** The couriers' events about an order's parcels, oldest first. */
export async function courierEventsOfOrder(db: Db, orderId: string): Promise<CourierEventView[]> {
  const rows = await db
    .select({ at: shipmentEvents.at, courier: shipments.courier, awb: shipments.awb, code: shipmentEvents.code, label: shipmentEvents.label, location: shipmentEvents.location })
    .from(shipmentEvents)
    .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipmentId))
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
  return rows.map(({ at, courier, ...event }) => ({ ...event, at: at.toISOString(), courierName: COURIER_NAMES[courier] }));
}

/** The AWBs created on a Bucharest day (YYYY-MM-DD), not cancelled, oldest first. */
export function createdOn(day: string) {
  return and(sql`(${shipments.createdAt} at time zone ${SHOP_TIME_ZONE})::date = ${day}::date`, ne(shipments.status, 'cancelled'));
}

/** How many AWBs were created today (Bucharest): the dashboard offers their labels in one PDF. */
export async function awbsCreatedToday(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shipments)
    .where(createdOn(bucharestDay(new Date())));
  return row?.n ?? 0;
}
