import type { CourierAddress, CourierId, ParcelDimensions, ParcelState } from '../../../domain/courier';
import type { Bani } from '../../../domain/money';
import { sharedOnce } from '../../remembered';

/**
 * One interface for every courier the shop talks to (issue 33); one adapter each (sameday.ts…), tested against a
 * stand-in that speaks the courier's documented protocol (testing/fake*.ts).
 */

/** What the shop asks a courier to carry: one order, to an address or to a locker. */
export interface Shipment {
  /** The AWB's reference: the order's number (domain/courier.ts awbReference). */
  reference: string;
  recipient: { name: string; phone: string; email: string };
  /** Where to deliver: an address, or a locker of the courier (its id, from lockers(), and the locker's address). */
  to: { address: CourierAddress; lockerId?: string };
  parcels: number;
  /** Grams, the whole shipment's. */
  weightGrams: number;
  /** Each parcel's packed size in whole centimetres (Cargus requires it for its services 34, 35, 36, 39 and 40). */
  dimensionsCm: ParcelDimensions;
  /** Cash the courier collects from the recipient (0 for a paid order), and the declared value, in bani. */
  cashOnDelivery: Bani;
  declaredValue: Bani;
  note: string;
  /**
   * What the label says is inside (domain/courier.ts parcelContents): neutral with discreet shipping. Absent from an
   * attempt written before it was sent.
   */
  contents?: string;
  /** The recipient may open the parcel before paying (where the courier offers it). */
  openPackage: boolean;
  /** The courier's service (its id); the account's default when absent. */
  service?: string;
}

/**
 * A parcel the customer sends back (a withdrawal's goods, issue 45): picked up from their address (or, at Sameday, left
 * by them in an easybox), carried to the shop's address; nothing to collect, the shop pays.
 */
export interface ReturnShipment {
  /** The return AWB's reference: the order's number with an R suffix (domain/courier.ts returnReference). */
  reference: string;
  /** The customer, where the courier picks the parcel up. */
  sender: { name: string; phone: string; email: string; address: CourierAddress };
  /** The shop, where the parcel goes (the company's address, COMPANY_*). */
  recipient: { name: string; phone: string; email: string; address: CourierAddress };
  /** Sameday only: the easybox the customer leaves the parcel in (its lockerFirstMile), instead of a pickup at the address. */
  lockerId?: string;
  parcels: number;
  weightGrams: number;
  dimensionsCm: ParcelDimensions;
  declaredValue: Bani;
  note: string;
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
  /** Whether it takes cash on delivery (paid by card at the locker); a parcel to one that does not must be paid for. */
  acceptsCash: boolean;
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

/**
 * What the courier says of a shipment whose creation's answer never came: it made this AWB, it made none, or it made
 * one without saying which (Sameday refusing the reference again: its number is to be found in its portal).
 */
export type FoundAwb = { made: CreatedAwb } | { made: null } | { madeUnknown: true };

export interface Courier {
  id: CourierId;
  create(shipment: Shipment): Promise<CreatedAwb>;
  /**
   * Whether the courier made an AWB for `shipment` (by its reference) from `since` on: asked when create's answer never
   * came, before another AWB may be made. Throws `unavailable` when the courier cannot tell now.
   */
  findCreated(shipment: Shipment, since: Date): Promise<FoundAwb>;
  /** A return AWB (ReturnShipment): from the customer to the shop, nothing to collect. */
  createReturn(parcel: ReturnShipment): Promise<CreatedAwb>;
  /** Whether the courier made the return AWB of `parcel` (by its reference) from `since` on, as findCreated. */
  findReturn(parcel: ReturnShipment, since: Date): Promise<FoundAwb>;
  /** The AWB's label, a PDF in A6 (a label printer) or A4. */
  label(awb: string, format: 'A4' | 'A6'): Promise<Buffer>;
  track(awb: string): Promise<Tracking>;
  /**
   * Cancels an AWB the courier has not picked up yet (refused once it has). An AWB the courier no longer has is
   * cancelled already: asking again after an answer that never came is safe.
   */
  cancel(awb: string): Promise<void>;
  /**
   * The parcels (their AWB numbers) whose status changed between two times, at most two hours apart, where the courier
   * tells (Sameday's status-sync): the tracking job asks about those at once rather than at their next turn.
   */
  changedBetween?(from: Date, to: Date): Promise<string[]>;
  /** The courier's lockers, where it has them. */
  lockers?(): Promise<Locker[]>;
  /** The cash on delivery it paid out on a day (YYYY-MM-DD), where it reports it (FAN's bank transfers). */
  cashPaidOut?(day: string): Promise<CashPaidOut[]>;
  /** Where the courier comes for the parcels only once the shop orders it (Cargus): how, and the call. */
  pickup?: PickupOrdering;
}

/**
 * How a courier's pickup is ordered: `daily`, once a day at the start of `hours` (Bucharest, "15:00-18:00") for the
 * day's parcels; `each`, after each AWB (within two minutes); `automatic`, the courier closes the order itself at its
 * pickup location's hour (Cargus's AutomaticEOD). `order` launches it for a window and gives the courier's order number.
 */
export interface PickupOrdering {
  mode: 'daily' | 'each' | 'automatic';
  hours: { from: string; to: string };
  order(window: { from: Date; to: Date }): Promise<string>;
}

/**
 * A courier's time as it writes it, Bucharest's wall clock without a zone ("2025-08-05 12:00:00" FAN's,
 * "2026-09-30T10:00:00" Cargus's), as ISO 8601: Romania is UTC+2, UTC+3 in summer (EU rules). Text it cannot read
 * is kept as it is.
 */
export function bucharestIso(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/.exec(text.trim());
  if (!match) return text;
  const [y, mo, d, h, mi, s] = match.slice(1, 7).map(Number) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, Math.round(Number(`0.${match[7] ?? '0'}`) * 1000));
  // Summer time from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC.
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(y!, month + 1, 0));
    return Date.UTC(y!, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  const offsetHours = asUtc - 3 * 3_600_000 >= lastSunday(2) && asUtc - 3 * 3_600_000 < lastSunday(9) ? 3 : 2;
  return new Date(asUtc - offsetHours * 3_600_000).toISOString();
}

