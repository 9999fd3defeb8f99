import type { ParcelState } from '../../../domain/courier';
import { toDecimalString } from '../../../domain/money';
import { sharedOnce } from '../../remembered';
import { type Courier, CourierError, type CourierEvent, type CreatedAwb, courierApi, type FoundAwb, type Locker, type ReturnShipment, type Shipment, type Tracking } from './courier';
import { fieldErrors, isoTime, type Page, type SamedayParcelHistory, type SamedayStatus } from './samedayAnswers';

/**
 * Sameday's API, as its official SDK (sameday-courier/php-sdk) speaks it: a token from POST /api/authenticate
 * (X-Auth-Username, X-Auth-Password, remember_me) sent as X-AUTH-TOKEN, kept by the process and taken again when
 * Sameday refuses it; AWBs created from PHP-style bracket form fields (POST /api/awb), their label, status and
 * deletion; services, pickup points and easybox lockers from its paginated lists.
 */

export interface SamedaySettings {
  username: string;
  password: string;
  /** https://api.sameday.ro, or the demo https://sameday-api.demo.zitec.com (SAMEDAY_ENV), or SAMEDAY_BASE_URL. */
  baseUrl: string;
  /** The pickup point and its contact person; the account's default pickup point when absent. */
  pickupPoint?: string;
  /** The service (its id) for deliveries to an address; the account's default service when absent. */
  service?: string;
  timeoutMs?: number;
}

/** Sameday's hosts (its WooCommerce plugin's). */
export const SAMEDAY_HOSTS = { prod: 'https://api.sameday.ro', demo: 'https://sameday-api.demo.zitec.com' } as const;

/**
 * The status ids the shop knows: the only ones Sameday's SDK names (its fixtures, tests/Responses/*Test.php): 1 "AWB
 * Emis", 33 "In livrare la curier", 9 "Livrata cu succes". Sameday publishes no list, so no id of a refusal or a return
 * is known (none is guessed): a parcel coming back is read from its own history's inReturn. Any other id is shown to
 * the owner as a status the shop does not know (nothing changes on the order).
 */
const KNOWN_STATUSES = new Set([1, 9, 33]);

/** Lei as Sameday writes amounts ("199.99"). */
const lei = (bani: number) => toDecimalString(bani);
/** Grams as Sameday's kilograms. */
const kg = (grams: number) => String(Math.max(0.01, Math.round(grams / 10) / 100));

