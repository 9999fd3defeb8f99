import * as z from 'zod/mini';
import { bucharestSector, countyName, placeLine } from './counties';
import { COURIERS, type CourierAddress } from './courier';
import { withoutDiacritics } from './text';

/**
 * Delivery to a courier's locker (Sameday easybox, issue 33): the locker the customer chose at checkout, as the order
 * keeps it (a copy: the courier's list changes, the order does not), and how it is written and sent to the courier.
 */

/** A locker as the checkout lists it and the order keeps it. */
export const orderLockerSchema = z.object({
  courier: z.enum(COURIERS),
  /** The courier's id of the locker (Sameday's lockerId). */
  id: z.string(),
  name: z.string(),
  /** Its county's code (CJ, B…), null when the courier names one the shop does not know. */
  county: z.nullable(z.string()),
  /** Its locality as the courier names it (Bucharest's sectors as "Sectorul 4"). */
  city: z.string(),
  address: z.string(),
  postalCode: z.string(),
  /** It takes cash on delivery (paid by card at the locker); one that does not is offered only with card payment. */
  acceptsCash: z.boolean(),
});
export type OrderLocker = z.infer<typeof orderLockerSchema>;

/** "easybox Kaufland Mărăști, Str. Aurel Vlaicu 3, 400000 Cluj-Napoca, Cluj": the locker as the customer and the owner read it. */
export function lockerLine(locker: Pick<OrderLocker, 'name' | 'address' | 'city' | 'county' | 'postalCode'>): string {
  return `${locker.name}, ${locker.address}, ${placeLine(locker).trim()}`;
}

/** The locker's address as a courier takes it: the AWB's delivery address when it goes to the locker. */
export function lockerCourierAddress(locker: OrderLocker, { plain = false } = {}): CourierAddress {
  const text = (value: string) => (plain ? withoutDiacritics(value) : value);
  return {
    county: text(countyName(locker.county) ?? ''),
    locality: text(locker.city),
    address: text(locker.address),
    street: text(locker.address),
    number: '',
    line2: '',
    postalCode: locker.postalCode,
  };
}

/**
 * The town whose lockers the checkout shows first for an address: the address's own town (in Bucharest its sector,
 * "Sectorul N", as the courier names it), when it is one of `cities` (those with lockers); '' otherwise.
 */
export function lockerCityFor(address: { county: string; city: string; street: string; streetNumber: string; sector?: string }, cities: readonly string[]): string {
  const fold = (text: string) => withoutDiacritics(text).trim().toLowerCase();
  let wanted = fold(address.city);
  if (address.county === 'B') {
    const sector = address.sector || bucharestSector(address.city, address.street, address.streetNumber);
    if (!sector) return '';
    wanted = `sectorul ${sector}`;
  }
  return cities.find((city) => fold(city) === wanted) ?? '';
}
