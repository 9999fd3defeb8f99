/**
 * A local stand-in for the Sameday courier API (the protocol of sameday-courier/php-sdk), for tests only: the shop's
 * real Sameday adapter talks to it over HTTP with its base URL set to `url`. It speaks the wire protocol: login at
 * POST /api/authenticate (X-Auth-Username / X-Auth-Password, remember_me=1) for a token sent back as X-AUTH-TOKEN,
 * AWB creation from PHP's http_build_query form encoding with Sameday's nested "Validation Failed" errors (a pickup
 * from a third party, thirdPartyPickup, and an easybox's lockerFirstMile included: the shop's returns), the PDF
 * label, deletion of an AWB that is only issued, the AWB status history, the status sync feed and the paginated
 * services, pickup points and lockers. Test controls play what Sameday does on its side: parcels moving (delivered,
 * refused and returned, a status the shop does not know), tokens revoked, a field refused, a slow or down service.
 * Every request is recorded.
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { bucharest } from './bucharestClock';
import { labelPdf } from './labelPdf';
import { startStandIn } from './standIn';

/** One request the fake received, as it arrived. */
export interface SamedayRecordedRequest {
  method: string;
  /** The path, without its query. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The raw body decoded as UTF-8 ('' when there was none). */
  body: string;
  /**
   * The url-decoded form fields of an application/x-www-form-urlencoded body, keys as written once decoded
   * ('awbRecipient[name]', 'parcels[0][weight]'); {} for any other content type, which Sameday (PHP) does not read as a form.
   */
  form: Record<string, string>;
}

/** An optional tax a service offers (e.g. parcel opening). */
export interface SamedayServiceTax {
  costType: string;
  id: number;
  name: string;
  tax: number;
  packageType: number;
  taxCode: string;
}

/** A delivery service, as GET /api/client/services lists it. */
export interface SamedayService {
  id: number;
  name: string;
  serviceCode: string;
  deliveryType: { id: number; name: string };
  defaultServices: boolean;
  serviceOptionalTaxes: SamedayServiceTax[];
}

/** An easybox locker, as GET /api/client/lockers lists it. */
export interface SamedayLocker {
  lockerId: number;
  name: string;
  country: string;
  countryId: number;
  county: string;
  countyId: number;
  city: string;
  cityId: number;
  address: string;
  postalCode: string;
  lat: number;
  lng: number;
  supportedPayment: number;
  clientVisible: number;
  deliveryLogisticLocationId: number;
  deliveryLogisticLocation: string;
  email: string | null;
  phone: string;
  occupancyLevel: number;
  excludedSellers: unknown[];
  availableBoxes: { size: string; number: number }[];
  reservedBoxes: unknown[];
  occupiedBoxes: unknown[];
  schedule: { day: number; openingHour: string; closingHour: string }[];
}

/** A service for options.services: id and name, the rest filled in like the default 24H service. */
export type SamedayServiceInput = Pick<SamedayService, 'id' | 'name'> & Partial<SamedayService>;

/** A locker for options.lockers: id, name, county and city, the rest filled in with plausible values. */
export type SamedayLockerInput = Pick<SamedayLocker, 'lockerId' | 'name' | 'county' | 'city'> & Partial<SamedayLocker>;

/** One status event of an AWB (for every parcel of it). */
export interface SamedayEvent {
  statusId: number;
  status: string;
  statusLabel: string;
  statusState: string;
  date: Date;
  county: string;
  reason: string;
  reasonId: string | number | null;
  transitLocation: string;
  /** Whether this event delivers the AWB (expeditionSummary.delivered, deliveredAt). */
  delivered: boolean;
  /** Whether this event cancels the AWB (expeditionSummary.canceled). */
  canceled: boolean;
  /** Whether the parcels were on their way back at this event (parcelHistory[].inReturn). */
  inReturn: boolean;
}

/** An event for report(): statusId and status, the rest optional (texts default to status, date to now). */
export interface SamedayReport {
  statusId: number;
  status: string;
  statusLabel?: string;
  statusState?: string;
  date?: Date;
  county?: string;
  reason?: string;
  reasonId?: string | number | null;
  transitLocation?: string;
  /** Default: statusId === 9. */
  delivered?: boolean;
  canceled?: boolean;
  /** Marks every parcel of the AWB inReturn from this event on (it stays so). */
  inReturn?: boolean;
}

/** A parcel of a created AWB. */
export interface SamedayParcel {
  position: number;
  /** The AWB number followed by the position on 3 digits. */
  awbNumber: string;
  weight: number;
  inReturn: boolean;
}