export function samedayCourier(settings: SamedaySettings): Courier {
  const { call } = courierApi({
    name: 'Sameday',
    baseUrl: settings.baseUrl,
    timeoutMs: settings.timeoutMs,
    signIn: {
      path: '/api/authenticate',
      init: {
        method: 'POST',
        headers: { 'X-Auth-Username': settings.username, 'X-Auth-Password': settings.password, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ remember_me: '1' }),
      },
      token: (answer) => (answer as { token?: string }).token,
    },
    headers: (token) => ({ 'X-AUTH-TOKEN': token }),
    tokenRefused: [401, 403],
    async refusal(response) {
      const answer = (await response.json().catch(() => ({}))) as { message?: string; errors?: unknown };
      return new CourierError('refused', answer.message ?? `Sameday answered ${response.status}.`, fieldErrors(answer.errors));
    },
  });

  async function everyPage<T>(path: string): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; page <= 100; page += 1) {
      const answer = (await (await call(`${path}?page=${page}&countPerPage=500`)).json()) as Page<T>;
      items.push(...answer.data);
      if (page >= answer.pages) break;
    }
    return items;
  }

  /** The pickup point and its contact person: the settings', or the account's default. */
  const pickupPoint = sharedOnce(async () => {
    const points = await everyPage<{ id: number; defaultPickupPoint: boolean; pickupPointContactPerson: { id: number; defaultContactPerson: boolean }[] }>('/api/client/pickup-points');
    const point = points.find((candidate) => (settings.pickupPoint ? String(candidate.id) === settings.pickupPoint : candidate.defaultPickupPoint)) ?? points[0];
    if (!point) throw new CourierError('refused', 'The Sameday account has no pickup point.');
    const person = point.pickupPointContactPerson.find((candidate) => candidate.defaultContactPerson) ?? point.pickupPointContactPerson[0];
    return { id: String(point.id), contactPerson: String(person?.id ?? '') };
  });

  type Service = { id: number; serviceCode: string; defaultServices: boolean; serviceOptionalTaxes: { id: number; taxCode: string }[] };
  const services = sharedOnce(() => everyPage<Service>('/api/client/services'));

  /** The service of a shipment: the one it names, the locker service for a locker, the settings' or the default. */
  async function serviceFor(shipment: Pick<Shipment, 'service' | 'to'>): Promise<Service> {
    const list = await services.get();
    const wanted = shipment.service ?? (shipment.to.lockerId ? undefined : settings.service);
    const service =
      (wanted ? list.find((candidate) => String(candidate.id) === wanted) : undefined) ??
      (shipment.to.lockerId ? list.find((candidate) => candidate.serviceCode === 'LN') : undefined) ??
      list.find((candidate) => candidate.defaultServices) ??
      list[0];
    if (!service) throw new CourierError('refused', 'The Sameday account has no service.');
    return service;
  }

  /**
   * Whether any of the parcels is on its way back: an event of its own history marked inReturn (the SDK's
   * HistoryObject::isInReturn, since SDK 2.4.1). Asked for every parcel of an AWB not delivered nor cancelled, since a
   * parcel coming back may show any status id, and those of refusals and returns are not public.
   */
  async function comingBack(parcels: string[]): Promise<boolean> {
    for (const parcel of parcels) {
      const answer = (await (await call(`/api/client/parcel/${encodeURIComponent(parcel)}/status-history`)).json()) as SamedayParcelHistory;
      if (answer.parcelHistory.some((event) => event.inReturn === true)) return true;
    }
    return false;
  }

  /** Each parcel's weight and size, as the SDK's SamedayPostAwbRequest sends them (weight, width, length, height). */
  function setParcels(form: URLSearchParams, shipment: Pick<Shipment, 'parcels' | 'weightGrams' | 'dimensionsCm'>) {
    for (let parcel = 0; parcel < shipment.parcels; parcel += 1) {
      form.set(`parcels[${parcel}][weight]`, kg(shipment.weightGrams / shipment.parcels));
      form.set(`parcels[${parcel}][width]`, String(shipment.dimensionsCm.width));
      form.set(`parcels[${parcel}][length]`, String(shipment.dimensionsCm.length));
      form.set(`parcels[${parcel}][height]`, String(shipment.dimensionsCm.height));
    }
  }

  async function postAwb(form: URLSearchParams): Promise<CreatedAwb> {
    const answer = (await (await call('/api/awb', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form })).json()) as {
      awbNumber: string;
      awbCost?: number;
      parcels?: { awbNumber: string }[];
    };
    return { awb: answer.awbNumber, cost: typeof answer.awbCost === 'number' ? Math.round(answer.awbCost * 100) : null, parcels: (answer.parcels ?? []).map((parcel) => parcel.awbNumber) };
  }

  /**
   * Sameday lists no AWB by its reference (no call in its SDK does), but refuses a clientInternalReference it has seen
   * (awb.not_unique; its WooCommerce plugin's issues #194 and #197): creating it again with the same reference makes
   * it now if the first never was, or says the first was made (its number then unknown to the shop).
   */
  async function createdAgain(create: () => Promise<CreatedAwb>): Promise<FoundAwb> {
    try {
      return { made: await create() };
    } catch (error) {
      if (!(error instanceof CourierError) || error.kind !== 'refused') throw error;
      return error.fields.some((field) => field.field === 'reference') ? { madeUnknown: true } : { made: null };
    }
  }

  return {
    id: 'sameday',

    async create(shipment: Shipment): Promise<CreatedAwb> {
      const [point, service] = await Promise.all([pickupPoint.get(), serviceFor(shipment)]);
      const form = new URLSearchParams({
        pickupPoint: point.id,
        contactPerson: point.contactPerson,
        packageType: '0',
        packageNumber: String(shipment.parcels),
        packageWeight: kg(shipment.weightGrams),
        service: String(service.id),
        awbPayment: '1',
        cashOnDelivery: lei(shipment.cashOnDelivery),
        cashOnDeliveryReturns: '1',
        insuredValue: lei(shipment.declaredValue),
        thirdPartyPickup: '0',
        'awbRecipient[name]': shipment.recipient.name,
        'awbRecipient[phoneNumber]': shipment.recipient.phone,
        'awbRecipient[personType]': '0',
        'awbRecipient[email]': shipment.recipient.email,
        observation: shipment.note,
        clientInternalReference: shipment.reference,
      });
      // To a locker: its id as lockerLastMile, and its own address as the recipient's (what Sameday's plugins send).
      if (shipment.to.lockerId) form.set('lockerLastMile', shipment.to.lockerId);
      form.set('awbRecipient[address]', shipment.to.address.address);
      form.set('awbRecipient[cityString]', shipment.to.address.locality);
      form.set('awbRecipient[countyString]', shipment.to.address.county);
      form.set('awbRecipient[postalCode]', shipment.to.address.postalCode);
      setParcels(form, shipment);
      const opening = service.serviceOptionalTaxes.find((tax) => tax.taxCode === 'OPCG');
      if (shipment.openPackage && opening) form.set('serviceTaxes[0]', String(opening.id));
      return postAwb(form);
    },

    /**
     * A return (issue 45), as the SDK sends a pickup from someone else than the account (SamedayPostAwbRequest with a
     * ThirdPartyPickupEntityObject; its test records such a body): thirdPartyPickup=1 and the customer as
     * thirdParty[…] (the fields of awbRecipient), the shop as awbRecipient, nothing to collect, the account paying
     * (awbPayment 1, the only value the SDK offers). Left by the customer in an easybox: its id as lockerFirstMile, the
     * SDK's top-level field (since SDK 2.1.0; what Sameday does with it on a return is to be confirmed with Sameday).
     */
    async createReturn(parcel: ReturnShipment): Promise<CreatedAwb> {
      const [point, service] = await Promise.all([pickupPoint.get(), serviceFor({ to: { address: parcel.recipient.address } })]);
      const form = new URLSearchParams({
        pickupPoint: point.id,
        contactPerson: point.contactPerson,
        packageType: '0',
        packageNumber: String(parcel.parcels),
        packageWeight: kg(parcel.weightGrams),
        service: String(service.id),
        awbPayment: '1',
        cashOnDelivery: '0',
        insuredValue: lei(parcel.declaredValue),
        thirdPartyPickup: '1',
        observation: parcel.note,
        clientInternalReference: parcel.reference,
      });
      for (const [entity, person] of [
        ['thirdParty', parcel.sender],
        ['awbRecipient', parcel.recipient],
      ] as const) {
        form.set(`${entity}[name]`, person.name);
        form.set(`${entity}[phoneNumber]`, person.phone);
        form.set(`${entity}[address]`, person.address.address);
        form.set(`${entity}[personType]`, '0');
        form.set(`${entity}[cityString]`, person.address.locality);
        form.set(`${entity}[countyString]`, person.address.county);
        form.set(`${entity}[postalCode]`, person.address.postalCode);
      }
      form.set('awbRecipient[email]', parcel.recipient.email);
      if (parcel.lockerId) form.set('lockerFirstMile', parcel.lockerId);
      setParcels(form, parcel);
      return postAwb(form);
    },

    async findReturn(parcel: ReturnShipment): Promise<FoundAwb> {
      return createdAgain(() => this.createReturn(parcel));
    },

    async label(awb: string, format: 'A4' | 'A6'): Promise<Buffer> {
      return Buffer.from(await (await call(`/api/awb/download/${encodeURIComponent(awb)}/${format}`)).arrayBuffer());
    },

    /** Asked by creating it again (createdAgain). */
    async findCreated(shipment: Shipment): Promise<FoundAwb> {
      return createdAgain(() => this.create(shipment));
    },

    async track(awb: string): Promise<Tracking> {
      const status = (await (await call(`/api/client/awb/${encodeURIComponent(awb)}/status`)).json()) as SamedayStatus;
      // Sameday lists the newest first; oldest first here, events of one second in Sameday's order.
      const history = [...status.expeditionHistory].reverse().sort((a, b) => isoTime(a.statusDate).localeCompare(isoTime(b.statusDate)));
      const events: CourierEvent[] = history.map((event) => ({
        at: isoTime(event.statusDate),
        code: String(event.statusId),
        label: event.statusLabel || event.status,
        location: event.transitLocation || event.county,
      }));
      const last = history.at(-1);
      let state: ParcelState = 'in_transit';
      if (status.expeditionSummary.delivered) state = 'delivered';
      else if (status.expeditionSummary.canceled) state = 'cancelled';
      else if (await comingBack(status.parcelsStatus.map((parcel) => parcel.parcelAwbNumber))) state = 'returned';
      else if (last && !KNOWN_STATUSES.has(last.statusId)) state = 'unknown';
      return { awb, state, events };
    },

    async cancel(awb: string): Promise<void> {
      // A 404: Sameday no longer has it (the SDK's SamedayNotFoundException), deleted before.
      await call(`/api/awb/${encodeURIComponent(awb)}`, { method: 'DELETE' }, [404]);
    },

    async changedBetween(from: Date, to: Date): Promise<string[]> {
      const seconds = (time: Date) => String(Math.floor(time.getTime() / 1000));
      const changed = new Set<string>();
      // Paged until a page comes back short (the SDK's plugins page until `data` is empty).
      for (let page = 1; page <= 100; page += 1) {
        const query = new URLSearchParams({ startTimestamp: seconds(from), endTimestamp: seconds(to), page: String(page), countPerPage: '500' });
        const answer = (await (await call(`/api/client/status-sync?${query}`)).json()) as { data: { parcelAwbNumber: string }[] };
        for (const item of answer.data) changed.add(item.parcelAwbNumber);
        if (answer.data.length < 500) break;
      }
      return [...changed];
    },

    async lockers(): Promise<Locker[]> {
      type Listed = { lockerId: number; name: string; county: string; city: string; address: string; postalCode: string | null; supportedPayment?: number; clientVisible?: number };
      const lockers = await everyPage<Listed>('/api/client/lockers');
      // Only those Sameday shows to customers; supportedPayment 1: the recipient pays the cash on delivery by card there.
      return lockers
        .filter((locker) => locker.clientVisible !== 0)
        .map((locker) => ({
          id: String(locker.lockerId),
          name: locker.name,
          county: locker.county,
          city: locker.city,
          address: locker.address,
          postalCode: locker.postalCode ?? '',
          acceptsCash: locker.supportedPayment === 1,
        }));
    },
  };
}
