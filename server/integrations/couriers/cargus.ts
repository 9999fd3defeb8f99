import { inBucharest, type ParcelState } from '../../../domain/courier';
import { bucharestDay } from '../../../domain/locale';
import { awbOf, cargusPdf, json, refused } from './cargusAnswers';
import { cargusService, ECONOMIC_STANDARD, lei, parcelWeights, plain, returnPickupWindow, SHIP_AND_GO } from './cargusRules';
import {
  bucharestIso,
  type CashPaidOut,
  type Courier,
  CourierError,
  type CourierEvent,
  type CreatedAwb,
  courierApi,
  type FoundAwb,
  type ReturnShipment,
  type Shipment,
  type Tracking,
} from './courier';

/**
 * Cargus's UrgentCargus API v3 (https://urgentcargus.azure-api.net/api, behind Azure API Management). Cargus publishes
 * no SDK: the shapes are its API documentation v3 as its integrators quote it, its WooCommerce module (the official
 * one, `cargus_create_awb`), the PrestaShop module quarkcomro/ps_cargus (classes/CargusClass.php) and the VTEX client
 * AndreiBasocVTEX/seller-order-processing (node/features/cargus): every call carries the portal's subscription key
 * (Ocp-Apim-Subscription-Key); POST /LoginUser answers a bare JSON string, the token (24 hours), sent as a Bearer and
 * taken again when refused; AWBs from POST /Awbs (the barcode back), their label as base64 PDF, their events
 * (AwbTrace/WithRedirect), deletion before the first scan, and the COD paid out into the collector account
 * (CashAccount). docs/integrations/cargus.md names the documentation's section for each. Names go without diacritics (the
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
  /** The service (its id) for a one-piece delivery to an address; 34, Economic Standard, when absent. */
  service?: string;
  /**
   * Where the cash collected goes: `collector` (BankRepayment, "the sum returned to the sender in the collector
   * account", the one CashAccount lists) or `envelope` (CashRepayment, "returned to the sender in an envelope"): the
   * documentation v3 §9.2 and §11. `collector` when absent.
   */
  cashOnDelivery?: 'collector' | 'envelope';
  /**
   * How the day's pickup order is launched (§10.1, §13: "The order closes when: Call Orders with PUT … action = 1 … or
   * AutomaticEOD"): daily at the start of `hours`, after each AWB, or by the pickup location itself (automatic).
   */
  pickup?: { mode: 'daily' | 'each' | 'automatic'; hours: { from: string; to: string } };
  timeoutMs?: number;
}

export const CARGUS_HOST = 'https://urgentcargus.azure-api.net/api';

/**
 * Reading a parcel's trace. The documented call is AwbTrace/WithRedirect (§9.10: the plain AwbTrace is not in the
 * documentation), which also follows a return or redirect AWB. Its events carry a date, a description and a locality;
 * no list of event ids is published (nor is EventId listed there). So: delivered when Cargus names who confirmed
 * receipt (ConfirmationName, §9.10) or gives event id 21 (delivered in the VTEX client AndreiBasocVTEX's Cargus code);
 * an event that reads as a refusal or a return, or a return/redirect AWB (ResponseCode), is shown to the owner as a
 * status the shop does not know rather than guessed into a return; anything else is on its way.
 */
const DELIVERED = 21;
const LOOKS_LIKE_COMING_BACK = /refuz|retur/i;

