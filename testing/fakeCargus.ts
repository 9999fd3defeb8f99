/**
 * A local stand-in for Cargus's UrgentCargus API v3 (https://urgentcargus.azure-api.net/api), for tests only: the
 * shop's real Cargus adapter talks to it over HTTP with its base URL set to `url`. Cargus publishes no SDK; the
 * protocol is its "Technical Documentation API" v3 (DocumentationAPIV3-2.3.4 EN.pdf, vendored by quarkcomro/cargus-ps8
 * under Documentatie-Resurse/; no licence is stated, so nothing of it is copied here beyond field names), with Cargus's
 * own PrestaShop module (cargus-ecomm/Prestashop) where the documentation is silent; docs/integrations/cargus.md gives
 * each section. It speaks: the Azure API Management gateway's subscription key on every call (401 with APIM's JSON
 * body without it), POST /LoginUser for a token answered as a bare JSON string and sent back as `Authorization:
 * Bearer`, AWBs at POST /Awbs and pickups from another location (the shop's returns) at POST /AwbPickup (§9.1: the
 * sender's address, the recipient one of the account's pickup locations, the pickup's window; the barcode as at POST
 * /Awbs, the documentation saying only "Bar code number generated") (the barcode as a JSON number; refusals as a JSON array of messages, {"Error": …} or a
 * bare string) with the annex's rules (each parcel's size for services 34, 35, 36, 39 and 40; one piece for 34 and
 * 35), the label as base64 PDF (a JSON string, as the PrestaShop module reads it, or bare), AwbTrace/WithRedirect
 * (§9.10: no event ids; who confirmed receipt), DELETE /Awbs (true, or false once the parcel has a checkpoint) and
 * the collector account's payouts of a day (CashAccount/GetByDeductionDate, §11.2: BankRepayment only). Its
 * validation messages are its own (Cargus's wording is not published).
 * Test controls play what Cargus does on its side: parcels picked up and moving (delivered, refused and returned, a
 * status the shop does not know), COD paid out, tokens revoked, a refusal, a slow or down service. Every request is
 * recorded.
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { bucharest } from './bucharestClock';
import { COURIER_COUNTIES } from './courierCounties';
import { labelPdf } from './labelPdf';
import { startStandIn } from './standIn';

/** One request the fake received, as it arrived. */
export interface CargusRecordedRequest {
  method: string;
  /** The path, without its query. */
  path: string;
  /** The decoded query (the last value of a repeated key). */
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The raw body decoded as UTF-8 ('' when there was none). */
  body: string;
  /** The parsed body when it was sent as JSON (content type …json) and parses; null otherwise. */
  json: unknown | null;
}

/** The body of POST /Awbs as the client sent it (values unchecked: whatever JSON arrived). */
export interface CargusAwbRequest {
  Sender?: { LocationId?: unknown; [key: string]: unknown };
  Recipient?: {
    Name?: unknown;
    ContactPerson?: unknown;
    PhoneNumber?: unknown;
    Email?: unknown;
    CountyName?: unknown;
    LocalityName?: unknown;
    StreetName?: unknown;
    BuildingNumber?: unknown;
    AddressText?: unknown;
    CodPostal?: unknown;
    [key: string]: unknown;
  };
  Parcels?: unknown;
  Envelopes?: unknown;
  TotalWeight?: unknown;
  ServiceId?: unknown;
  DeclaredValue?: unknown;
  CashRepayment?: unknown;
  BankRepayment?: unknown;
  OpenPackage?: unknown;
  ShipmentPayer?: unknown;
  Observations?: unknown;
  PackageContent?: unknown;
  CustomString?: unknown;
  DeliveryPudoPoint?: unknown;
  ParcelCodes?: unknown;
  [key: string]: unknown;
}

/** One tracking event of an AWB. */
export interface CargusEvent {
  /** 21 is delivered (confirmed by two integrations); the fake's other ids are placeholders (see pickUp…). */
  EventId: number;
  Description: string;
  LocalityName: string;
  /** Written as Bucharest wall-clock time "YYYY-MM-DDTHH:mm:ss" on the wire. */
  date: Date;
}

