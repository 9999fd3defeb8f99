import { streetLine } from './address';
import { lineName } from './catalog';
import { bucharestSector, countyName } from './counties';
import { phoneDialledFromRomania } from './dialled';
import type { Bani } from './money';
import type { PaymentMethod } from './orders';
import { withoutDiacritics } from './text';

/**
 * The rules of handing an order to a courier (issue 33), the same for every courier: the address as couriers take it,
 * the cash to collect, the parcel's weight and the AWB's reference. The couriers' own shapes are their adapters'
 * (server/integrations/couriers/).
 */

/** The couriers the shop talks to. */
export const COURIERS = ['sameday', 'fan', 'cargus'] as const;
export type CourierId = (typeof COURIERS)[number];

/** Each courier's name as the shop writes it (the order's carrier, its tracking page: domain/orderChanges.ts). */
export const COURIER_NAMES: Record<CourierId, string> = { sameday: 'Sameday', fan: 'FAN Courier', cargus: 'Cargus' };

/** An order's delivery address as a courier takes it: county and locality by name, Bucharest's sector as "Sectorul N". */
export interface CourierAddress {
  county: string;
  locality: string;
  /**
   * Street and number, then block, staircase, floor and apartment, as the customer wrote them (domain/address.ts
   * streetLine); and each apart, for a courier that takes them apart (FAN).
   */
  address: string;
  street: string;
  number: string;
  /** Block, staircase, floor, apartment ('' for none). */
  line2: string;
  postalCode: string;
}

/**
 * The address of an order for a courier; `plain` strips diacritics (for a courier that needs ASCII). Null when the
 * courier could not place it: no county (an order from before counties were asked), or Bucharest with no sector.
 */
export function courierAddress(
  order: { county: string | null; city: string; street: string; streetNumber: string; addressLine2?: string | null; postalCode: string },
  { plain = false } = {},
): CourierAddress | null {
  const county = countyName(order.county);
  if (!county) return null;
  const address = streetLine(order);
  let locality = order.city.trim();
  if (order.county === 'B') {
    const sector = bucharestSector(order.city, order.street, order.streetNumber);
    if (sector === null) return null;
    locality = `Sectorul ${sector}`;
  }
  const text = (value: string) => (plain ? withoutDiacritics(value) : value);
  return {
    county: text(county),
    locality: text(locality),
    address: text(address),
    street: text(order.street.trim()),
    number: text(order.streetNumber.trim()),
    line2: text(order.addressLine2?.trim() ?? ''),
    postalCode: order.postalCode,
  };
}

/** Whether an address is in Bucharest (its county "București", as couriers name it with or without diacritics). */
export function inBucharest(address: CourierAddress): boolean {
  return withoutDiacritics(address.county).trim().toLowerCase() === 'bucuresti';
}

/** The phone as the courier's driver dials it: from Romania (0722123456; 0049… for another country's). */
export const courierPhone = phoneDialledFromRomania;

/** The cash the courier collects: the order's total for cash on delivery, nothing for a card order (paid already). */
export function cashOnDelivery(order: { paymentMethod: PaymentMethod; total: Bani }): Bani {
  return order.paymentMethod === 'cod' ? order.total : 0;
}

/** A parcel's side may be up to this long, in centimetres (Cargus's and Sameday's standard parcels are far smaller). */
export const MAX_PARCEL_SIDE_CM = 200;

/** A parcel's packed size, in whole centimetres. */
export interface ParcelDimensions {
  length: number;
  width: number;
  height: number;
}

/**
 * The size of the box an order's products go in: as long and as wide as the longest and widest of them, their heights
 * stacked (each product's packed size; `defaults` for a product without one). The owner corrects it on Create AWB.
 */
export function parcelDimensionsCm(lines: readonly { dimensionsCm: ParcelDimensions | null; quantity: number }[], defaults: ParcelDimensions): ParcelDimensions {
  const sized = lines.filter((line) => line.quantity > 0).map((line) => ({ size: line.dimensionsCm ?? defaults, quantity: line.quantity }));
  if (sized.length === 0) return { ...defaults };
  return {
    length: Math.max(...sized.map(({ size }) => size.length)),
    width: Math.max(...sized.map(({ size }) => size.width)),
    height: sized.reduce((sum, { size, quantity }) => sum + size.height * quantity, 0),
  };
}

/** The parcel's weight in grams: the sum of the products' own weights, the default for a product without one. */
export function parcelWeightGrams(lines: readonly { weightGrams: number | null; quantity: number }[], defaultGrams: number): number {
  const total = lines.reduce((sum, line) => sum + (line.weightGrams ?? defaultGrams) * line.quantity, 0);
  return total > 0 ? total : defaultGrams;
}

/**
 * The AWB's reference: the order's number, with a suffix from the second AWB of an order on (10042, 10042-2…), since
 * a courier (Sameday) refuses a reference it has already seen.
 */
export function awbReference(orderNumber: number, earlierAwbs: number): string {
  return earlierAwbs === 0 ? String(orderNumber) : `${orderNumber}-${earlierAwbs + 1}`;
}

/** The most an AWB's content description holds here: a label's line (FAN prints about 113 characters of it). */
export const PARCEL_CONTENTS_MAX = 100;

/**
 * What an AWB says is inside (issue 47): with discreet shipping the neutral words of SHIPPING_CONTENTS ("Accesorii"),
 * else the lines as the couriers' own shop modules write them ("2 × Dummy Lighter (Black), 1 × Dummy Key"), cut to a
 * label's line.
 */
export function parcelContents(neutral: string | null, lines: readonly { name: string; colour: string | null; quantity: number }[]): string {
  const text = neutral ?? lines.map((line) => `${line.quantity} × ${lineName(line.name, line.colour)}`).join(', ');
  return text.length > PARCEL_CONTENTS_MAX ? `${text.slice(0, PARCEL_CONTENTS_MAX - 1)}…` : text;
}

/**
 * A return AWB's reference (issue 45): the order's number with R and the return's count (10042-R1, 10042-R2…), never
 * one of the order's own AWBs, and new for each try (a courier keeps a reference it has seen).
 */
export function returnReference(orderNumber: number, earlierReturns: number): string {
  return `${orderNumber}-R${earlierReturns + 1}`;
}

/**
 * The shop's own address for a courier (where returns go), from the company's settings: COMPANY_STREET holds the street
 * and its number ("Strada Exemplului nr. 1"), taken apart for a courier that wants them apart (FAN).
 */
export function shopCourierAddress(company: { county: string; city: string; street: string; postalCode: string }): CourierAddress | null {
  const match = /^(.*?)[,\s]+(?:nr\.?\s*)?(\d+[a-z]?(?:[-/]\d+[a-z]?)?)$/i.exec(company.street.trim());
  return courierAddress({
    county: company.county,
    city: company.city,
    street: match ? match[1]!.replace(/,$/, '') : company.street,
    streetNumber: match ? match[2]! : '',
    postalCode: company.postalCode,
  });
}

/**
 * Where a parcel stands, in the shop's terms: on its way (or not yet picked up), delivered, coming back (refused or
 * returned: the order becomes returned), its AWB cancelled at the courier (never picked up: the order goes back to be
 * shipped again, as Cancel AWB takes it), or a status the shop does not know (shown to the owner, nothing changed).
 */
export type ParcelState = 'in_transit' | 'delivered' | 'returned' | 'cancelled' | 'unknown';