/** An AWB the fake created, for assertions such as "created once, with this recipient". */
export interface SamedayAwb {
  awbNumber: string;
  awbCost: number;
  /** Every form field of the creating request, as recorded. */
  form: Record<string, string>;
  parcels: SamedayParcel[];
  createdAt: Date;
  /** Oldest first; the first is statusId 1 "AWB Emis". */
  events: SamedayEvent[];
  /** Whether DELETE /api/awb/{awb} removed it (it then answers 404 everywhere). */
  deleted: boolean;
  /** Cancelled in Sameday's portal (cancelInPortal). */
  canceledInPortal: boolean;
}

export interface FakeSamedayOptions {
  /** The API user (X-Auth-Username). */
  username: string;
  /** The API password (X-Auth-Password). */
  password: string;
  /** Pickup point ids of the account (default [1]; the first is the default one, its contact person id is its id + 1). */
  pickupPoints?: number[];
  /** Services of the account (default 24H, id 7, and Locker NextDay, id 15); POST /api/awb accepts their ids. */
  services?: SamedayServiceInput[];
  /** Lockers (default three: two in Cluj-Napoca, one in Bucharest's Sectorul 4); lockerLastMile accepts their ids. */
  lockers?: SamedayLockerInput[];
  /** How long a token lasts (default 720 minutes). */
  tokenMinutes?: number;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
}

/** The running fake and its test controls. */
export interface FakeSameday {
  /** http://127.0.0.1:port, the adapter's base URL (paths start with /api/). */
  url: string;
  requests: SamedayRecordedRequest[];
  /** Successful logins (POST /api/authenticate answered 200) so far. */
  readonly logins: number;
  /** Authenticated GET /api/client/awb/{awb}/status calls so far, per AWB number asked for (known or not). */
  statusCalls: Map<string, number>;
  /** The AWBs created, oldest first, deleted ones included (a snapshot). */
  awbs(): SamedayAwb[];
  /** Revokes every token issued so far (calls with them answer 401 "Invalid token"). */
  expireTokens(): void;
  /** The next POST /api/awb fails with this error at this field path, e.g. (['awbRecipient', 'phoneNumber'], 'Invalid phone number.'). */
  refuseField(path: string[], message: string): void;
  /** Appends a status event to an AWB (throws for an unknown or deleted AWB). */
  report(awb: string, event: SamedayReport): void;
  /** statusId 9 "Livrata cu succes": delivered, deliveredAt set. */
  deliver(awb: string): void;
  /**
   * The recipient refuses: an event with REFUSAL_ID (an id of this fake's own: Sameday publishes none) and, from it on,
   * each parcel's history marked inReturn. Adapters must read inReturn, never this id.
   */
  refuse(awb: string): void;
  /** The AWB is cancelled in Sameday's own portal, outside the shop: expeditionSummary.canceled (no event id is public). */
  cancelInPortal(awb: string): void;
  /** statusId 999 "Status nou": a status the shop cannot know. */
  unknownStatus(awb: string): void;
  /** statusId 33 "In livrare la curier". */
  inTransit(awb: string): void;
  /** Every answer (or only those to `paths`) comes after ms milliseconds, the request handled then (0: back to normal). */
  slowDown(ms: number, paths?: string[]): void;
  /**
   * While on, every request answers 503 with an HTML page, as a proxy in front of a down service does; with a
   * `reference`, only the AWBs asked with that clientInternalReference do (one order's AWB, other tests' calls going on).
   */
  down(on: boolean, reference?: string): void;
  /** Stops the server, destroying open connections (delayed answers included). */
  close(): Promise<void>;
}

interface ErrorNode {
  errors?: string[];
  children?: Record<string, ErrorNode>;
}

const NOT_NULL = 'This value should not be null.';
const NOT_BLANK = 'This value should not be blank.';
const NOT_VALID = 'This value is not valid.';
const NOT_CHOICE = 'The value you selected is not a valid choice.';
const POSITIVE = 'This value should be greater than 0.';
const DOWN_PAGE =
  '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n' +
  '<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

const DEFAULT_SERVICE: SamedayService = {
  id: 7,
  name: '24H',
  serviceCode: '24',
  deliveryType: { id: 2, name: 'NextDay' },
  defaultServices: true,
  serviceOptionalTaxes: [{ costType: 'Procentual', id: 23, name: 'Deschidere Colet', tax: 1.1, packageType: 2, taxCode: 'OPCG' }],
};
const DEFAULT_SERVICES: SamedayServiceInput[] = [
  DEFAULT_SERVICE,
  { id: 15, name: 'Locker NextDay', serviceCode: 'LN', deliveryType: { id: 2, name: 'NextDay' }, defaultServices: false, serviceOptionalTaxes: [] },
];

