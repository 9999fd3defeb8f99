import { withoutDiacritics } from '../../../domain/text';
import { toDecimalString } from '../../../domain/money';
import type { ParcelState } from '../../../domain/courier';
import { bucharestIso, type CashPaidOut, type Courier, courierApi, type CourierEvent, CourierError, type CourierField, type CreatedAwb, type Shipment, type Tracking } from './courier';

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

/** FAN's event codes (its reports/awb-events): delivered; refused or returned (the order becomes returned). */
const DELIVERED = new Set(['S2']);
const RETURNED = new Set(['S6', 'S7', 'S15', 'S16', 'S33', 'S43']);
/** On its way: picked up, in transit, out for delivery, at a pickup point, a delivery problem (tried again). */
const ON_ITS_WAY = new Set(['C0', 'C1', 'S1', 'S3', 'S46', 'S47', 'H0', 'H1', 'H3', 'H4', 'H10', 'H11']);

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

  return {
    id: 'fan',

    async create(shipment: Shipment): Promise<CreatedAwb> {
      if (!('address' in shipment.to)) throw new CourierError('refused', 'FAN Courier delivers to an address here, not to a locker.', [{ field: 'locker', message: 'FANbox is not offered.' }]);
      const address = shipment.to.address;
      const plain = (text: string) => withoutDiacritics(text);
      const body = {
        clientId: Number(settings.clientId),
        shipments: [
          {
            info: {
              service: shipment.cashOnDelivery > 0 ? 'Cont Colector' : 'Standard',
              packages: { parcel: shipment.parcels, envelope: 0 },
              weight: Math.max(1, Math.ceil(shipment.weightGrams / 1000)),
              cod: lei(shipment.cashOnDelivery),
              declaredValue: lei(shipment.declaredValue),
              payment: 'expeditor',
              observation: plain(shipment.note),
              content: plain(shipment.reference),
              options: [],
            },
            recipient: {
              name: plain(shipment.recipient.name),
              phone: shipment.recipient.phone,
              email: shipment.recipient.email,
              address: {
                county: plain(address.county),
                locality: plain(address.locality),
                street: plain(address.street),
                streetNo: plain(address.number),
                zipCode: address.postalCode,
              },
            },
          },
        ],
      };
      const answer = (await (await call('/intern-awb', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
        response?: { awbNumber: number | string | null; tariff?: number; errors?: Record<string, string | string[]> | null }[];
      };
      const [result] = answer.response ?? [];
      if (!result?.awbNumber) {
        const fields = Object.entries(result?.errors ?? {}).flatMap(([path, messages]) =>
          (Array.isArray(messages) ? messages : [messages]).map((message) => ({ field: FIELDS[path] ?? path, message })),
        );
        throw new CourierError('refused', 'FAN Courier refused the AWB.', fields);
      }
      return { awb: String(result.awbNumber), cost: typeof result.tariff === 'number' ? Math.round(result.tariff * 100) : null, parcels: [] };
    },

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
      await call(`/awb?${query({ clientId: settings.clientId, awb })}`, { method: 'DELETE' });
    },

    async cashPaidOut(day: string): Promise<CashPaidOut[]> {
      const paid: CashPaidOut[] = [];
      for (let page = 1; page <= 50; page += 1) {
        const answer = (await (await call(`/reports/bank-transfers?${query({ clientId: settings.clientId, date: day, page: String(page), perPage: '100' })}`)).json()) as {
          data?: { info: { awbNumber: string | number; amountCollected: number; transferDate: string } }[];
          total?: number;
          perPage?: number;
        };
        for (const item of answer.data ?? []) paid.push({ awb: String(item.info.awbNumber), amount: Math.round(item.info.amountCollected * 100), paidOn: item.info.transferDate });
        if ((answer.data ?? []).length === 0 || page * (answer.perPage ?? 100) >= (answer.total ?? 0)) break;
      }
      return paid;
    },
  };
}