/** How one courier's API is reached: what is common to them all is courierApi's. */
export interface CourierApiSettings {
  /** The courier's name, in the errors' messages. */
  name: string;
  baseUrl: string;
  timeoutMs?: number;
  /**
   * Its sign-in: the request, where the answer's JSON holds the token, and the statuses besides 401 and 403 with which
   * it refuses the user name or password (Cargus's 400).
   */
  signIn: { path: string; init: RequestInit; token(answer: unknown): string | undefined; refused?: readonly number[] };
  /** The headers that carry the token on every other call. */
  headers(token: string): Record<string, string>;
  /** The statuses with which the courier refuses a token (signed in again once). */
  tokenRefused: readonly number[];
  /** What a 4xx answer (not the token's) says: its message and, where the courier names them, its fields. */
  refusal(response: Response): Promise<CourierError>;
}

/**
 * A courier's API as every adapter uses it: each request given `timeoutMs` (no answer in time, or no connection, is
 * `unavailable`); a token signed in for once by the process and shared by concurrent calls, signed in for again once
 * when the courier refuses it; 5xx `unavailable`, the account refused `unauthorized`, any other 4xx the courier's
 * refusal.
 */
export function courierApi(settings: CourierApiSettings) {
  const base = settings.baseUrl.replace(/\/$/, '');
  const timeoutMs = settings.timeoutMs ?? 20_000;

  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new CourierError('unavailable', `${settings.name} did not answer: ${(error as Error).message}`);
    }
  }

  const token = sharedOnce(async () => {
    const response = await send(settings.signIn.path, settings.signIn.init);
    if (response.status === 401 || response.status === 403 || settings.signIn.refused?.includes(response.status)) {
      throw new CourierError('unauthorized', `${settings.name} refused the account’s user name or password.`);
    }
    if (!response.ok) throw new CourierError('unavailable', `${settings.name} answered ${response.status} to the sign-in.`);
    const issued = settings.signIn.token(await response.json());
    if (!issued) throw new CourierError('unavailable', `${settings.name} gave no token.`);
    return issued;
  });

  /**
   * A call with the process's token; signed in again once when the courier refuses the token. `answered`: statuses
   * handed back as answers rather than taken as refusals (a 404 to a DELETE: the AWB is gone already).
   */
  async function call(path: string, init: RequestInit = {}, answered: readonly number[] = []): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const current = token.get();
      const response = await send(path, { ...init, headers: { ...init.headers, ...settings.headers(await current) } });
      if (settings.tokenRefused.includes(response.status) && attempt === 0) {
        token.forget(current);
        continue;
      }
      if (answered.includes(response.status)) return response;
      if (response.status === 401 || response.status === 403) throw new CourierError('unauthorized', `${settings.name} refused the account (its token, or its client id).`);
      if (response.status >= 500) throw new CourierError('unavailable', `${settings.name} answered ${response.status}.`);
      if (response.status >= 400) throw await settings.refusal(response);
      return response;
    }
  }

  return { call };
}