const DEFAULT_LOCKER: Omit<SamedayLocker, 'lockerId' | 'name' | 'county' | 'city'> = {
  country: 'Romania',
  countryId: 187,
  countyId: 1,
  cityId: 1,
  address: '',
  postalCode: '',
  lat: 44.4268,
  lng: 26.1025,
  supportedPayment: 1,
  clientVisible: 1,
  deliveryLogisticLocationId: 107,
  deliveryLogisticLocation: 'B_LOCKER_A07',
  email: null,
  phone: '00000',
  occupancyLevel: 1,
  excludedSellers: [],
  availableBoxes: [{ size: 'S', number: 39 }],
  reservedBoxes: [],
  occupiedBoxes: [],
  schedule: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, openingHour: '00:00', closingHour: '23:59' })),
};
const DEFAULT_LOCKERS: SamedayLockerInput[] = [
  {
    lockerId: 1001,
    name: 'easybox Kaufland Aparatorii Patriei( Oltenitei)',
    county: 'Bucuresti',
    countyId: 1,
    city: 'Sectorul 4',
    cityId: 4,
    address: 'Sos. Oltenitei, Nr. 388',
    postalCode: '041337',
    lat: 44.384394,
    lng: 26.140431,
  },
  {
    lockerId: 2101,
    name: 'easybox Iulius Mall Cluj',
    county: 'Cluj',
    countyId: 13,
    city: 'Cluj-Napoca',
    cityId: 1263,
    address: 'Str. Alexandru Vaida Voevod, Nr. 53B',
    postalCode: '400436',
    lat: 46.771482,
    lng: 23.626328,
    deliveryLogisticLocationId: 311,
    deliveryLogisticLocation: 'CJ_LOCKER_A01',
  },
  {
    lockerId: 2102,
    name: 'easybox Lidl Manastur',
    county: 'Cluj',
    countyId: 13,
    city: 'Cluj-Napoca',
    cityId: 1263,
    address: 'Calea Floresti, Nr. 60',
    postalCode: '400509',
    lat: 46.755911,
    lng: 23.556702,
    supportedPayment: 0,
    deliveryLogisticLocationId: 311,
    deliveryLogisticLocation: 'CJ_LOCKER_A01',
  },
];

/** Y-m-d H:i in Bucharest, as the login's expire_at. */
function minuteStamp(date: Date) {
  const p = bucharest(date);
  return `${p.y}-${p.mo}-${p.d} ${p.h}:${p.mi}`;
}

/** The fake's refusal status id: Sameday publishes no list of ids (its SDK names 1, 33 and 9 only), so none is real. */
const REFUSAL_ID = 28;

/** 2019-02-26T09:37:28+0200: Bucharest wall-clock time with its offset, as Sameday's statusDate. */
function statusStamp(date: Date) {
  const p = bucharest(date);
  const wall = Date.UTC(Number(p.y), Number(p.mo) - 1, Number(p.d), Number(p.h), Number(p.mi), Number(p.s));
  const offset = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.y}-${p.mo}-${p.d}T${p.h}:${p.mi}:${p.s}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The AWB's label: its number, the format and its parcels, on an A4 or A6 page. */
function samedayLabel(awb: SamedayAwb, format: 'A4' | 'A6') {
  return labelPdf([[`Sameday AWB ${awb.awbNumber}`, `Format ${format}`, ...awb.parcels.map((parcel) => `Colet ${parcel.position}: ${parcel.awbNumber}`)]], format);
}

/** Adds an error at a field path of Sameday's errors tree ({children: {field: {errors: […], children: {…}}}}). */
function addError(root: ErrorNode, path: string[], message: string) {
  let node = root;
  for (const segment of path) {
    node.children ??= {};
    node.children[segment] ??= {};
    node = node.children[segment];
  }
  node.errors ??= [];
  node.errors.push(message);
}

