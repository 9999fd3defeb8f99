/**
 * A local stand-in for FAN Courier's API v2 (https://api.fancourier.ro, the protocol of daika7ana/fancourier-api-v2),
 * for tests only: the shop's real FAN adapter talks to it over HTTP with its base URL set to `url`. It speaks the wire
 * protocol: login at POST /login (credentials as query params, or as urlencoded, multipart or JSON body fields) for a
 * "<digits>|<random>" token sent back as `Authorization: Bearer`, AWB creation at POST /intern-awb with FAN's
 * per-shipment results (HTTP 200 even when a shipment fails), the PDF label, deletion of an AWB not yet picked up,
 * tracking with FAN's event codes, and the COD bank transfers of a day. Test controls play what FAN does on its side:
 * parcels picked up and moving (delivered, refused and returned, a status the shop does not know), COD paid out,
 * tokens revoked, a field refused, a slow or down service. Every request is recorded.
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { bucharest } from './bucharestClock';
import { COURIER_COUNTIES } from './courierCounties';
import { labelPdf, type PAGE_SIZES } from './labelPdf';
import { startStandIn } from './standIn';

/** One request the fake received, as it arrived. */
export interface FanRecordedRequest {
  method: string;
  /** The path, without its query. */
  path: string;
  /**
   * The decoded query. A repeated key, or a key written with brackets (`awb[]`, `awbs[]`, `awb[0]` as PHP's
   * http_build_query writes it, percent-encoded or not), is gathered into an array under the name without brackets.
   */
  query: Record<string, string | string[]>;
  headers: http.IncomingHttpHeaders;
  /** The raw body decoded as UTF-8 ('' when there was none). */
  body: string;
  /** The parsed body when it was sent as JSON (content type …json) and parses; null otherwise. */
  json: unknown | null;
}

/**
 * One shipment of POST /intern-awb, as the client sent it (values unchecked: whatever JSON arrived).
 * Fields this fake does not read (bank, dimensions, sender, …) are kept too.
 */