export function cargusCourier(settings: CargusSettings): Courier {
  const key = { 'Ocp-Apim-Subscription-Key': settings.subscriptionKey };
  const envelope = settings.cashOnDelivery === 'envelope';
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

  /**
   * Cargus has no lookup by CustomString; its AWBs of a period (Awbs/GetByDate, §9.7: FromDate and ToDate as
   * mm-dd-yyyy, pageNumber, itemsPerPage) carry it, with the barcode and the AWB's Status ("Deleted" for one deleted:
   * Cargus's PrestaShop module, CargusOrdersController.php line 342).
   */
  async function madeWith(reference: string, since: Date): Promise<FoundAwb> {
    const mmddyyyy = (day: string) => `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
    const from = mmddyyyy(bucharestDay(since));
    const to = mmddyyyy(bucharestDay(new Date()));
    for (let page = 1; page <= 50; page += 1) {
      const answer = await json(await call(`/Awbs/GetByDate?FromDate=${from}&ToDate=${to}&pageNumber=${page}&itemsPerPage=100`));
      const awbs = Array.isArray(answer) ? (answer as { BarCode?: string | number; CustomString?: string | null; Status?: string | null }[]) : [];
      const found = awbs.find((awb) => awb.CustomString === reference && awb.BarCode != null && awb.Status !== 'Deleted');
      if (found) return { made: { awb: String(found.BarCode), cost: null, parcels: [String(found.BarCode)] } };
      if (awbs.length < 100) break;
    }
    return { made: null };
  }

  return {
    id: 'cargus',

    async create(shipment: Shipment): Promise<CreatedAwb> {
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
      if (lockerId && weights.length > 1) throw new CourierError('refused', 'Cargus takes one parcel to a Ship & Go point.', [{ field: 'parcels', message: 'One parcel.' }]);
      const body = {
        // LocationId 0 is the account's headquarters (the documentation's notes); CARGUS_PICKUP_LOCATION names another.
        Sender: { LocationId: Number(settings.pickupLocation ?? 0) },
        Recipient: to,
        Parcels: weights.length,
        Envelopes: 0,
        TotalWeight: weights.reduce((sum, weight) => sum + weight, 0),
        ServiceId: lockerId ? SHIP_AND_GO : shipment.service ? Number(shipment.service) : cargusService(weights, Number(settings.service ?? ECONOMIC_STANDARD)),
        DeclaredValue: lei(shipment.declaredValue),
        // The cash the courier collects: into the collector account (BankRepayment, listed by CashAccount, which the shop
        // reads), or brought back in an envelope (CashRepayment) when the owner prefers it.
        CashRepayment: envelope ? lei(shipment.cashOnDelivery) : 0,
        BankRepayment: envelope ? 0 : lei(shipment.cashOnDelivery),
        OtherRepayment: '',
        OpenPackage: lockerId ? false : shipment.openPackage,
        SaturdayDelivery: false,
        MorningDelivery: false,
        ShipmentPayer: 1,
        Observations: plain(shipment.note),
        // What the label says is inside: neutral with discreet shipping (issue 47); the reference is CustomString's.
        PackageContent: plain(shipment.contents ?? `Comanda ${shipment.reference}`),
        CustomString: shipment.reference,
        // Each parcel with its size (mandatory for services 34, 35, 36, 39 and 40: the annex, §15), in centimetres as
        // the volumetric formula L x l x H / 6000 reads it; Type 1 a parcel (§9.10, and Cargus's own modules).
        ParcelCodes: weights.map((weight, index) => ({
          Code: String(index),
          Type: 1,
          Weight: weight,
          Length: shipment.dimensionsCm.length,
          Width: shipment.dimensionsCm.width,
          Height: shipment.dimensionsCm.height,
        })),
        // Ship & Go: DeliveryPudoPoint with service 38 (the documentation's "Easy Collect", the WooCommerce module's and
        // third-party modules' choice; not tried against Cargus).
        ...(lockerId ? { DeliveryPudoPoint: Number(lockerId) } : {}),
      };
      return awbOf(await json(await call('/Awbs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })));
    },

    findCreated: (shipment: Shipment, since: Date) => madeWith(shipment.reference, since),

    /**
     * A return (issue 45): POST AwbPickup, "Pick-up from another location" (§9.1): the customer as Sender with their full
     * address (no LocationId), the shop's pickup location as Recipient (by its LocationId, 0 the headquarters, as for
     * Sender on POST Awbs), nothing to collect (CashRepayment and BankRepayment 0), the shop paying (ShipmentPayer 1);
     * the pickup window the next working day (returnPickupWindow). It answers "Bar code number generated".
     */
    async createReturn(parcel: ReturnShipment): Promise<CreatedAwb> {
      const from = parcel.sender.address;
      const bucharest = inBucharest(from);
      const weights = parcelWeights(parcel.weightGrams, parcel.parcels);
      const body = {
        ...returnPickupWindow(new Date()),
        SenderClientId: null,
        Sender: {
          Name: plain(parcel.sender.name),
          CountyName: plain(from.county),
          LocalityName: bucharest ? 'Bucuresti' : plain(from.locality),
          StreetName: plain(from.street),
          BuildingNumber: plain(from.number),
          AddressText: bucharest ? `${plain(from.address)}, ${plain(from.locality)}` : plain(from.address),
          ContactPerson: plain(parcel.sender.name),
          PhoneNumber: parcel.sender.phone,
          Email: parcel.sender.email,
          CodPostal: from.postalCode,
        },
        Recipient: { LocationId: Number(settings.pickupLocation ?? 0) },
        Parcels: weights.length,
        Envelopes: 0,
        TotalWeight: weights.reduce((sum, weight) => sum + weight, 0),
        ServiceId: cargusService(weights, Number(settings.service ?? ECONOMIC_STANDARD)),
        DeclaredValue: lei(parcel.declaredValue),
        CashRepayment: 0,
        BankRepayment: 0,
        OtherRepayment: '',
        OpenPackage: false,
        SaturdayDelivery: false,
        MorningDelivery: false,
        ShipmentPayer: 1,
        Observations: plain(parcel.note),
        PackageContent: `Retur ${plain(parcel.reference)}`,
        CustomString: parcel.reference,
        ParcelCodes: weights.map((weight, index) => ({
          Code: String(index),
          Type: 1,
          Weight: weight,
          Length: parcel.dimensionsCm.length,
          Width: parcel.dimensionsCm.width,
          Height: parcel.dimensionsCm.height,
        })),
      };
      return awbOf(await json(await call('/AwbPickup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })));
    },

    findReturn: (parcel: ReturnShipment, since: Date) => madeWith(parcel.reference, since),

    async label(awb: string, format: 'A4' | 'A6'): Promise<Buffer> {
      // barCodes a JSON list (the documentation's example, §9.9); format 0 is A4, 1 the 10x14 cm label (the shop's A6);
      // printMainOnce=1: one copy.
      const response = await call(`/AwbDocuments?barCodes=${encodeURIComponent(JSON.stringify([awb]))}&type=PDF&format=${format === 'A4' ? 0 : 1}&printMainOnce=1`);
      const pdf = cargusPdf(await response.text());
      if (pdf.subarray(0, 4).toString('latin1') !== '%PDF') throw new CourierError('unavailable', `Cargus gave no label for AWB ${awb}.`);
      return pdf;
    },

    async track(awb: string): Promise<Tracking> {
      const answer = await json(await call(`/AwbTrace/WithRedirect?barCode=${encodeURIComponent(JSON.stringify([awb]))}`));
      type Trace = {
        Code: string | number;
        ConfirmationName?: string | null;
        ResponseCode?: string | number | null;
        Event?: { Date: string; EventId?: number | null; Description: string; LocalityName?: string | null }[] | null;
      };
      const found = (Array.isArray(answer) ? (answer as Trace[]) : []).find((item) => String(item.Code) === awb);
      // Oldest first (Cargus's order is not documented); events of one time in Cargus's order.
      const events: CourierEvent[] = (found?.Event ?? [])
        .map((event) => ({ at: bucharestIso(event.Date), code: event.EventId == null ? '' : String(event.EventId), label: event.Description ?? '', location: event.LocalityName ?? '' }))
        .sort((a, b) => a.at.localeCompare(b.at));
      let state: ParcelState = 'in_transit';
      if (found?.ConfirmationName?.trim() || events.some((event) => event.code === String(DELIVERED))) state = 'delivered';
      else if (String(found?.ResponseCode ?? '').trim() || events.some((event) => LOOKS_LIKE_COMING_BACK.test(event.label))) state = 'unknown';
      return { awb, state, events };
    },

    async cancel(awb: string): Promise<void> {
      // true when deleted; false when it does not exist or has a checkpoint (§9.5): its trace tells which (a deleted
      // AWB is no longer traced).
      const answer = await json(await call(`/Awbs?barCode=${encodeURIComponent(awb)}`, { method: 'DELETE' }));
      if (answer === true) return;
      const traced = await json(await call(`/AwbTrace/WithRedirect?barCode=${encodeURIComponent(JSON.stringify([awb]))}`));
      if (Array.isArray(traced) && traced.some((item: { Code?: unknown }) => String(item.Code) === awb)) {
        throw new CourierError('refused', `Cargus keeps AWB ${awb}: it has been picked up already.`);
      }
    },

    pickup: {
      mode: settings.pickup?.mode ?? 'daily',
      hours: settings.pickup?.hours ?? { from: '15:00', to: '18:00' },
      /**
       * Launches the pickup location's open order (PUT Orders?locationId&action=1&PickupStartDate&PickupEndDate, §10.1:
       * dates as its example writes them, ISO in UTC); Cargus answers the order's number.
       */
      async order(window: { from: Date; to: Date }): Promise<string> {
        const query = new URLSearchParams({
          locationId: String(Number(settings.pickupLocation ?? 0)),
          action: '1',
          PickupStartDate: window.from.toISOString(),
          PickupEndDate: window.to.toISOString(),
        });
        const answer = await json(await call(`/Orders?${query}`, { method: 'PUT' }));
        const order = typeof answer === 'number' || typeof answer === 'string' ? String(answer).trim() : '';
        if (!/^\d+$/.test(order)) throw refused(answer, 'Cargus gave no order number.');
        return order;
      },
    },

    /**
     * The collector account's payouts of a day (CashAccount/GetByDeductionDate, §11.2: BarCode, RepaymentValue,
     * DeductionDate, "date of payment order"). None for cash brought back in envelopes, which CashAccount does not list.
     */
    ...(envelope
      ? {}
      : {
          async cashPaidOut(day: string): Promise<CashPaidOut[]> {
            const answer = await json(await call(`/CashAccount/GetByDeductionDate?DeductionDate=${encodeURIComponent(day)}`));
            type Repayment = { BarCode?: string | number; RepaymentValue?: number | string; DeductionDate?: string | null };
            return (Array.isArray(answer) ? (answer as Repayment[]) : [])
              .filter((item) => item.BarCode !== undefined && Number(item.RepaymentValue ?? 0) > 0)
              .map((item) => ({
                awb: String(item.BarCode),
                amount: Math.round(Number(item.RepaymentValue) * 100),
                // The day of the payment order as Cargus writes it (its format is not documented: an ISO date is read),
                // else the day asked for, which is that day by the call's definition.
                paidOn: /^\d{4}-\d{2}-\d{2}/.test(item.DeductionDate ?? '') ? item.DeductionDate!.slice(0, 10) : day,
              }));
          },
        }),
  };
}
