import { blockParts } from '../../../domain/address';
import { addDays } from '../../../domain/calendar';
import { type CourierAddress, inBucharest, type ParcelState } from '../../../domain/courier';
import { bucharestDay } from '../../../domain/locale';
import { toDecimalString } from '../../../domain/money';
import { withoutDiacritics } from '../../../domain/text';
import {
  bucharestIso,
  type CashPaidOut,
  type Courier,
  CourierError,
  type CourierEvent,
  type CourierField,
  type CreatedAwb,
  courierApi,
  type FoundAwb,
  type ReturnShipment,
  type Shipment,
  type Tracking,
} from './courier';

/**
 * FAN Courier's API v2 (https://api.fancourier.ro), as its documented clients speak it: POST /login for a Bearer token
 * (24 hours) kept by the process and taken again when refused; AWBs from POST /intern-awb (JSON, one result per
 * shipment, its errors by field), their label, tracking (the S-codes), deletion, and the COD paid out
 * (reports/bank-transfers). FAN takes addresses without diacritics.
 */

export interface FanSettings {
  username: string;
  password: string;
  clientId: string;
  /** https://api.fancourier.ro, or FAN_BASE_URL. */
  baseUrl: string;
  timeoutMs?: number;
}

export const FAN_HOST = 'https://api.fancourier.ro';

/**
 * FAN's event codes (its reports/awb-events; names as FAN's own list gives them, which the PrestaShop module
 * quarkcomro/ps-fancourier keeps as its fallback): delivered (S2 "Livrat"); refused or returned, the order becomes
 * returned (S6 "Refuz primire", S7 "Refuz plata transport", S15 "Refuz predare ramburs", S16 "Retur la termen", S33
 * "Retur solicitat", S43 "Retur").
 */
const DELIVERED = new Set(['S2']);
const RETURNED = new Set(['S6', 'S7', 'S15', 'S16', 'S33', 'S43']);
/**
 * On its way: every event of the client's tracking sample (daika7ana/fancourier-api-v2 AwbTracker.php: C0 picked up,
 * H3 sorted, H10 in transit, H1 at the destination depot, C1 taken out to deliver, S1 out for delivery, S12
 * "Contactat; livrare ulterioara"), FAN's other depot and transit events (H0, H2, H4, H11, H12, H13, H15, H17), and
 * S3 "Avizat", S46 left at a pickup point, S47 handed to a partner. Any other is a status the shop does not know.
 */
const ON_ITS_WAY = new Set(['C0', 'C1', 'S1', 'S3', 'S12', 'S46', 'S47', 'H0', 'H1', 'H2', 'H3', 'H4', 'H10', 'H11', 'H12', 'H13', 'H15', 'H17']);

/**
 * A day of FAN's reports, DD.MM.YYYY ("20.11.2023", the client's bank-transfer sample), as YYYY-MM-DD; anything else
 * is refused rather than guessed (a swapped day and month would record cash paid on a wrong day).
 */
export function fanDay(text: string): string {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  const [day, month, year] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!match || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new CourierError('unavailable', `FAN Courier gave a date the shop cannot read: "${text}" (DD.MM.YYYY expected).`);
  }
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/** A FAN amount in lei (a JSON number, or a numeric string) in bani; refused when it is neither. */
function fanBani(value: unknown): number {
  const lei = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(lei)) throw new CourierError('unavailable', `FAN Courier gave an amount the shop cannot read: ${JSON.stringify(value)}.`);
  return Math.round(lei * 100);
}

/** FAN's fields (their paths) as the shop names them. */
const FIELDS: Record<string, CourierField> = {
  'recipient.name': 'name',
  'recipient.phone': 'phone',
  'recipient.email': 'email',
  'recipient.address.street': 'address',
  'recipient.address.streetNo': 'address',
  'recipient.address.locality': 'locality',
  'recipient.address.county': 'county',
  'recipient.address.zipCode': 'postalCode',
  'info.parcels': 'parcels',
  'info.packages': 'parcels',
  'info.weight': 'weight',
  'info.cod': 'cashOnDelivery',
  'info.declaredValue': 'declaredValue',
  'info.observation': 'note',
  'info.service': 'account',
  clientId: 'account',
};

const plain = (text: string) => withoutDiacritics(text);

/**
 * A person and address as FAN takes them (its `recipient`, or a return's `sender`): without diacritics; Bucharest one
 * locality, "Bucuresti" in county "Bucuresti" (every sample of the client's: localityId 11), the sector with the street;
 * a block's building, entrance, floor and apartment in their own fields (daika7ana/fancourier-api-v2 AwbIntern::pack()),
 * what of the second line they cannot hold after the street.
 */