/** The number a form value holds, or null when it is missing, blank or not a number. */
function numberOf(text: string | undefined) {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

const integerOf = (text: string | undefined) => {
  const value = numberOf(text);
  return value !== null && Number.isInteger(value) ? value : null;
};

function send(res: http.ServerResponse, status: number, type: string, body: string | Uint8Array, headers: http.OutgoingHttpHeaders = {}) {
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(body);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  send(res, status, 'application/json', JSON.stringify(body));
}

/** Sameday's plain error body: {"code":404,"message":"Awb not found"}. */
function apiError(res: http.ServerResponse, code: number, message: string) {
  sendJson(res, code, { code, message });
}

/** One page of a list, in Sameday's envelope (page and countPerPage from the query, default 1 and defaultPerPage). */
function paginate<T>(items: T[], query: Record<string, string>, defaultPerPage = 50) {
  const page = Math.max(1, integerOf(query.page) ?? 1);
  const perPage = Math.max(1, integerOf(query.countPerPage) ?? defaultPerPage);
  return {
    total: items.length,
    currentPage: page,
    pages: Math.ceil(items.length / perPage),
    perPage,
    data: items.slice((page - 1) * perPage, page * perPage),
  };
}

/** Starts the fake Sameday API on 127.0.0.1. */
export async function startFakeSameday(options: FakeSamedayOptions): Promise<FakeSameday> {
  const pickupPoints = options.pickupPoints ?? [1];
  const services: SamedayService[] = (options.services ?? DEFAULT_SERVICES).map((service) => ({
    ...DEFAULT_SERVICE,
    serviceOptionalTaxes: [],
    defaultServices: false,
    ...service,
  }));
  const lockers: SamedayLocker[] = (options.lockers ?? DEFAULT_LOCKERS).map((locker) => ({ ...DEFAULT_LOCKER, ...locker }));
  const tokenMinutes = options.tokenMinutes ?? 720;
  const requests: SamedayRecordedRequest[] = [];
  const statusCalls = new Map<string, number>();
  /** Valid tokens → when each expires (ms). */
  const tokens = new Map<string, number>();
  const awbs: SamedayAwb[] = [];
  const byNumber = new Map<string, SamedayAwb>();
  const references = new Set<string>();
  const refusals: { path: string[]; message: string }[] = [];
  let logins = 0;
  let nextAwb = 2_410_674_230;
  let origin = '';

  const pickupPointList = () =>
    pickupPoints.map((id, index) => ({
      id,
      country: { id: 187, name: 'Romania', code: 'RO' },
      county: { id: 1, name: 'Bucuresti', code: 'B' },
      city: { samedayDeliveryAgency: 'B_SEMA_A03', samedayPickupAgency: 'B_SEMA_A03', id: 6, name: 'Sectorul 6', extraKM: 0 },
      address: 'Splaiul Independentei 319, OB17C',
      defaultPickupPoint: index === 0,
      pickupPointContactPerson: [{ id: id + 1, name: 'Depozit', phoneNumber: '021.637.06.60', defaultContactPerson: true }],
      alias: index === 0 ? 'Depozit' : `Depozit ${id}`,
      status: true,
    }));

  /** The live (not deleted) AWB with this number, or undefined. */
  const live = (awbNumber: string) => {
    const awb = byNumber.get(awbNumber);
    return awb && !awb.deleted ? awb : undefined;
  };

  /** The county the AWB goes to: its locker's, or the recipient's as sent. */
  function destinationCounty(awb: SamedayAwb) {
    const locker = lockers.find((l) => String(l.lockerId) === awb.form.lockerLastMile?.trim());
    return locker?.county ?? awb.form['awbRecipient[countyString]'] ?? '';
  }

  function append(awbNumber: string, report: SamedayReport) {
    const awb = live(awbNumber);
    if (!awb) throw new Error(`fake Sameday: no AWB ${awbNumber}`);
    awb.events.push({
      statusId: report.statusId,
      status: report.status,
      statusLabel: report.statusLabel ?? report.status,
      statusState: report.statusState ?? report.status,
      date: report.date ?? new Date(),
      county: report.county ?? destinationCounty(awb),
      reason: report.reason ?? '',
      reasonId: report.reasonId ?? '',
      transitLocation: report.transitLocation ?? '',
      delivered: report.delivered ?? report.statusId === 9,
      canceled: report.canceled ?? false,
      inReturn: report.inReturn ?? awb.events.at(-1)?.inReturn ?? false,
    });
    if (report.inReturn) for (const parcel of awb.parcels) parcel.inReturn = true;
  }

  function authenticate(req: http.IncomingMessage, res: http.ServerResponse, query: Record<string, string>, form: Record<string, string>) {
    if (req.headers['x-auth-username'] !== options.username || req.headers['x-auth-password'] !== options.password) {
      return apiError(res, 401, 'Bad credentials');
    }
    const rememberMe = (value: string | undefined) => value === '1' || value === 'true';
    if (!rememberMe(form.remember_me) && !rememberMe(query.remember_me)) {
      return sendJson(res, 400, { code: 400, message: 'Validation Failed', errors: { children: { remember_me: { errors: [NOT_BLANK] } } } });
    }
    const token = randomBytes(20).toString('hex');
    const expiresAt = Date.now() + tokenMinutes * 60_000;
    tokens.set(token, expiresAt);
    logins++;
    sendJson(res, 200, { token, expire_at: minuteStamp(new Date(expiresAt)) });
  }

  /** Sameday's checks of POST /api/awb: the errors tree, or null when the AWB can be created. */
  function validate(form: Record<string, string>) {
    const root: ErrorNode = {};
    let failed = false;
    const fail = (path: string[], message: string) => {
      failed = true;
      addError(root, path, message);
    };
    const value = (key: string) => form[key]?.trim() || undefined;
    /** A required integer field: its value, or null after recording the error. */
    const integer = (key: string, allowed?: number[]) => {
      const text = value(key);
      const number = integerOf(text);
      if (text === undefined) fail([key], NOT_NULL);
      else if (number === null) fail([key], NOT_VALID);
      else if (allowed && !allowed.includes(number)) fail([key], NOT_CHOICE);
      else return number;
      return null;
    };

    const pickupPoint = value('pickupPoint');
    if (pickupPoint === undefined) {
      fail(['pickupPoint'], 'The given pickupPoint is invalid!');
      fail(['pickupPoint'], NOT_NULL);
    } else if (!pickupPoints.includes(integerOf(pickupPoint) ?? Number.NaN)) fail(['pickupPoint'], 'The given pickupPoint is invalid!');
    integer('contactPerson');
    integer('packageType', [0, 1, 2]);
    const packageNumber = integer('packageNumber');
    if (packageNumber !== null && packageNumber < 1) fail(['packageNumber'], POSITIVE);
    const packageWeight = numberOf(value('packageWeight'));
    if (value('packageWeight') === undefined) fail(['packageWeight'], NOT_NULL);
    else if (packageWeight === null) fail(['packageWeight'], NOT_VALID);
    else if (packageWeight <= 0) fail(['packageWeight'], POSITIVE);
    const service = value('service');
    if (service === undefined) fail(['service'], NOT_NULL);
    else if (!services.some((s) => s.id === integerOf(service))) fail(['service'], 'The given service is invalid!');
    integer('awbPayment');
    const cod = numberOf(value('cashOnDelivery'));
    if (value('cashOnDelivery') === undefined) fail(['cashOnDelivery'], NOT_NULL);
    else if (cod === null) fail(['cashOnDelivery'], NOT_VALID);
    else if (cod < 0) fail(['cashOnDelivery'], 'This value should be greater than or equal to 0.');

    const recipient = (field: string) => value(`awbRecipient[${field}]`);
    if (recipient('name') === undefined) fail(['awbRecipient', 'name'], NOT_BLANK);
    if (recipient('phoneNumber') === undefined) fail(['awbRecipient', 'phoneNumber'], NOT_BLANK);
    const personType = recipient('personType');
    if (personType === undefined) fail(['awbRecipient', 'personType'], NOT_NULL);
    else if (personType !== '0' && personType !== '1') fail(['awbRecipient', 'personType'], NOT_CHOICE);

    const locker = value('lockerLastMile');
    if (locker !== undefined) {
      if (!lockers.some((l) => l.lockerId === integerOf(locker))) fail(['lockerLastMile'], 'Invalid locker.');
    } else {
      if (recipient('address') === undefined) fail(['awbRecipient', 'address'], NOT_BLANK);
      for (const [field, message] of [
        ['city', 'Invalid city.'],
        ['county', 'Invalid county.'],
      ] as const) {
        const id = recipient(field);
        if (id !== undefined) {
          if ((integerOf(id) ?? 0) < 1) fail(['awbRecipient', field], message);
        } else if (recipient(`${field}String`) === undefined) fail(['awbRecipient', `${field}String`], message);
      }
    }

    // A pickup from someone else than the account (the SDK's thirdPartyPickup=1 with thirdParty[…], the fields of
    // awbRecipient: its SamedayPostAwbRequestTest records such a body): the same checks as the recipient's.
    const thirdPartyPickup = value('thirdPartyPickup');
    if (thirdPartyPickup !== undefined && thirdPartyPickup !== '0' && thirdPartyPickup !== '1') fail(['thirdPartyPickup'], NOT_CHOICE);
    if (thirdPartyPickup === '1') {
      const third = (field: string) => value(`thirdParty[${field}]`);
      for (const field of ['name', 'phoneNumber', 'address']) if (third(field) === undefined) fail(['thirdParty', field], NOT_BLANK);
      const type = third('personType');
      if (type === undefined) fail(['thirdParty', 'personType'], NOT_NULL);
      else if (type !== '0' && type !== '1') fail(['thirdParty', 'personType'], NOT_CHOICE);
      if (third('city') === undefined && third('cityString') === undefined) fail(['thirdParty', 'cityString'], 'Invalid city.');
      if (third('county') === undefined && third('countyString') === undefined) fail(['thirdParty', 'countyString'], 'Invalid county.');
    }
    // lockerFirstMile: an easybox's id (the SDK's int field, since 2.1.0).
    const firstMile = value('lockerFirstMile');
    if (firstMile !== undefined && !lockers.some((l) => l.lockerId === integerOf(firstMile))) fail(['lockerFirstMile'], 'Invalid locker.');

    const parcels = parcelsOf(form);
    if (parcels.length === 0) fail(['parcels'], 'This collection should contain 1 element or more.');
    for (const { index, weight } of parcels) {
      if (weight === undefined) fail(['parcels', index, 'weight'], NOT_NULL);
      else if (!((numberOf(weight) ?? 0) > 0)) fail(['parcels', index, 'weight'], POSITIVE);
    }

    const reference = value('clientInternalReference');
    // Sameday's words for a reference it has seen, deleted AWB or not: "clientInternalReference: awb.not_unique" as its
    // WooCommerce plugin prints the field's error (its issues #194 and #197).
    if (reference !== undefined && references.has(reference)) fail(['clientInternalReference'], 'awb.not_unique');
    for (const refusal of refusals.splice(0)) fail(refusal.path, refusal.message);
    return failed ? root : null;
  }

  /** The parcels[i][…] entries of a form, by index (as written), in index order. */
  function parcelsOf(form: Record<string, string>) {
    const found = new Map<string, { index: string; weight: string | undefined }>();
    for (const [key, text] of Object.entries(form)) {
      const match = key.match(/^parcels\[(\d+)\]\[(\w+)\]$/);
      if (!match) continue;
      const entry = found.get(match[1]!) ?? { index: match[1]!, weight: undefined };
      if (match[2] === 'weight') entry.weight = text.trim() || undefined;
      found.set(entry.index, entry);
    }
    return [...found.values()].sort((a, b) => Number(a.index) - Number(b.index));
  }

  function createAwb(res: http.ServerResponse, form: Record<string, string>) {
    const errors = validate(form);
    if (errors) return sendJson(res, 400, { code: 400, message: 'Validation Failed', errors });
    const awbNumber = `1SDY${String(nextAwb++).padStart(10, '0')}`;
    const weight = numberOf(form.packageWeight) ?? 0;
    const parcels = parcelsOf(form).map((parcel, i) => ({
      position: i + 1,
      awbNumber: `${awbNumber}${String(i + 1).padStart(3, '0')}`,
      weight: numberOf(parcel.weight) ?? 0,
      inReturn: false,
    }));
    const reference = form.clientInternalReference?.trim() || null;
    const awbCost = Math.round((15.5 + Math.max(0, Math.ceil(weight) - 1) * 1.5) * 100) / 100;
    const createdAt = new Date();
    const awb: SamedayAwb = { awbNumber, awbCost, form: { ...form }, parcels, createdAt, events: [], deleted: false, canceledInPortal: false };
    awb.events.push({
      statusId: 1,
      status: 'AWB Emis',
      statusLabel: 'Document de transport emis',
      statusState: 'Comanda curier primita',
      date: createdAt,
      county: 'Bucuresti',
      reason: '',
      reasonId: '',
      transitLocation: '',
      delivered: false,
      canceled: false,
      inReturn: false,
    });
    awbs.push(awb);
    byNumber.set(awbNumber, awb);
    if (reference !== null) references.add(reference);
    sendJson(res, 201, {
      awbNumber,
      awbCost,
      parcels: parcels.map(({ position, awbNumber: parcelAwb }) => ({ position, awbNumber: parcelAwb })),
      pdfLink: `${origin}/api/awb/download/${awbNumber}/A4`,
    });
  }

  const parcelDetails = (parcelAwb: string) => `${origin}/api/client/parcel/${parcelAwb}/status-history`;
  const eventJson = (event: SamedayEvent) => ({
    statusId: event.statusId,
    status: event.status,
    statusLabel: event.statusLabel,
    statusState: event.statusState,
    statusDate: statusStamp(event.date),
    county: event.county,
    reason: event.reason,
    transitLocation: event.transitLocation,
  });

  /** expeditionSummary (the AWB's) or parcelSummary's common part. */
  function summaryOf(awb: SamedayAwb) {
    const delivered = awb.events.findLast((event) => event.delivered);
    const attempts = awb.events.filter((event) => event.delivered || event.statusId === REFUSAL_ID);
    const lastAttempt = attempts.at(-1);
    return {
      deliveredAt: delivered ? statusStamp(delivered.date) : '',
      lastDeliveryAttempt: lastAttempt ? statusStamp(lastAttempt.date) : '',
      delivered: delivered !== undefined,
      canceled: awb.canceledInPortal || awb.events.some((event) => event.canceled),
      deliveryAttempts: attempts.length,
    };
  }

  // The AWB's status as the SDK's fixture has it (tests/Responses/SamedayGetAwbStatusHistoryResponseTest.php, php-sdk
  // 5307420): expeditionSummary, expeditionStatus, parcelsStatus (no inReturn) and expeditionHistory, newest first.
  function awbStatus(res: http.ServerResponse, awbNumber: string) {
    statusCalls.set(awbNumber, (statusCalls.get(awbNumber) ?? 0) + 1);
    const awb = live(awbNumber);
    if (!awb) return apiError(res, 404, 'Awb not found');
    const latest = awb.events.at(-1)!;
    sendJson(res, 200, {
      expeditionSummary: {
        ...summaryOf(awb),
        servicePayment: 0,
        awbWeight: numberOf(awb.form.packageWeight) ?? 0,
        cashOnDelivery: numberOf(awb.form.cashOnDelivery) ?? 0,
        awbNumber,
        redirectionsAttempts: 0,
      },
      expeditionStatus: eventJson(latest),
      parcelsStatus: awb.parcels.map((parcel) => ({
        ...eventJson(latest),
        parcelAwbNumber: parcel.awbNumber,
        parcelDetails: parcelDetails(parcel.awbNumber),
      })),
      expeditionHistory: awb.events.toReversed().map(eventJson),
    });
  }

  // A parcel's own history as the SDK's fixture has it (tests/Responses/SamedayGetParcelStatusHistoryResponseTest.php,
  // php-sdk 5307420): parcelSummary, parcelHistory oldest first with each event's inReturn, expeditionStatus.
  function parcelHistory(res: http.ServerResponse, parcelAwb: string) {
    const awb = awbs.find((candidate) => !candidate.deleted && candidate.parcels.some((parcel) => parcel.awbNumber === parcelAwb));
    const parcel = awb?.parcels.find((candidate) => candidate.awbNumber === parcelAwb);
    if (!awb || !parcel) return apiError(res, 404, 'Parcel not found');
    const pickedUp = awb.events.find((event) => event.statusId !== 1);
    sendJson(res, 200, {
      parcelSummary: {
        ...summaryOf(awb),
        parcelAwbNumber: parcel.awbNumber,
        parcelWeight: parcel.weight,
        isPickedUp: pickedUp !== undefined,
        ...(pickedUp ? { pickedUpAt: statusStamp(pickedUp.date) } : {}),
      },
      parcelHistory: awb.events.map((event) => ({ ...eventJson(event), inReturn: event.inReturn })),
      expeditionStatus: { ...eventJson(awb.events.at(-1)!), expeditionDetails: `${origin}/api/client/awb/${awb.awbNumber}/status` },
    });
  }

  function statusSync(res: http.ServerResponse, query: Record<string, string>) {
    const start = integerOf(query.startTimestamp);
    const end = integerOf(query.endTimestamp);
    if (start === null || end === null) {
      const children: Record<string, ErrorNode> = {};
      if (start === null) children.startTimestamp = { errors: [NOT_BLANK] };
      if (end === null) children.endTimestamp = { errors: [NOT_BLANK] };
      return sendJson(res, 400, { code: 400, message: 'Validation Failed', errors: { children } });
    }
    const items = awbs
      .filter((awb) => !awb.deleted)
      .flatMap((awb) => awb.events.flatMap((event) => awb.parcels.map((parcel) => ({ event, parcel }))))
      .filter(({ event }) => event.date.getTime() >= start * 1000 && event.date.getTime() <= end * 1000 + 999)
      .sort((a, b) => a.event.date.getTime() - b.event.date.getTime())
      .map(({ event, parcel }) => ({
        status: event.status,
        statusId: event.statusId,
        statusLabel: event.statusLabel,
        statusState: event.statusState,
        transitLocation: event.transitLocation,
        statusDate: statusStamp(event.date),
        parcelAwbNumber: parcel.awbNumber,
        reasonId: event.reasonId,
        reason: event.reason,
        parcelDetails: parcelDetails(parcel.awbNumber),
      }));
    const { currentPage, perPage, data } = paginate(items, query, 500);
    sendJson(res, 200, { currentPage, perPage, data });
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL, query: Record<string, string>, form: Record<string, string>) {
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '');
    const wrongMethod = () => apiError(res, 405, 'Method Not Allowed');
    if (path === '/api/authenticate') return method === 'POST' ? authenticate(req, res, query, form) : wrongMethod();
    if (!path.startsWith('/api/')) return apiError(res, 404, 'Not Found');

    const token = req.headers['x-auth-token'];
    const expiresAt = typeof token === 'string' ? tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) return apiError(res, 401, 'Invalid token');

    if (path === '/api/awb') return method === 'POST' ? createAwb(res, form) : wrongMethod();
    const download = path.match(/^\/api\/awb\/download\/([^/]+)\/([^/]+)$/);
    if (download) {
      if (method !== 'GET') return wrongMethod();
      const awb = live(decodeURIComponent(download[1]!));
      if (!awb) return apiError(res, 404, 'Awb not found');
      const format = download[2]!;
      if (format !== 'A4' && format !== 'A6') return apiError(res, 400, 'Invalid format. Allowed: A4, A6');
      return send(res, 200, 'application/pdf', samedayLabel(awb, format), { 'content-disposition': `inline; filename="${awb.awbNumber}.pdf"` });
    }
    const single = path.match(/^\/api\/awb\/([^/]+)$/);
    if (single) {
      if (method !== 'DELETE') return wrongMethod();
      const awb = live(decodeURIComponent(single[1]!));
      if (!awb) return apiError(res, 404, 'Awb not found');
      if (awb.events.some((event) => event.statusId !== 1)) return apiError(res, 400, 'Awb cannot be deleted');
      awb.deleted = true;
      res.writeHead(204);
      return res.end();
    }
    const history = path.match(/^\/api\/client\/parcel\/([^/]+)\/status-history$/);
    if (history) return method === 'GET' ? parcelHistory(res, decodeURIComponent(history[1]!)) : wrongMethod();
    const status = path.match(/^\/api\/client\/awb\/([^/]+)\/status$/);
    if (status) return method === 'GET' ? awbStatus(res, decodeURIComponent(status[1]!)) : wrongMethod();
    if (path === '/api/client/status-sync') return method === 'GET' ? statusSync(res, query) : wrongMethod();
    const lists: Record<string, () => unknown[]> = {
      '/api/client/services': () => services,
      '/api/client/pickup-points': pickupPointList,
      '/api/client/lockers': () => {
        const wanted = query.lockersList?.split(',').map((id) => Number(id.trim()));
        return wanted ? lockers.filter((locker) => wanted.includes(locker.lockerId)) : lockers;
      },
    };
    const list = lists[path];
    if (!list) return apiError(res, 404, 'Not Found');
    if (method !== 'GET') return wrongMethod();
    sendJson(res, 200, paginate(list(), query));
  }

  /** A form body (application/x-www-form-urlencoded) as its fields; {} for any other. */
  const formOf = (req: http.IncomingMessage, raw: Buffer) =>
    /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '') ? Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) : {};
  const standIn = await startStandIn({
    port: options.port,
    record: ({ req, url, raw }) => {
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: raw.toString('utf8'), form: formOf(req, raw) });
    },
    answer: ({ req, res, url, raw }) => handle(req, res, url, Object.fromEntries(url.searchParams), formOf(req, raw)),
    whenDown: (res) => send(res, 503, 'text/html', DOWN_PAGE),
    failed: (res, error) => send(res, 500, 'text/plain', String(error)),
  });
  origin = standIn.origin;

  return {
    url: origin,
    requests,
    get logins() {
      return logins;
    },
    statusCalls,
    awbs: () =>
      awbs.map((awb) => ({
        ...awb,
        form: { ...awb.form },
        parcels: awb.parcels.map((parcel) => ({ ...parcel })),
        events: awb.events.map((event) => ({ ...event })),
      })),
    expireTokens() {
      tokens.clear();
    },
    refuseField(path: string[], message: string) {
      refusals.push({ path, message });
    },
    report: append,
    deliver(awb: string) {
      append(awb, { statusId: 9, status: 'Livrata cu succes', statusLabel: 'Colet livrat', statusState: 'Colete livrate', delivered: true });
    },
    refuse(awb: string) {
      append(awb, {
        statusId: REFUSAL_ID,
        status: 'Refuz destinatar',
        statusLabel: 'Destinatarul a refuzat coletul',
        statusState: 'Colet refuzat',
        reason: 'Refuz',
        inReturn: true,
      });
    },
    cancelInPortal(awbNumber: string) {
      const awb = live(awbNumber);
      if (!awb) throw new Error(`fake Sameday: no AWB ${awbNumber}`);
      awb.canceledInPortal = true;
    },
    unknownStatus(awb: string) {
      append(awb, { statusId: 999, status: 'Status nou', statusLabel: 'Status nou', statusState: 'Status nou' });
    },
    inTransit(awb: string) {
      append(awb, { statusId: 33, status: 'In livrare la curier', statusLabel: 'Colet in livrare', statusState: 'In livrare' });
    },
    slowDown: standIn.slowDown,
    down: (on, reference) => standIn.down(on && reference !== undefined ? ({ req, raw }) => formOf(req, raw).clientInternalReference?.trim() === reference : on),
    close: standIn.close,
  };
}