/** An AWB the fake created. */
export interface CargusAwb {
  /** 10 digits (a JSON number on creation, a string in AwbTrace and CashAccount). */
  barCode: string;
  request: CargusAwbRequest;
  createdAt: Date;
  /** Oldest first; empty until a control (pickUp, …) adds one. */
  events: CargusEvent[];
  /** Whether DELETE /Awbs removed it (no longer labelled nor traced). */
  deleted: boolean;
  /** The day (YYYY-MM-DD) its COD was paid out, or null. */
  paidOut: string | null;
  /** The return AWB made when the recipient refused it (AwbTrace/WithRedirect's ResponseCode), or undefined. */
  returnBarCode?: string;
  /** The pickup order it went with, once launched (PUT Orders). */
  order?: string;
  /** Made by POST AwbPickup (a pickup from another location, §9.1: the shop's returns) rather than POST Awbs. */
  pickup: boolean;
}

/** A pickup order launched (PUT Orders … action=1): its number, the pickup location, the window, its AWBs. */
export interface CargusPickup {
  order: string;
  location: number;
  from: Date;
  to: Date;
  awbs: string[];
}

export interface FakeCargusOptions {
  /** The API portal's subscription key (Ocp-Apim-Subscription-Key on every call). */
  subscriptionKey: string;
  /** The WebExpress user and password (POST /LoginUser). */
  username: string;
  password: string;
  /** The account's pickup locations (Sender.LocationId); 0, the headquarters, is always taken. */
  pickupLocations?: number[];
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
}

/** The running fake and its test controls. */
export interface FakeCargus {
  /** http://127.0.0.1:port, the adapter's base URL (paths such as /LoginUser, /Awbs). */
  url: string;
  requests: CargusRecordedRequest[];
  /** Successful sign-ins (POST /LoginUser answered 200) so far. */
  readonly logins: number;
  /** The AWBs created, oldest first, deleted ones included (a snapshot). */
  awbs(): CargusAwb[];
  /** Revokes every token issued so far (calls with them answer 401 "Failed to authenticate!"). */
  expireTokens(): void;
  /**
   * The next POST /Awbs that passes the gateway answers 400 with this message (besides any of its own): as a JSON
   * array of messages (Cargus's usual), as {"Error": message}, or as a bare JSON string.
   */
  refuseNext(message: string, shape?: 'array' | 'object' | 'string'): void;
  /** Appends an event to an AWB (throws for an unknown or deleted AWB). */
  report(awb: string, event: { EventId: number; Description: string; LocalityName?: string; date?: Date }): void;
  /** 1 "Expeditie preluata de curier" (a placeholder id): the courier took the parcel, it can no longer be deleted. */
  pickUp(awb: string): void;
  /** 5 "In livrare" (a placeholder id). */
  outForDelivery(awb: string): void;
  /** 21 "Confirmat": delivered. */
  deliver(awb: string): void;
  /** "Refuzat de destinatar" then "Retur catre expeditor" (placeholder ids 45, 46: Cargus's are not known), and a return AWB. */
  refuse(awb: string): void;
  /** 99 "Status nou": a status the shop cannot know. */
  unknownStatus(awb: string): void;
  /** The AWB's COD into the collector account (BankRepayment > 0) is paid out on this day, YYYY-MM-DD (default: today in Bucharest). */
  payOut(awb: string, date?: string): void;
  /** Whether AwbDocuments answers bare base64 rather than a JSON string of it. */
  labelsAsRawBase64(on: boolean): void;
  /** The pickup orders launched so far, oldest first. */
  pickups(): CargusPickup[];
  /** Every answer comes after ms milliseconds (0: back to normal). */
  slowDown(ms: number): void;
  /** While on, every request answers 500 with the gateway's JSON, as APIM does when the service behind it fails. */
  down(on: boolean): void;
  /** Stops the server, destroying open connections (delayed answers included). */
  close(): Promise<void>;
}