export interface FanShipmentRequest {
  info?: {
    service?: unknown;
    packages?: { parcel?: unknown; envelope?: unknown; [key: string]: unknown };
    weight?: unknown;
    cod?: unknown;
    declaredValue?: unknown;
    payment?: unknown;
    observation?: unknown;
    content?: unknown;
    options?: unknown;
    [key: string]: unknown;
  };
  /** A sender other than the account (a return's customer), as the recipient. */
  sender?: FanShipmentRequest['recipient'];
  recipient?: {
    name?: unknown;
    phone?: unknown;
    email?: unknown;
    address?: { county?: unknown; locality?: unknown; street?: unknown; streetNo?: unknown; zipCode?: unknown; [key: string]: unknown };
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** One tracking event of an AWB. */
export interface FanEvent {
  /** FAN's event code: C0 picked up, H10 in transit, S2 delivered, S6 refused, … */
  id: string;
  name: string;
  location: string;
  /** Written as Bucharest wall-clock time "YYYY-MM-DD HH:mm:ss" on the wire. */
  date: Date;
}

/** An event for report(): id and name, location defaulting to the recipient's locality and date to now. */
export interface FanReport {
  id: string;
  name: string;
  location?: string;
  date?: Date;
}

/** An AWB the fake created, for assertions such as "created once, with this recipient". */
export interface FanAwb {
  /** 13 digits, starting with 2 (a number in the create response, a string in the reports). */
  awbNumber: string;
  /** The shipment of the creating request, as sent. */
  request: FanShipmentRequest;
  createdAt: Date;
  /** Oldest first; empty until a control (pickUp, …) adds one. */
  events: FanEvent[];
  /** Whether DELETE /awb removed it (it then answers 404 everywhere and is no longer tracked). */
  deleted: boolean;
  /** The day (YYYY-MM-DD) its COD was paid out by bank transfer, or null. */
  paidOut: string | null;
  /** Set by refuse(): the AWB the parcel comes back under. */
  returnAwbNumber: string | null;
  /** Set by payOut(): the AWB of the COD reimbursement. */
  reimbursementAwbNumber: string | null;
}

export interface FakeFanOptions {
  /** The API user (username at POST /login). */
  username: string;
  /** The API password. */
  password: string;
  /** The client id of the account: every call must carry it (clientId in the JSON body or the query). */
  clientId: string;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
}

/** The running fake and its test controls. */
export interface FakeFan {
  /** http://127.0.0.1:port, the adapter's base URL (paths such as /login, /intern-awb). */
  url: string;
  requests: FanRecordedRequest[];
  /** Successful logins (POST /login answered 200) so far. */
  readonly logins: number;
  /** Authenticated GET /reports/awb/tracking calls so far, per AWB number asked for (known or not). */
  trackingCalls: Map<string, number>;
  /** The AWBs created, oldest first, deleted ones included (a snapshot). */
  awbs(): FanAwb[];
  /** Revokes every token issued so far (calls with them answer 401 "Unauthenticated."). */
  expireTokens(): void;
  /**
   * Every shipment of the next POST /intern-awb that gets as far as validation fails with this error (besides any
   * other), e.g. ('recipient.phone', 'Numarul de telefon nu este valid').
   */
  refuseField(path: string, message: string): void;
  /** Appends an event to an AWB (throws for an unknown or deleted AWB). */
  report(awb: string, event: FanReport): void;
  /** C0 "Expeditie ridicata" in Bucuresti: the courier took the parcel, it can no longer be deleted. */
  pickUp(awb: string): void;
  /** H10 "In tranzit". */
  inTransit(awb: string): void;
  /** S2 "Livrat". */
  deliver(awb: string): void;
  /**
   * S6 "Refuz la livrare", and a returnAwbNumber from then on. The real refusal and return codes are unconfirmed
   * (the full list is at GET /reports/awb-events): adapters should also rely on returnAwbNumber.
   */
  refuse(awb: string): void;
  /** Z9 "Status nou": a status the shop cannot know. */
  unknownStatus(awb: string): void;
  /** The AWB's COD (info.cod, > 0) is paid out on this day, YYYY-MM-DD (default: today in Bucharest); throws without COD. */
  payOut(awb: string, date?: string): void;
  /** Every answer (or only those to `paths`) comes after ms milliseconds, the request handled then (0: back to normal). */
  slowDown(ms: number, paths?: string[]): void;
  /** While on, every request answers 503 with an HTML page, as a proxy in front of a down service does. */
  down(on: boolean): void;
  /** Stops the server, destroying open connections (delayed answers included). */
  close(): Promise<void>;
}

const SERVICES = ['Standard', 'Cont Colector'];
const TOKEN_HOURS = 24;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DOWN_PAGE =
  '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n' +
  '<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** YYYY-MM-DD HH:mm:ss in Bucharest, as FAN writes its times (no zone). */
function stamp(date: Date) {
  const p = bucharest(date);
  return `${p.y}-${p.mo}-${p.d} ${p.h}:${p.mi}:${p.s}`;
}

/** YYYY-MM-DD in Bucharest. */
function day(date: Date) {
  const p = bucharest(date);
  return `${p.y}-${p.mo}-${p.d}`;
}

/** The query, bracketed and repeated keys gathered into arrays under the name without brackets. */
function queryOf(params: URLSearchParams) {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const bracketed = key.match(/^(.+?)\[\d*\]$/);
    const name = bracketed ? bracketed[1]! : key;
    const existing = query[name];
    if (existing === undefined) query[name] = bracketed ? [value] : value;
    else query[name] = [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

/** A query value (the first when there are several). */
const first = (query: Record<string, string | string[]>, name: string) => {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
};
/** A query value as a list. */
const all = (query: Record<string, string | string[]>, name: string) => {
  const value = query[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

/** The number a JSON value holds (a number or a numeric string), or null. */
function numberOf(value: unknown) {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A token as FAN (Laravel Sanctum) writes it: "<id>|<40 alphanumerics>". */
function tokenText(id: number) {
  const random = [...randomBytes(40)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
  return `${id}|${random}`;
}

/** One A4, A5 or A6 page per AWB, showing its number, the format and the recipient. */
function fanLabel(awbs: FanAwb[], format: keyof typeof PAGE_SIZES) {
  return labelPdf(
    awbs.map((awb) => [`FAN Courier AWB ${awb.awbNumber}`, `Format ${format}`, `Destinatar: ${textOf(awb.request.recipient?.name)}, ${textOf(awb.request.recipient?.address?.locality)}`]),
    format,
  );
}

function send(res: http.ServerResponse, status: number, type: string, body: string | Uint8Array, headers: http.OutgoingHttpHeaders = {}) {
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(body);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  send(res, status, 'application/json', JSON.stringify(body));
}

/** FAN's plain error body: {"status":"error","message":"AWB inexistent"}. */
function apiError(res: http.ServerResponse, status: number, message: string) {
  sendJson(res, status, { status: 'error', message });
}

/** The string fields of a urlencoded, multipart or JSON body ({} for any other). */
async function bodyFields(type: string, raw: Buffer, json: unknown) {
  const fields: Record<string, string> = {};
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  if (/^multipart\/form-data\b/i.test(type)) {
    try {
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
      for (const [key, value] of form) if (typeof value === 'string') fields[key] = value;
    } catch {
      // A malformed multipart body carries no fields.
    }
  }
  if (isObject(json)) for (const [key, value] of Object.entries(json)) if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
  return fields;
}

/** Starts the fake FAN Courier API v2 on 127.0.0.1. */
export async function startFakeFan(options: FakeFanOptions): Promise<FakeFan> {
  const requests: FanRecordedRequest[] = [];
  const trackingCalls = new Map<string, number>();
  /** Valid tokens → when each expires (ms). */
  const tokens = new Map<string, number>();
  const awbs: FanAwb[] = [];
  const byNumber = new Map<string, FanAwb>();
  const refusals: { path: string; message: string }[] = [];
  let logins = 0;
  let nextToken = 48_944_740;
  let nextAwb = 2_332_300_120_218;

  /** The live (not deleted) AWB with this number, or undefined. */
  const live = (awbNumber: string) => {
    const awb = byNumber.get(awbNumber.trim());
    return awb && !awb.deleted ? awb : undefined;
  };
  const known = (awbNumber: string) => {
    const awb = live(awbNumber);
    if (!awb) throw new Error(`fake FAN: no AWB ${awbNumber}`);
    return awb;
  };

  function append(awbNumber: string, event: FanReport) {
    const awb = known(awbNumber);
    const location = event.location ?? (textOf(awb.request.recipient?.address?.locality) || 'Bucuresti');
    awb.events.push({ id: event.id, name: event.name, location, date: event.date ?? new Date() });
  }

  async function login(req: http.IncomingMessage, res: http.ServerResponse, query: Record<string, string | string[]>, raw: Buffer, json: unknown) {
    const fields = await bodyFields(req.headers['content-type'] ?? '', raw, json);
    const username = fields.username ?? first(query, 'username');
    const password = fields.password ?? first(query, 'password');
    if (username !== options.username || password !== options.password) return apiError(res, 401, 'Invalid credentials');
    const token = tokenText(nextToken++);
    const expiresAt = Date.now() + TOKEN_HOURS * 3_600_000;
    tokens.set(token, expiresAt);
    logins++;
    sendJson(res, 200, { status: 'success', data: { token, expiresAt: stamp(new Date(expiresAt)) } });
  }

  /** The checks of a person and address (`recipient`, or a `sender`), its errors under `who.…`. */
  function checkParty(who: 'recipient' | 'sender', party: NonNullable<FanShipmentRequest['recipient']>, errors: Record<string, string>) {
    const address: NonNullable<NonNullable<FanShipmentRequest['recipient']>['address']> = isObject(party.address) ? party.address : {};
    const person = who === 'recipient' ? 'destinatarului' : 'expeditorului';
    if (textOf(party.name) === '') errors[`${who}.name`] = `Numele ${person} este obligatoriu`;
    if (typeof party.phone !== 'string' || !/^0\d{9}$/.test(party.phone)) errors[`${who}.phone`] = 'Numarul de telefon nu este valid';
    if (typeof address.county !== 'string' || !COURIER_COUNTIES.includes(address.county.trim().toLowerCase())) errors[`${who}.address.county`] = 'Judetul nu exista';
    if (textOf(address.locality) === '') errors[`${who}.address.locality`] = 'Localitatea nu exista';
    // Bucharest is the one locality "Bucuresti" (localityId 11) in every sample of daika7ana/fancourier-api-v2
    // (Objects/ShippingSlip.php, Objects/CourierOrder.php): a sector is no locality. The message is this fake's own.
    else if (textOf(address.county).toLowerCase() === 'bucuresti' && textOf(address.locality).toLowerCase() !== 'bucuresti') errors[`${who}.address.locality`] = 'Localitatea nu exista';
    if (textOf(address.street) === '') errors[`${who}.address.street`] = 'Strada este obligatorie';
    if (address.streetNo !== undefined && address.streetNo !== null && typeof address.streetNo !== 'string') {
      errors[`${who}.address.streetNo`] = 'Numarul strazii trebuie sa fie text';
    }
  }

  /** FAN's checks of one shipment: { "field.path": message }, empty when it can be created. */
  function validate(shipment: FanShipmentRequest) {
    const errors: Record<string, string> = {};
    type Info = NonNullable<FanShipmentRequest['info']>;
    type Recipient = NonNullable<FanShipmentRequest['recipient']>;
    const info: Info = isObject(shipment.info) ? shipment.info : {};
    const packages: NonNullable<Info['packages']> = isObject(info.packages) ? info.packages : {};
    const recipient: Recipient = isObject(shipment.recipient) ? shipment.recipient : {};

    const service = textOf(info.service);
    const cod = info.cod === undefined || info.cod === null || info.cod === '' ? 0 : numberOf(info.cod);
    if (!SERVICES.includes(service)) errors['info.service'] = 'Serviciul nu exista';
    else if (cod !== null && cod > 0 && service !== 'Cont Colector') errors['info.service'] = 'Rambursul in cont necesita serviciul Cont Colector';
    if (cod === null || cod < 0) errors['info.cod'] = 'Valoarea rambursului nu este valida';
    if ((numberOf(packages.parcel) ?? 0) + (numberOf(packages.envelope) ?? 0) < 1) errors['info.parcels'] = 'At least one envelope or parcel is required';
    if (!((numberOf(info.weight) ?? 0) > 0)) errors['info.weight'] = 'Greutatea trebuie sa fie mai mare decat 0';
    checkParty('recipient', recipient, errors);
    // A sender other than the account (its clients' optional `sender` block: daika7ana/fancourier-api-v2
    // AwbIntern::pack(), "address" marked obligatoriu): checked as the recipient is.
    if (shipment.sender !== undefined) checkParty('sender', isObject(shipment.sender) ? shipment.sender : {}, errors);
    return errors;
  }

  function createAwbs(res: http.ServerResponse, json: unknown) {
    const invalid = { status: 'error', message: 'The given data was invalid.', errors: { shipments: ['The shipments field is required.'] } };
    if (!isObject(json)) return sendJson(res, 422, invalid);
    if (textOf(json.clientId) !== options.clientId) return apiError(res, 403, 'Nu aveti acces la acest client');
    const shipments = json.shipments;
    if (!Array.isArray(shipments) || shipments.length === 0) return sendJson(res, 422, invalid);
    const refused = refusals.splice(0);
    const response = shipments.map((item: unknown) => {
      const shipment = (isObject(item) ? item : {}) as FanShipmentRequest;
      const errors = validate(shipment);
      for (const refusal of refused) errors[refusal.path] = refusal.message;
      if (Object.keys(errors).length > 0) return { awbNumber: null, success: false, errors };
      const number = nextAwb++;
      const awb: FanAwb = {
        awbNumber: String(number),
        request: structuredClone(shipment),
        createdAt: new Date(),
        events: [],
        deleted: false,
        paidOut: null,
        returnAwbNumber: null,
        reimbursementAwbNumber: null,
      };
      awbs.push(awb);
      byNumber.set(awb.awbNumber, awb);
      const packages = shipment.info?.packages;
      return {
        awbNumber: number,
        tariff: 30.53,
        packages: (numberOf(packages?.parcel) ?? 0) + (numberOf(packages?.envelope) ?? 0),
        letter: 'B',
        routingCode: '0200',
        office: textOf(shipment.recipient?.address?.locality),
        visualCode: '02-01-01',
        errors: null,
      };
    });
    sendJson(res, 200, { response });
  }

  function label(res: http.ServerResponse, query: Record<string, string | string[]>) {
    const numbers = all(query, 'awbs');
    if (numbers.length === 0) return apiError(res, 422, 'Campul awbs este obligatoriu');
    const format = first(query, 'format') ?? 'A4';
    if (!['A4', 'A5', 'A6'].includes(format)) return apiError(res, 422, 'Formatul nu este valid');
    if (first(query, 'pdf') !== '1') return apiError(res, 422, 'fake FAN: only PDF labels (pdf=1) are served');
    const found = numbers.map(live);
    if (found.some((awb) => awb === undefined)) return apiError(res, 404, 'AWB inexistent');
    const pdf = fanLabel(found as FanAwb[], format as keyof typeof PAGE_SIZES);
    send(res, 200, 'application/pdf', pdf, { 'content-disposition': `inline; filename="awb-${numbers.join('-')}.pdf"` });
  }

  function tracking(res: http.ServerResponse, query: Record<string, string | string[]>) {
    const numbers = all(query, 'awb').map((number) => number.trim());
    for (const number of numbers) trackingCalls.set(number, (trackingCalls.get(number) ?? 0) + 1);
    const data = numbers
      .map(live)
      .filter((awb): awb is FanAwb => awb !== undefined)
      .map((awb) => ({
        awbNumber: awb.awbNumber,
        message: '',
        content: '',
        returnAwbNumber: awb.returnAwbNumber,
        events: awb.events.map((event) => ({ id: event.id, name: event.name, location: event.location, date: stamp(event.date) })),
      }));
    sendJson(res, 200, { status: 'success', data });
  }

  // DELETE /awb?clientId&awb. No source gives FAN's answers; its clients read the body alone (daika7ana/fancourier-api-v2
  // Response/DeleteAwb.php: cancelled only when status is "success", whatever the HTTP status), so a refusal is
  // answered the way that rule exists for: 200 with {"status":"error"}.
  function remove(res: http.ServerResponse, query: Record<string, string | string[]>) {
    const awb = live(first(query, 'awb') ?? '');
    if (!awb) return apiError(res, 404, 'AWB inexistent');
    if (awb.events.length > 0) return sendJson(res, 200, { status: 'error', message: 'AWB-ul nu mai poate fi sters' });
    awb.deleted = true;
    sendJson(res, 200, { status: 'success', message: 'AWB sters' });
  }

  // GET /reports/bank-transfers?clientId&date=YYYY-MM-DD&page&perPage: the day asked for as YYYY-MM-DD, every date of
  // the answer as DD.MM.YYYY, each item's fields those of daika7ana/fancourier-api-v2's sample (Objects/BankTransfer.php
  // lines 117-185; testing/fixtures/fan/bank-transfers.json), the envelope as its Response/GetBankTransfers.php reads it.
  function bankTransfers(res: http.ServerResponse, query: Record<string, string | string[]>) {
    const date = first(query, 'date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return apiError(res, 422, 'Data nu este valida');
    const page = Math.max(1, Math.trunc(numberOf(first(query, 'page')) ?? 1));
    const perPage = Math.min(100, Math.max(1, Math.trunc(numberOf(first(query, 'perPage')) ?? 100)));
    const dotted = (isoDay: string) => isoDay.split('-').reverse().join('.');
    const items = awbs
      .filter((awb) => awb.paidOut === date && !awb.deleted)
      .map((awb) => ({
        info: {
          awbNumber: Number(awb.awbNumber),
          awbDate: dotted(day(awb.createdAt)),
          amountCollected: numberOf(awb.request.info?.cod) ?? 0,
          content: textOf(awb.request.info?.content),
          transferDate: dotted(date),
          returnAwbNumber: '',
          reimbursementAwbNumber: awb.reimbursementAwbNumber ?? '',
          transactionType: 'cash',
          transactionDate: dotted(date),
        },
        recipient: { name: textOf(awb.request.recipient?.name), contactPerson: '', address: { locality: textOf(awb.request.recipient?.address?.locality) } },
        sender: { name: '', contactPerson: '' },
      }));
    sendJson(res, 200, { status: 'success', total: items.length, perPage, currentPage: page, data: items.slice((page - 1) * perPage, page * perPage) });
  }

  // GET /reports/awb?clientId&date=YYYY-MM-DD&page&perPage (the day's AWBs, "borderou"): each item's fields as
  // daika7ana/fancourier-api-v2's sample (Objects/ShippingSlip.php lines 186-272), the envelope as bank-transfers'.
  function dayAwbs(res: http.ServerResponse, query: Record<string, string | string[]>) {
    const date = first(query, 'date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return apiError(res, 422, 'Data nu este valida');
    const page = Math.max(1, Math.trunc(numberOf(first(query, 'page')) ?? 1));
    const perPage = Math.min(100, Math.max(1, Math.trunc(numberOf(first(query, 'perPage')) ?? 100)));
    const items = awbs
      .filter((awb) => day(awb.createdAt) === date && !awb.deleted)
      .map((awb) => ({
        info: {
          awbNumber: Number(awb.awbNumber),
          serviceId: 4,
          weight: numberOf(awb.request.info?.weight) ?? 1,
          payment: 'sender',
          cod: numberOf(awb.request.info?.cod) ?? 0,
          declaredValue: numberOf(awb.request.info?.declaredValue) ?? 0,
          observations: textOf(awb.request.info?.observation),
          content: textOf(awb.request.info?.content),
          date: stamp(awb.createdAt),
          service: textOf(awb.request.info?.service),
          cost: 30.53,
          costCenter: '',
        },
        recipient: { name: textOf(awb.request.recipient?.name), address: { locality: textOf(awb.request.recipient?.address?.locality) } },
      }));
    sendJson(res, 200, { status: 'success', total: items.length, perPage, currentPage: page, data: items.slice((page - 1) * perPage, page * perPage) });
  }

  const routes: Record<string, string> = {
    '/login': 'POST',
    '/intern-awb': 'POST',
    '/awb/label': 'GET',
    '/reports/awb/tracking': 'GET',
    '/awb': 'DELETE',
    '/reports/bank-transfers': 'GET',
    '/reports/awb': 'GET',
  };

  type Query = Record<string, string | string[]>;
  async function handle(req: http.IncomingMessage, res: http.ServerResponse, path: string, query: Query, raw: Buffer, json: unknown) {
    const method = req.method ?? 'GET';
    const expected = routes[path];
    if (!expected) return apiError(res, 404, 'Not Found');
    if (method !== expected) return apiError(res, 405, 'Method Not Allowed');
    if (path === '/login') return login(req, res, query, raw, json);

    const bearer = req.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= Date.now()) return apiError(res, 401, 'Unauthenticated.');

    if (path === '/intern-awb') return createAwbs(res, json);
    if (first(query, 'clientId') !== options.clientId) return apiError(res, 403, 'Nu aveti acces la acest client');
    if (path === '/awb/label') return label(res, query);
    if (path === '/reports/awb/tracking') return tracking(res, query);
    if (path === '/awb') return remove(res, query);
    if (path === '/reports/awb') return dayAwbs(res, query);
    return bankTransfers(res, query);
  }

  const standIn = await startStandIn({
    port: options.port,
    record: ({ req, url, raw, json }) => {
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query: queryOf(url.searchParams), headers: req.headers, body: raw.toString('utf8'), json });
    },
    answer: ({ req, res, url, raw, json }) => handle(req, res, url.pathname.replace(/(.)\/+$/, '$1'), queryOf(url.searchParams), raw, json),
    whenDown: (res) => send(res, 503, 'text/html', DOWN_PAGE),
    failed: (res, error) => send(res, 500, 'text/plain', String(error)),
  });

  return {
    url: standIn.origin,
    requests,
    get logins() {
      return logins;
    },
    trackingCalls,
    awbs: () => awbs.map((awb) => ({ ...awb, request: structuredClone(awb.request), events: awb.events.map((event) => ({ ...event })) })),
    expireTokens() {
      tokens.clear();
    },
    refuseField(path: string, message: string) {
      refusals.push({ path, message });
    },
    report: append,
    pickUp(awb: string) {
      append(awb, { id: 'C0', name: 'Expeditie ridicata', location: 'Bucuresti' });
    },
    inTransit(awb: string) {
      append(awb, { id: 'H10', name: 'In tranzit' });
    },
    deliver(awb: string) {
      append(awb, { id: 'S2', name: 'Livrat' });
    },
    refuse(awb: string) {
      append(awb, { id: 'S6', name: 'Refuz la livrare' });
      const refused = known(awb);
      refused.returnAwbNumber ??= String(nextAwb++);
    },
    unknownStatus(awb: string) {
      append(awb, { id: 'Z9', name: 'Status nou' });
    },
    payOut(awbNumber: string, date = day(new Date())) {
      const awb = known(awbNumber);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`fake FAN: payOut date ${date} is not YYYY-MM-DD`);
      if (!((numberOf(awb.request.info?.cod) ?? 0) > 0)) throw new Error(`fake FAN: AWB ${awbNumber} has no COD to pay out`);
      awb.paidOut = date;
      awb.reimbursementAwbNumber ??= String(nextAwb++);
    },
    slowDown: standIn.slowDown,
    down: standIn.down,
    close: standIn.close,
  };
}