function fanPerson(person: { name: string; phone: string; email: string }, address: CourierAddress) {
  const bucharest = inBucharest(address);
  const { rest, ...block } = blockParts(address.line2);
  const street = [bucharest ? `${plain(address.street)}, ${plain(address.locality)}` : plain(address.street), plain(rest)].filter(Boolean).join(', ');
  return {
    name: plain(person.name),
    phone: person.phone,
    email: person.email,
    address: {
      county: bucharest ? 'Bucuresti' : plain(address.county),
      locality: bucharest ? 'Bucuresti' : plain(address.locality),
      street,
      streetNo: plain(address.number),
      zipCode: address.postalCode,
      ...Object.fromEntries(
        Object.entries(block)
          .filter(([, value]) => value !== '')
          .map(([field, value]) => [field, plain(value)]),
      ),
    },
  };
}

/** Lei as FAN takes amounts (a number). */
const lei = (bani: number) => Number(toDecimalString(bani));

export function fanCourier(settings: FanSettings): Courier {
  const { call } = courierApi({
    name: 'FAN Courier',
    baseUrl: settings.baseUrl,
    timeoutMs: settings.timeoutMs,
    signIn: {
      path: '/login',
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ username: settings.username, password: settings.password }),
      },
      token: (answer) => (answer as { data?: { token?: string } }).data?.token,
    },
    headers: (token) => ({ Accept: 'application/json', Authorization: `Bearer ${token}` }),
    tokenRefused: [401],
    async refusal(response) {
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      return new CourierError('refused', answer.message ?? `FAN Courier answered ${response.status}.`);
    },
  });

  const query = (params: Record<string, string | string[]>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) for (const one of Array.isArray(value) ? value : [value]) search.append(Array.isArray(value) ? `${name}[]` : name, one);
    return search.toString();
  };

  /** One shipment of POST intern-awb: FAN's answer, one result per shipment, its AWB or its errors by field. */
  async function postAwb(shipment: Record<string, unknown>): Promise<CreatedAwb> {
    const body = { clientId: Number(settings.clientId), shipments: [shipment] };
    const answer = (await (await call('/intern-awb', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
      response?: { awbNumber: number | string | null; tariff?: number; errors?: Record<string, string | string[]> | null }[];
    };
    const [result] = answer.response ?? [];
    if (!result?.awbNumber) {
      const fields = Object.entries(result?.errors ?? {}).flatMap(([path, messages]) => (Array.isArray(messages) ? messages : [messages]).map((message) => ({ field: FIELDS[path] ?? path, message })));
      throw new CourierError('refused', 'FAN Courier refused the AWB.', fields);
    }
    return { awb: String(result.awbNumber), cost: typeof result.tariff === 'number' ? Math.round(result.tariff * 100) : null, parcels: [] };
  }

  /**
   * FAN has no lookup by reference; its day's AWBs (GET reports/awb, "borderou": daika7ana/fancourier-api-v2
   * Request/GetShippingSlip.php, its sample in Objects/ShippingSlip.php) carry the `content` the shop sent, which starts
   * with the reference: the days from `since` to today are read, page after page.
   */
  async function madeWith(reference: string, since: Date): Promise<FoundAwb> {
    const wanted = withoutDiacritics(reference);
    for (let day = bucharestDay(since); day <= bucharestDay(new Date()); day = addDays(day, 1)) {
      for (let page = 1; page <= 50; page += 1) {
        const answer = (await (await call(`/reports/awb?${query({ clientId: settings.clientId, date: day, page: String(page), perPage: '100' })}`)).json()) as {
          data?: { info: { awbNumber: string | number; content?: string | null; cost?: number | string | null } }[];
          total?: number;
          perPage?: number;
        };
        const found = (answer.data ?? []).find((item) => {
          const content = (item.info.content ?? '').trim();
          return content === wanted || content.startsWith(`${wanted} `);
        });
        if (found) return { made: { awb: String(found.info.awbNumber), cost: found.info.cost == null || found.info.cost === '' ? null : fanBani(found.info.cost), parcels: [] } };
        if ((answer.data ?? []).length === 0 || page * (answer.perPage ?? 100) >= (answer.total ?? 0)) break;
      }
    }
    return { made: null };
  }

  return {
    id: 'fan',

    async create(shipment: Shipment): Promise<CreatedAwb> {
      if (!('address' in shipment.to)) throw new CourierError('refused', 'FAN Courier delivers to an address here, not to a locker.', [{ field: 'locker', message: 'FANbox is not offered.' }]);
      return postAwb({
        info: {
          service: shipment.cashOnDelivery > 0 ? 'Cont Colector' : 'Standard',
          packages: { parcel: shipment.parcels, envelope: 0 },
          weight: Math.max(1, Math.ceil(shipment.weightGrams / 1000)),
          cod: lei(shipment.cashOnDelivery),
          declaredValue: lei(shipment.declaredValue),
          payment: 'expeditor',
          observation: plain(shipment.note),
          // The reference first (the lookup below finds the AWB by it), then what the label says is inside: neutral with
          // discreet shipping (issue 47). FAN has no field of its own for a reference.
          content: plain(shipment.contents ? `${shipment.reference} ${shipment.contents}` : shipment.reference),
          options: [],
        },
        recipient: fanPerson(shipment.recipient, shipment.to.address),
      });
    },

    /**
     * A return (issue 45), as FAN's public clients send one (daika7ana/fancourier-api-v2 AwbIntern::pack(): an
     * optional `sender` beside `recipient` in the same POST intern-awb): the customer as sender, the shop as recipient,
     * no cash on delivery, the shop paying (payment "expeditor", the account). Not confirmed by FAN's own documentation
     * (docs/integrations/returns.md): to be tried against FAN before relying on it.
     */
    async createReturn(parcel: ReturnShipment): Promise<CreatedAwb> {
      return postAwb({
        info: {
          service: 'Standard',
          packages: { parcel: parcel.parcels, envelope: 0 },
          weight: Math.max(1, Math.ceil(parcel.weightGrams / 1000)),
          cod: 0,
          declaredValue: lei(parcel.declaredValue),
          payment: 'expeditor',
          observation: plain(parcel.note),
          content: plain(parcel.reference),
          options: [],
        },
        sender: { ...fanPerson(parcel.sender, parcel.sender.address), contactPerson: plain(parcel.sender.name) },
        recipient: fanPerson(parcel.recipient, parcel.recipient.address),
      });
    },

    findCreated: (shipment: Shipment, since: Date) => madeWith(shipment.reference, since),
    findReturn: (parcel: ReturnShipment, since: Date) => madeWith(parcel.reference, since),

    async label(awb: string, format: 'A4' | 'A6'): Promise<Buffer> {
      const response = await call(`/awb/label?${query({ clientId: settings.clientId, awbs: [awb], pdf: '1', format })}`);
      if (!(response.headers.get('content-type') ?? '').includes('pdf')) {
        const answer = (await response.json().catch(() => ({}))) as { message?: string };
        throw new CourierError('refused', answer.message ?? 'FAN Courier gave no label.');
      }
      return Buffer.from(await response.arrayBuffer());
    },

    async track(awb: string): Promise<Tracking> {
      const answer = (await (await call(`/reports/awb/tracking?${query({ clientId: settings.clientId, awb: [awb], language: 'ro' })}`)).json()) as {
        data?: { awbNumber: string; returnAwbNumber?: string | null; events?: { id: string; name: string; location: string; date: string }[] }[];
      };
      const found = (answer.data ?? []).find((item) => String(item.awbNumber) === awb);
      const events: CourierEvent[] = (found?.events ?? []).map((event) => ({ at: bucharestIso(event.date), code: event.id, label: event.name, location: event.location ?? '' }));
      const codes = events.map((event) => event.code);
      const last = codes.at(-1);
      let state: ParcelState = 'in_transit';
      if (codes.some((code) => DELIVERED.has(code))) state = 'delivered';
      else if (found?.returnAwbNumber || codes.some((code) => RETURNED.has(code))) state = 'returned';
      else if (last && !ON_ITS_WAY.has(last)) state = 'unknown';
      return { awb, state, events };
    },

    async cancel(awb: string): Promise<void> {
      // FAN's clients decide by the body alone (daika7ana/fancourier-api-v2 Response/DeleteAwb.php: status "success",
      // never the HTTP status): a 200 with {"status":"error"} has not cancelled it.
      // A 404 ("AWB inexistent"): FAN no longer has it, deleted before.
      const response = await call(`/awb?${query({ clientId: settings.clientId, awb })}`, { method: 'DELETE' }, [404]);
      if (response.status === 404) return;
      const answer = (await response.json().catch(() => null)) as { status?: string; message?: string } | null;
      if (answer?.status !== 'success') throw new CourierError('refused', answer?.message ?? `FAN Courier did not cancel AWB ${awb}.`);
    },

    async cashPaidOut(day: string): Promise<CashPaidOut[]> {
      const paid: CashPaidOut[] = [];
      for (let page = 1; page <= 50; page += 1) {
        const answer = (await (await call(`/reports/bank-transfers?${query({ clientId: settings.clientId, date: day, page: String(page), perPage: '100' })}`)).json()) as {
          data?: { info: { awbNumber: string | number; amountCollected: number | string; transferDate: string } }[];
          total?: number;
          perPage?: number;
        };
        for (const item of answer.data ?? []) paid.push({ awb: String(item.info.awbNumber), amount: fanBani(item.info.amountCollected), paidOn: fanDay(item.info.transferDate) });
        if ((answer.data ?? []).length === 0 || page * (answer.perPage ?? 100) >= (answer.total ?? 0)) break;
      }
      return paid;
    },
  };
}