/** The documentation's annex (§15): Standard, Economic Standard, Standard Plus, Pallet, Easy Collect, Economic Standard M and M Plus. */
const SERVICES = [1, 34, 35, 36, 38, 39, 40];
/** "It is mandatory to declare the dimensions per parcel … for all customers who have the services listed below": §15. */
const SIZED_SERVICES = [34, 35, 36, 39, 40];
/** "One piece per shipment is allowed": §15, services 34 and 35. */
const ONE_PIECE_SERVICES = [34, 35];
const TOKEN_HOURS = 24;
/** Azure API Management's answer to a call without a valid subscription key. */
const BAD_KEY = { statusCode: 401, message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.' };
const NO_KEY = { statusCode: 401, message: 'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.' };

/** YYYY-MM-DDTHH:mm:ss in Bucharest, as Cargus writes its times (no zone). */
function stamp(date: Date) {
  const p = bucharest(date);
  return `${p.y}-${p.mo}-${p.d}T${p.h}:${p.mi}:${p.s}`;
}

/** YYYY-MM-DD in Bucharest. */
function day(date: Date) {
  const p = bucharest(date);
  return `${p.y}-${p.mo}-${p.d}`;
}

/** The number a JSON value holds (a number or a numeric string), or null. */
function numberOf(value: unknown) {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The barcodes of a query value: a JSON array (["1", 2]), or one barcode as it is. */
function barCodesOf(value: string | undefined) {
  if (value === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map(textOf);
  } catch {
    // Not JSON: one barcode.
  }
  return [value.trim()];
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** A 200 whose body is the text as it is, not JSON-encoded. */
function sendRaw(res: http.ServerResponse, text: string) {
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/** Delivered: the one id two integrations agree on (AndreiBasocVTEX's "EventId 21 === Delivered"); the fake's others are its own. */
const DELIVERED_ID = 21;

/** Starts the fake Cargus API on 127.0.0.1. */
export async function startFakeCargus(options: FakeCargusOptions): Promise<FakeCargus> {
  const requests: CargusRecordedRequest[] = [];
  /** Valid tokens → when each expires (ms). */
  const tokens = new Map<string, number>();
  const awbs: CargusAwb[] = [];
  const byBarCode = new Map<string, CargusAwb>();
  const refusals: { message: string; shape: 'array' | 'object' | 'string' }[] = [];
  const pickupLocations = new Set([0, ...(options.pickupLocations ?? [])]);
  let logins = 0;
  let nextBarCode = 1_100_223_344;
  let rawLabels = false;
  let nextOrder = 500_100_001;
  const pickups: CargusPickup[] = [];

  const live = (barCode: string) => {
    const awb = byBarCode.get(barCode.trim());
    return awb && !awb.deleted ? awb : undefined;
  };
  const known = (barCode: string) => {
    const awb = live(barCode);
    if (!awb) throw new Error(`fake Cargus: no AWB ${barCode}`);
    return awb;
  };

  function append(barCode: string, event: { EventId: number; Description: string; LocalityName?: string; date?: Date }) {
    const awb = known(barCode);
    const locality = event.LocalityName ?? (textOf(awb.request.Recipient?.LocalityName) || 'Bucuresti');
    awb.events.push({ EventId: event.EventId, Description: event.Description, LocalityName: locality, date: event.date ?? new Date() });
  }

  function login(res: http.ServerResponse, json: unknown) {
    const fields = isObject(json) ? json : {};
    // A wrong user or password: 400 with a bare string (a third-party integration's test; unconfirmed).
    if (fields.UserName !== options.username || fields.Password !== options.password) return send(res, 400, 'Failed to authenticate!');
    const token = randomBytes(48).toString('base64url');
    tokens.set(token, Date.now() + TOKEN_HOURS * 3_600_000);
    logins++;
    send(res, 200, token);
  }

  /** The checks of a party's address (a recipient's on POST Awbs, a sender's on AwbPickup), in `who`'s words. */
  function validateAddress(party: Record<string, unknown>, who: 'destinatarului' | 'expeditorului', messages: string[]) {
    if (textOf(party.Name) === '') messages.push(`Numele ${who} este obligatoriu`);
    if (typeof party.PhoneNumber !== 'string' || !/^0\d{9}$/.test(party.PhoneNumber)) messages.push(`Telefonul ${who} nu este valid`);
    const county = textOf(party.CountyName).toLowerCase();
    const locality = textOf(party.LocalityName);
    if (!COURIER_COUNTIES.includes(county)) messages.push(`Judetul ${who} nu exista`);
    // Cargus's nomenclature: names without diacritics, Bucharest one locality (its sectors are not localities).
    else if (locality === '' || /[^\x20-\x7e]/.test(locality) || (county === 'bucuresti' && locality.toLowerCase() !== 'bucuresti')) {
      messages.push(who === 'destinatarului' ? "The recipient's locality could not be matched!" : "The sender's locality could not be matched!");
    }
    if (textOf(party.AddressText) === '' && textOf(party.StreetName) === '') messages.push(`Adresa ${who} este obligatorie`);
  }

  /**
   * The fake's checks of an AWB: its messages, empty when it can be created. `pickup`: an AwbPickup's (§9.1), whose
   * Sender is an address (no LocationId) and whose Recipient is one of the account's pickup locations, with the pickup's
   * window.
   */
  function validate(awb: CargusAwbRequest, pickup = false) {
    const messages: string[] = [];
    const sender = isObject(awb.Sender) ? awb.Sender : {};
    const recipient: NonNullable<CargusAwbRequest['Recipient']> = isObject(awb.Recipient) ? awb.Recipient : {};
    const service = numberOf(awb.ServiceId);
    const pudo = awb.DeliveryPudoPoint !== undefined && awb.DeliveryPudoPoint !== null;
    const parcels = numberOf(awb.Parcels) ?? 0;
    const envelopes = numberOf(awb.Envelopes) ?? 0;
    const weight = numberOf(awb.TotalWeight);
    if (pickup) {
      validateAddress(sender, 'expeditorului', messages);
      if (!pickupLocations.has(numberOf(recipient.LocationId) ?? -1)) messages.push('Invalid LocationId for recipient');
      const [start, end] = [Date.parse(textOf(awb.PickupStartDate)), Date.parse(textOf(awb.PickupEndDate))];
      if (Number.isNaN(start) || Number.isNaN(end) || end <= start) messages.push('PickupStartDate si PickupEndDate nu sunt valide');
    } else if (!pickupLocations.has(numberOf(sender.LocationId) ?? -1)) messages.push('Invalid LocationId for sender');
    if (service === null || !SERVICES.includes(service)) messages.push('Serviciul nu exista');
    if (pudo && service !== 38) messages.push('Livrarea in punct PUDO se face cu serviciul 38');
    if (pudo && (numberOf(awb.DeliveryPudoPoint) ?? 0) <= 0) messages.push('Punctul PUDO nu exista');
    if (pudo) {
      if (textOf(recipient.Name) === '') messages.push('Numele destinatarului este obligatoriu');
      if (typeof recipient.PhoneNumber !== 'string' || !/^0\d{9}$/.test(recipient.PhoneNumber)) messages.push('Telefonul destinatarului nu este valid');
    } else if (!pickup) validateAddress(recipient, 'destinatarului', messages);
    if (parcels + envelopes < 1) messages.push('Expeditia trebuie sa aiba cel putin un colet sau plic');
    if (service !== null && ONE_PIECE_SERVICES.includes(service) && parcels + envelopes > 1) messages.push(`Serviciul ${service} permite o singura piesa pe expeditie`);
    const pieces = Array.isArray(awb.ParcelCodes) ? (awb.ParcelCodes as unknown[]) : [];
    const sized = (piece: unknown) => isObject(piece) && ['Length', 'Width', 'Height'].every((side) => (numberOf(piece[side]) ?? 0) > 0);
    if (service !== null && SIZED_SERVICES.includes(service) && !pieces.every(sized)) messages.push('Dimensiunile coletelor sunt obligatorii pentru acest serviciu');
    if (parcels > 15 || envelopes > 9) messages.push('Maximum 15 colete si 9 plicuri');
    if (weight === null || !Number.isInteger(weight) || weight < 1) messages.push('Greutatea totala trebuie sa fie un numar intreg de kilograme');
    if (!Array.isArray(awb.ParcelCodes) || awb.ParcelCodes.length !== parcels + envelopes) messages.push('ParcelCodes trebuie sa aiba cate un element pentru fiecare colet si plic');
    const cash = numberOf(awb.CashRepayment ?? 0);
    const bank = numberOf(awb.BankRepayment ?? 0);
    if (cash === null || cash < 0 || bank === null || bank < 0) messages.push('Valoarea rambursului nu este valida');
    if (![1, 2].includes(numberOf(awb.ShipmentPayer) ?? 0)) messages.push('Platitorul expeditiei nu este valid');
    return messages;
  }

  function createAwb(res: http.ServerResponse, json: unknown, pickup = false) {
    if (!isObject(json)) return send(res, 400, { Message: 'The request is invalid.' });
    const request = json as CargusAwbRequest;
    const messages = validate(request, pickup);
    const refusal = refusals.shift();
    if (refusal) messages.push(refusal.message);
    if (messages.length > 0) {
      if (refusal?.shape === 'object') return send(res, 400, { Error: messages.join('; ') });
      if (refusal?.shape === 'string') return send(res, 400, messages.join('; '));
      return send(res, 400, messages);
    }
    const barCode = nextBarCode++;
    const awb: CargusAwb = { barCode: String(barCode), request: structuredClone(request), createdAt: new Date(), events: [], deleted: false, paidOut: null, pickup };
    awbs.push(awb);
    byBarCode.set(awb.barCode, awb);
    send(res, 200, barCode);
  }

  function documents(res: http.ServerResponse, query: Record<string, string>) {
    const codes = barCodesOf(query.barCodes);
    if (codes.length === 0 || query.type?.toUpperCase() !== 'PDF') return send(res, 400, ['barCodes si type=PDF sunt obligatorii']);
    const format = query.format === '1' ? 'A6' : 'A4';
    const found = codes.map(live);
    // An unknown barcode: an empty string (a third-party test's; unconfirmed).
    if (found.some((awb) => awb === undefined)) return send(res, 200, '');
    const pages = (found as CargusAwb[]).map((awb) => [
      `Cargus AWB ${awb.barCode}`,
      `Format ${format === 'A6' ? '10x14' : 'A4'}`,
      awb.pickup
        ? `Expeditor: ${textOf(awb.request.Sender?.Name)}, ${textOf(awb.request.Sender?.LocalityName)}`
        : `Destinatar: ${textOf(awb.request.Recipient?.Name)}, ${textOf(awb.request.Recipient?.LocalityName)}`,
    ]);
    // "It returns: The code in base64" (§9.9): a JSON string, as Cargus's PrestaShop module json_decodes it; or bare.
    const base64 = labelPdf(pages, format).toString('base64');
    if (rawLabels) return sendRaw(res, base64);
    send(res, 200, base64);
  }

  // AwbTrace/WithRedirect?barCode=[…] (§9.10): Code, Type (1 a parcel), MeasuredWeight, VolumetricWeight,
  // ConfirmationName ("person who confirmed the shipment"), Observation, ResponseCode ("the return or redirected AWB")
  // and Event[] with Date, Description, LocalityName: no event ids there.
  function trace(res: http.ServerResponse, query: Record<string, string>) {
    const found = barCodesOf(query.barCode)
      .map(live)
      .filter((awb): awb is CargusAwb => awb !== undefined);
    send(
      res,
      200,
      found.map((awb) => ({
        Code: awb.barCode,
        Type: 1,
        MeasuredWeight: numberOf(awb.request.TotalWeight) ?? 0,
        VolumetricWeight: 0,
        ConfirmationName: awb.events.some((event) => event.EventId === DELIVERED_ID) ? textOf(awb.request.Recipient?.Name) : '',
        Observation: '',
        ResponseCode: awb.returnBarCode ?? '',
        Event: awb.events.map((event) => ({ Date: stamp(event.date), Description: event.Description, LocalityName: event.LocalityName })),
      })),
    );
  }

  function remove(res: http.ServerResponse, query: Record<string, string>) {
    const awb = live(query.barCode ?? '');
    if (!awb || awb.events.length > 0) return send(res, 200, false);
    awb.deleted = true;
    send(res, 200, true);
  }

  // CashAccount/GetByDeductionDate?DeductionDate=yyyy-mm-dd (§11.2): the collector account's repayments (BankRepayment;
  // cash returned in envelopes is not in it), with the fields §11 lists. Their formats are not documented: dates as
  // Cargus writes them elsewhere (yyyy-MM-ddTHH:mm:ss), amounts as numbers.
  function cashAccount(res: http.ServerResponse, query: Record<string, string>) {
    const date = query.DeductionDate ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return send(res, 400, ['DeductionDate trebuie sa fie yyyy-mm-dd']);
    send(
      res,
      200,
      awbs
        .filter((awb) => awb.paidOut === date)
        .map((awb, index) => ({
          Date: stamp(awb.createdAt),
          BarCode: awb.barCode,
          Sender: 'Magazin',
          Receiver: textOf(awb.request.Recipient?.Name),
          FromLocality: 'Bucuresti',
          ToLocality: textOf(awb.request.Recipient?.LocalityName),
          CustomString: textOf(awb.request.CustomString),
          RepaymentDate: `${day(awb.createdAt)}T00:00:00`,
          RepaymentId: 700_000 + index,
          RepaymentValue: numberOf(awb.request.BankRepayment) ?? 0,
          DeductionDate: `${date}T00:00:00`,
          DeductionId: 500_000 + index,
        })),
    );
  }

  // PUT Orders?locationId&action&PickupStartDate&PickupEndDate (§10.1): action 1 launches the pickup location's open
  // order (the AWBs made there since its last one) and answers its number; 0 cancels it. No open order to launch: the
  // fake's own refusal (Cargus's wording is not published).
  function order(res: http.ServerResponse, query: Record<string, string>) {
    const location = numberOf(query.locationId);
    const [start, end] = [Date.parse(query.PickupStartDate ?? ''), Date.parse(query.PickupEndDate ?? '')];
    if (location === null || !pickupLocations.has(location)) return send(res, 400, ['Punctul de ridicare nu exista']);
    if (!['0', '1'].includes(query.action ?? '') || Number.isNaN(start) || Number.isNaN(end) || end <= start) return send(res, 400, ['action, PickupStartDate si PickupEndDate nu sunt valide']);
    const open = awbs.filter((awb) => !awb.pickup && !awb.deleted && awb.order === undefined && (numberOf(awb.request.Sender?.LocationId) ?? 0) === location);
    if (open.length === 0) return send(res, 400, ['Nu exista o comanda deschisa pentru acest punct de ridicare']);
    const number = nextOrder++;
    for (const awb of open) awb.order = query.action === '1' ? String(number) : undefined;
    if (query.action === '1') pickups.push({ order: String(number), location, from: new Date(start), to: new Date(end), awbs: open.map((awb) => awb.barCode) });
    send(res, 200, number);
  }

  // Awbs/GetByDate?FromDate&ToDate (mm-dd-yyyy)&pageNumber&itemsPerPage (§9.7): the AWBs made in those days, each
  // as the documentation's example has it (the request's fields, BarCode, Status; "Deleted" for one deleted, as
  // Cargus's PrestaShop module reads it).
  function awbsByDate(res: http.ServerResponse, query: Record<string, string>) {
    const dayOf = (text: string | undefined) => {
      const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text ?? '');
      return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
    };
    const [from, to] = [dayOf(query.FromDate), dayOf(query.ToDate)];
    if (!from || !to) return send(res, 400, ['FromDate si ToDate trebuie sa fie mm-dd-yyyy']);
    const page = Math.max(1, numberOf(query.pageNumber) ?? 1);
    const perPage = Math.max(1, numberOf(query.itemsPerPage) ?? 100);
    const made = awbs.filter((awb) => day(awb.createdAt) >= from && day(awb.createdAt) <= to);
    send(
      res,
      200,
      made.slice((page - 1) * perPage, page * perPage).map((awb) => ({
        ...awb.request,
        BarCode: awb.barCode,
        ValidationDate: `${stamp(awb.createdAt)}.000Z`,
        Status: awb.deleted ? 'Deleted' : 'Validated',
      })),
    );
  }

  const routes: Record<string, string[]> = {
    '/LoginUser': ['POST'],
    '/Awbs': ['POST', 'DELETE'],
    '/AwbPickup': ['POST'],
    '/AwbDocuments': ['GET'],
    '/AwbTrace/WithRedirect': ['GET'],
    '/Awbs/GetByDate': ['GET'],
    '/Orders': ['PUT'],
    '/CashAccount/GetByDeductionDate': ['GET'],
  };

  function handle(req: http.IncomingMessage, res: http.ServerResponse, path: string, query: Record<string, string>, json: unknown) {
    const method = req.method ?? 'GET';
    // The gateway first: no key, or a wrong one, before anything else (even an unknown path).
    const key = req.headers['ocp-apim-subscription-key'];
    if (key === undefined) return send(res, 401, NO_KEY);
    if (key !== options.subscriptionKey) return send(res, 401, BAD_KEY);
    const allowed = routes[path];
    if (!allowed) return send(res, 404, { statusCode: 404, message: 'Resource not found' });
    if (!allowed.includes(method)) return send(res, 405, { Message: `The requested resource does not support http method '${method}'.` });
    if (path === '/LoginUser') return login(res, json);

    const bearer = req.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= Date.now()) return send(res, 401, 'Failed to authenticate!');

    if (path === '/Awbs') return method === 'POST' ? createAwb(res, json) : remove(res, query);
    if (path === '/AwbPickup') return createAwb(res, json, true);
    if (path === '/AwbDocuments') return documents(res, query);
    if (path === '/AwbTrace/WithRedirect') return trace(res, query);
    if (path === '/Awbs/GetByDate') return awbsByDate(res, query);
    if (path === '/Orders') return order(res, query);
    return cashAccount(res, query);
  }

  const standIn = await startStandIn({
    port: options.port,
    record: ({ req, url, raw, json }) => {
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: raw.toString('utf8'), json });
    },
    answer: ({ req, res, url, json }) => handle(req, res, url.pathname.replace(/(.)\/+$/, '$1'), Object.fromEntries(url.searchParams), json),
    whenDown: (res) => send(res, 500, { statusCode: 500, message: 'Internal server error', activityId: randomBytes(16).toString('hex') }),
    failed: (res, error) => send(res, 500, { Message: String(error) }),
  });

  return {
    url: standIn.origin,
    requests,
    get logins() {
      return logins;
    },
    awbs: () => awbs.map((awb) => ({ ...awb, request: structuredClone(awb.request), events: awb.events.map((event) => ({ ...event })) })),
    expireTokens() {
      tokens.clear();
    },
    refuseNext(message: string, shape: 'array' | 'object' | 'string' = 'array') {
      refusals.push({ message, shape });
    },
    report: append,
    pickUp(awb: string) {
      append(awb, { EventId: 1, Description: 'Expeditie preluata de curier', LocalityName: 'Bucuresti' });
    },
    outForDelivery(awb: string) {
      append(awb, { EventId: 5, Description: 'In livrare' });
    },
    deliver(awb: string) {
      append(awb, { EventId: DELIVERED_ID, Description: 'Confirmat' });
    },
    refuse(awb: string) {
      append(awb, { EventId: 45, Description: 'Refuzat de destinatar' });
      append(awb, { EventId: 46, Description: 'Retur catre expeditor' });
      known(awb).returnBarCode ??= String(nextBarCode++);
    },
    labelsAsRawBase64(on: boolean) {
      rawLabels = on;
    },
    pickups: () => pickups.map((pickup) => ({ ...pickup, awbs: [...pickup.awbs] })),
    unknownStatus(awb: string) {
      append(awb, { EventId: 99, Description: 'Status nou' });
    },
    payOut(barCode: string, date = day(new Date())) {
      const awb = known(barCode);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`fake Cargus: payOut date ${date} is not YYYY-MM-DD`);
      if (!((numberOf(awb.request.BankRepayment) ?? 0) > 0)) throw new Error(`fake Cargus: AWB ${barCode} has no COD into the collector account to pay out`);
      awb.paidOut = date;
    },
    slowDown: standIn.slowDown,
    down: standIn.down,
    close: standIn.close,
  };
}
