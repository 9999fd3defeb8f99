import { inBucharest, type ParcelState } from '../../../domain/courier';
import { toDecimalString } from '../../../domain/money';
import { withoutDiacritics } from '../../../domain/text';
import { bucharestIso, type CashPaidOut, type Courier, courierApi, type CourierEvent, CourierError, type CourierField, type CreatedAwb, type Shipment, type Tracking } from './courier';

/**
 * Cargus's UrgentCargus API v3 (https://urgentcargus.azure-api.net/api, behind Azure API Management). Cargus publishes
 * no SDK: the shapes are its API documentation v3 as its integrators quote it, its WooCommerce module (the official
 * one, `cargus_create_awb`), the PrestaShop module quarkcomro/ps_cargus (classes/CargusClass.php) and the VTEX client
 * AndreiBasocVTEX/seller-order-processing (node/features/cargus): every call carries the portal's subscription key
 * (Ocp-Apim-Subscription-Key); POST /LoginUser answers a bare JSON string, the token (24 hours), sent as a Bearer and
 * taken again when refused; AWBs from POST /Awbs (the barcode back), their label as base64 PDF, their events
 * (AwbTrace), deletion before the first scan, and the COD paid out (CashAccount). Names go without diacritics (the
 * WooCommerce module strips them from the locality, third-party modules from everything).
 */

export interface CargusSettings {
  /** The API portal's subscription key (its Primary key, StandardUrgentOnlineAPI product). */
  subscriptionKey: string;
  /** The WebExpress user. */
  username: string;
  password: string;
  /** https://urgentcargus.azure-api.net/api, or CARGUS_BASE_URL. */
  baseUrl: string;
  /** The pickup location (its LocationId, PickupLocations/GetForClient); 0, the account's headquarters, when absent. */
  pickupLocation?: string;
  /** The service (its id) for deliveries to an address; 34, Economic Standard, when absent. */
  service?: string;
  timeoutMs?: number;
}

export const CARGUS_HOST = 'https://urgentcargus.azure-api.net/api';

/** Services (the documentation's annex): Economic Standard (up to 31 kg), and Ship & Go delivery to a PUDO point. */
const ECONOMIC_STANDARD = 34;
const SHIP_AND_GO = 38;

/**
 * Cargus's event ids. Cargus publishes no list; 21 is delivered (the VTEX client's "EventId 21 === Delivered", and a
 * third-party test's "Confirmat"). The ones on the way are that test's only, unconfirmed: picked up (1), out for
 * delivery (5), recipient absent (7, tried again). No id is known for a refusal or a return: the shop reads those from
 * the description ("Refuzat de destinatar", "Retur catre expeditor"), a fallback until Cargus's ids are known.
 */
const DELIVERED = 21;
const ON_ITS_WAY = new Set([1, 5, 7]);
const COMING_BACK = /refuz|retur/i;

/** The shop's field a Cargus message (Romanian or English, free text: Cargus names no fields) is about. */
const FIELDS: [RegExp, CourierField][] = [
  [/telefon|phone/i, 'phone'],
  [/e-?mail/i, 'email'],
  [/cod(ul)? postal|codpostal|postal ?code/i, 'postalCode'],
  [/judet|county/i, 'county'],
  [/localit|locality/i, 'locality'],
  [/pudo|ship ?& ?go/i, 'locker'],
  [/strad|street|adres|address|building/i, 'address'],
  [/greutat|weight/i, 'weight'],
  [/ramburs|repayment/i, 'cashOnDelivery'],
  [/valoare(a)? declarat|declared/i, 'declaredValue'],
  [/colet|parcel|plic|envelope/i, 'parcels'],
  [/observat/i, 'note'],
  [/locationid|punct(ul)? de ridicare|expeditor|sender|servic/i, 'account'],
  [/\bnume|\bname\b/i, 'name'],
];

/** Lei as Cargus takes amounts (a number). */
const lei = (bani: number) => Number(toDecimalString(bani));

/** The messages of a Cargus answer: a JSON array of them, {"Error": …} (or ASP.NET's {"Message": …}), or a bare string. */
function messagesOf(answer: unknown): string[] {
  if (Array.isArray(answer)) return answer.flatMap(messagesOf);
  if (typeof answer === 'string') return answer.trim() ? [answer.trim()] : [];
  if (answer && typeof answer === 'object') {
    const { Error: error, Message: message } = answer as { Error?: unknown; Message?: unknown };
    return messagesOf(error ?? message);
  }
  return [];
}

