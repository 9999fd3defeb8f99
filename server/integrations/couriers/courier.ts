import type { CourierAddress, CourierId, ParcelState } from '../../../domain/courier';
import type { Bani } from '../../../domain/money';

/**
 * One interface for every courier the shop talks to (issue 33); one adapter each (sameday.ts…), tested against a
 * stand-in that speaks the courier's documented protocol (testing/fake*.ts).
 */

/** What the shop asks a courier to carry: one order, to an address or to a locker. */
export interface Shipment {
  /** The AWB's reference: the order's number (domain/courier.ts awbReference). */
  reference: string;
  recipient: { name: string; phone: string; email: string };
  /** Where to deliver: an address, or a locker of the courier (its id, from lockers()). */
  to: { address: CourierAddress } | { lockerId: string };
  parcels: number;
  /** Grams, the whole shipment's. */
  weightGrams: number;
  /** Cash the courier collects from the recipient (0 for a paid order), and the declared value, in bani. */
  cashOnDelivery: Bani;
  declaredValue: Bani;
  note: string;
  /** The recipient may open the parcel before paying (where the courier offers it). */
  openPackage: boolean;
  /** The courier's service (its id); the account's default when absent. */
  service?: string;
}

/** An AWB the courier made: its number, what it costs the shop (bani, when it says), each parcel's own number. */
export interface CreatedAwb {
  awb: string;
  cost: Bani | null;
  parcels: string[];
}

/** One of the courier's events about a parcel, with its time (ISO 8601). */
export interface CourierEvent {
  at: string;
  code: string;
  label: string;
  location: string;
}

/** Where an AWB stands: the shop's state, the courier's events (oldest first), the last status when it is unknown. */
export interface Tracking {
  awb: string;
  state: ParcelState;
  events: CourierEvent[];
}

/** Cash on delivery the courier has paid out to the shop: for which AWB, how much (bani), on which day (YYYY-MM-DD). */
export interface CashPaidOut {
  awb: string;
  amount: Bani;
  paidOn: string;
}

/** A locker (Sameday easybox…) a parcel can be delivered to. */
export interface Locker {
  id: string;
  name: string;
  county: string;
  city: string;
  address: string;
  postalCode: string;
}

/** A field of a shipment as the shop names it, whatever the courier calls it (or the courier's own name for another). */
export type CourierField =
  | 'name'
  | 'phone'
  | 'email'
  | 'address'
  | 'locality'
  | 'county'
  | 'postalCode'
  | 'parcels'
  | 'weight'
  | 'cashOnDelivery'
  | 'declaredValue'
  | 'note'
  | 'locker'
  | 'reference'
  | 'account'
  | (string & {});

/**
 * What went wrong, in terms the owner can act on:
 * - `refused`: the courier refused the request; `fields` names each field with the courier's message;
 * - `unavailable`: no answer in time, a 5xx, a connection that failed: nothing is known to have changed;
 * - `unauthorized`: the account's credentials are refused.
 */
export class CourierError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable' | 'unauthorized',
    message: string,
    readonly fields: { field: CourierField; message: string }[] = [],
  ) {
    super(message);
    this.name = 'CourierError';
  }
}

export interface Courier {
  id: CourierId;
  create(shipment: Shipment): Promise<CreatedAwb>;
  /** The AWB's label, a PDF in A6 (a label printer) or A4. */
  label(awb: string, format: 'A4' | 'A6'): Promise<Buffer>;
  track(awb: string): Promise<Tracking>;
  /** Cancels an AWB the courier has not picked up yet (refused once it has). */
  cancel(awb: string): Promise<void>;
  /** The courier's lockers, where it has them. */
  lockers?(): Promise<Locker[]>;
  /** The cash on delivery it paid out on a day (YYYY-MM-DD), where it reports it (FAN's bank transfers). */
  cashPaidOut?(day: string): Promise<CashPaidOut[]>;
}
