/** Sameday's answers as the adapter (sameday.ts) reads them: their shapes (the SDK's response classes), its field errors by the shop's names, its times. */
import type { CourierField } from './courier';

export interface SamedayEvent {
  statusId: number;
  status: string;
  statusLabel: string;
  statusDate: string;
  county: string;
  transitLocation: string;
}

/**
 * GET /api/client/awb/{awb}/status (the SDK's SamedayGetAwbStatusHistoryResponse): `canceled` is the AWB cancelled at
 * Sameday, never a parcel that came back; the AWB's status carries no inReturn.
 */
export interface SamedayStatus {
  expeditionSummary: { delivered: boolean; canceled: boolean };
  parcelsStatus: { parcelAwbNumber: string }[];
  expeditionHistory: SamedayEvent[];
}

/** GET /api/client/parcel/{parcel}/status-history (SamedayGetParcelStatusHistoryResponse): inReturn on each event, when given. */
export interface SamedayParcelHistory {
  parcelHistory: (SamedayEvent & { inReturn?: boolean | null })[];
}

export interface Page<T> {
  data: T[];
  pages: number;
  currentPage: number;
}

/** Sameday's fields (their paths) as the shop names them (CourierField); any other keeps its path. */
const FIELDS: Record<string, CourierField> = {
  'awbRecipient.name': 'name',
  'awbRecipient.phoneNumber': 'phone',
  'awbRecipient.email': 'email',
  'awbRecipient.address': 'address',
  'awbRecipient.cityString': 'locality',
  'awbRecipient.city': 'locality',
  'awbRecipient.countyString': 'county',
  'awbRecipient.county': 'county',
  'awbRecipient.postalCode': 'postalCode',
  // A return's customer (thirdParty, the fields of awbRecipient).
  'thirdParty.name': 'name',
  'thirdParty.phoneNumber': 'phone',
  'thirdParty.address': 'address',
  'thirdParty.cityString': 'locality',
  'thirdParty.countyString': 'county',
  'thirdParty.postalCode': 'postalCode',
  lockerFirstMile: 'locker',
  packageNumber: 'parcels',
  packageWeight: 'weight',
  parcels: 'weight',
  cashOnDelivery: 'cashOnDelivery',
  insuredValue: 'declaredValue',
  observation: 'note',
  lockerLastMile: 'locker',
  clientInternalReference: 'reference',
  pickupPoint: 'account',
  contactPerson: 'account',
  service: 'account',
};

/** Every field error of Sameday's "Validation Failed" answer, by its path (awbRecipient.phoneNumber). */
export function fieldErrors(node: unknown, path: string[] = []): { field: string; message: string }[] {
  if (!node || typeof node !== 'object') return [];
  const { errors, children } = node as { errors?: unknown; children?: Record<string, unknown> };
  const name = path.join('.');
  const field = FIELDS[name] ?? FIELDS[path[0] ?? ''] ?? name;
  const own = Array.isArray(errors) ? errors.filter((error): error is string => typeof error === 'string').map((message) => ({ field, message })) : [];
  const nested = Object.entries(children ?? {}).flatMap(([name, child]) => fieldErrors(child, [...path, name]));
  return [...own, ...nested];
}

/** "2019-02-26T09:37:28+0200" (Sameday's) as ISO 8601 in UTC. */
export function isoTime(text: string): string {
  const date = new Date(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}