/** A refusal with each message under the shop's field it names, or under "Cargus" when it names none. */
function refused(answer: unknown, otherwise: string): CourierError {
  const messages = messagesOf(answer);
  const fields = messages.map((message) => ({ field: FIELDS.find(([pattern]) => pattern.test(message))?.[1] ?? 'Cargus', message }));
  return new CourierError('refused', messages.join(' ') || otherwise, fields);
}

/** The body as JSON; null when it is not. */
async function json(response: Response): Promise<unknown> {
  return response.json().catch(() => null);
}

/**
 * The parcels' weights in whole kilograms, at least 1 each: the shipment's, rounded up, shared among them as evenly as
 * whole kilograms go. Cargus wants one ParcelCodes entry per piece, TotalWeight their sum (the WooCommerce module's loop).
 */
function parcelWeights(grams: number, parcels: number): number[] {
  const count = Math.max(1, parcels);
  const total = Math.max(count, Math.ceil(grams / 1000));
  return Array.from({ length: count }, (_, index) => Math.floor(total / count) + (index < total % count ? 1 : 0));
}

export function cargusCourier(settings: CargusSettings): Courier {
  const key = { 'Ocp-Apim-Subscription-Key': settings.subscriptionKey };
  const { call } = courierApi({
    name: 'Cargus',
    baseUrl: settings.baseUrl,
    timeoutMs: settings.timeoutMs,
    signIn: {
      path: '/LoginUser',
      init: {
        method: 'POST',
        headers: { ...key, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ UserName: settings.username, Password: settings.password }),
      },
      token: (answer) => (typeof answer === 'string' && answer.trim() ? answer.trim() : undefined),
      // A wrong user or password: 400 "Failed to authenticate!" (a third-party test's; unconfirmed).
      refused: [400],
    },
    headers: (token) => ({ ...key, Accept: 'application/json', Authorization: `Bearer ${token}` }),
    tokenRefused: [401],
    refusal: async (response) => refused(await json(response), `Cargus answered ${response.status}.`),
  });

  return {
    id: 'cargus',

    async create(shipment: Shipment): Promise<CreatedAwb> {
      const plain = (text: string) => withoutDiacritics(text).trim();
      const lockerId = shipment.to.lockerId ?? null;
      const recipient = { Name: plain(shipment.recipient.name), ContactPerson: plain(shipment.recipient.name), PhoneNumber: shipment.recipient.phone, Email: shipment.recipient.email };
      let to: Record<string, unknown> = recipient;
      // To a Ship & Go point the point is the address (the WooCommerce module sends the recipient without one).
      if (!lockerId) {
        const address = shipment.to.address;
        // Bucharest is one locality at Cargus (the VTEX client and a third-party module fold the sectors into it): the
        // sector goes with the address.
        const bucharest = inBucharest(address);
        to = {
          LocationId: 0,
          ...recipient,
          CountyId: 0,
          CountyName: plain(address.county),
          LocalityId: 0,
          LocalityName: bucharest ? 'Bucuresti' : plain(address.locality),
          StreetId: 0,
          StreetName: plain(address.street),
          BuildingNumber: plain(address.number),
          AddressText: bucharest ? `${plain(address.address)}, ${plain(address.locality)}` : plain(address.address),
          CodPostal: address.postalCode,
        };
      }
      const weights = parcelWeights(shipment.weightGrams, shipment.parcels);
      const body = {
        // LocationId 0 is the account's headquarters (the documentation's notes); CARGUS_PICKUP_LOCATION names another.
        Sender: { LocationId: Number(settings.pickupLocation ?? 0) },
        Recipient: to,
        Parcels: weights.length,
        Envelopes: 0,
        TotalWeight: weights.reduce((sum, weight) => sum + weight, 0),
        ServiceId: lockerId ? SHIP_AND_GO : Number(shipment.service ?? settings.service ?? ECONOMIC_STANDARD),
        DeclaredValue: lei(shipment.declaredValue),
        // The cash the courier collects, paid out to the shop (CashAccount); the Ship & Go point may take it by card only.
        CashRepayment: lei(shipment.cashOnDelivery),
        BankRepayment: 0,
        OtherRepayment: '',
        OpenPackage: lockerId ? false : shipment.openPackage,
        SaturdayDelivery: false,
        MorningDelivery: false,
        ShipmentPayer: 1,
        Observations: plain(shipment.note),
        PackageContent: `Comanda ${plain(shipment.reference)}`,
        CustomString: shipment.reference,
        ParcelCodes: weights.map((weight, index) => ({ Code: String(index), Type: 1, Weight: weight })),
        // Ship & Go: DeliveryPudoPoint with service 38 (the documentation's "Easy Collect", the WooCommerce module's and
        // third-party modules' choice; not tried against Cargus).
        ...(lockerId ? { DeliveryPudoPoint: Number(lockerId) } : {}),
      };
      const answer = await json(await call('/Awbs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
      // The barcode, as a JSON number or string (alphanumeric in the documentation's examples: URGC10875236); an
      // error text or object answered with 200 is a refusal, not an AWB.
      const awb = typeof answer === 'number' || typeof answer === 'string' ? String(answer).trim() : '';
      if (!/^[A-Z]{0,4}\d{6,}$/i.test(awb)) throw refused(answer, 'Cargus gave no AWB.');
      return { awb, cost: null, parcels: [awb] };
    },

    async label(awb: string, format: 'A4' | 'A6'): Promise<Buffer> {
      // format 0 is A4, 1 the 10x14 cm label (the shop's A6); printMainOnce=1: one copy.
      const answer = await json(await call(`/AwbDocuments?barCodes=${encodeURIComponent(awb)}&type=PDF&format=${format === 'A4' ? 0 : 1}&printMainOnce=1`));
      const pdf = Buffer.from(typeof answer === 'string' ? answer : '', 'base64');
      if (pdf.subarray(0, 4).toString('latin1') !== '%PDF') throw new CourierError('unavailable', `Cargus gave no label for AWB ${awb}.`);
      return pdf;
    },

    async track(awb: string): Promise<Tracking> {
      const answer = await json(await call(`/AwbTrace?barCode=${encodeURIComponent(JSON.stringify([awb]))}`));
      type Trace = { Code: string | number; Event?: { Date: string; EventId: number; Description: string; LocalityName?: string | null }[] | null };
      const found = (Array.isArray(answer) ? (answer as Trace[]) : []).find((item) => String(item.Code) === awb);
      // Oldest first (Cargus's order is not documented); events of one time in Cargus's order.
      const events: CourierEvent[] = (found?.Event ?? [])
        .map((event) => ({ at: bucharestIso(event.Date), code: String(event.EventId), label: event.Description ?? '', location: event.LocalityName ?? '' }))
        .sort((a, b) => a.at.localeCompare(b.at));
      const last = events.at(-1);
      let state: ParcelState = 'in_transit';
      if (events.some((event) => event.code === String(DELIVERED))) state = 'delivered';
      else if (events.some((event) => COMING_BACK.test(event.label))) state = 'returned';
      else if (last && !ON_ITS_WAY.has(Number(last.code))) state = 'unknown';
      return { awb, state, events };
    },

    async cancel(awb: string): Promise<void> {
      // true when deleted; false once the parcel has a checkpoint ("Delete AWB that has no checkpoints", the docs 9.5).
      const answer = await json(await call(`/Awbs?barCode=${encodeURIComponent(awb)}`, { method: 'DELETE' }));
      if (answer !== true) throw new CourierError('refused', `Cargus keeps AWB ${awb}: it has been picked up already.`);
    },

    async cashPaidOut(day: string): Promise<CashPaidOut[]> {
      // Field names from the research notes (third-party, unconfirmed): the barcode as Code (BarCode read too), the lei
      // as RepaymentValue, the day paid as DeductionDate. The documentation titles the call "refunds after date": each
      // payout keeps its own day.
      const answer = await json(await call(`/CashAccount/GetByDeductionDate?DeductionDate=${encodeURIComponent(day)}`));
      type Repayment = { Code?: string | number; BarCode?: string | number; RepaymentValue?: number; DeductionDate?: string | null };
      return (Array.isArray(answer) ? (answer as Repayment[]) : [])
        .filter((item) => (item.Code ?? item.BarCode) !== undefined && (item.RepaymentValue ?? 0) > 0)
        .map((item) => ({
          awb: String(item.Code ?? item.BarCode),
          amount: Math.round((item.RepaymentValue ?? 0) * 100),
          paidOn: /^\d{4}-\d{2}-\d{2}/.test(item.DeductionDate ?? '') ? item.DeductionDate!.slice(0, 10) : day,
        }));
    },
  };
}
