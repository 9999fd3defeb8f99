import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierAddress } from '../../../domain/courier';
import { bucharestDay } from '../../../domain/locale';
import { type FakeCargus, startFakeCargus } from '../../../testing/fakeCargus';
import { cargusCourier } from './cargus';
import { bucharestIso, type Shipment } from './courier';

// The Cargus adapter against a stand-in speaking UrgentCargus API v3 (testing/fakeCargus.ts, from its integrators' code).

let cargus: FakeCargus;
beforeAll(async () => {
  cargus = await startFakeCargus({ subscriptionKey: 'primary-key', username: 'webexpress', password: 'secret', pickupLocations: [201266091] });
});
afterAll(async () => cargus?.close());

const courier = (overrides: Partial<Parameters<typeof cargusCourier>[0]> = {}) =>
  cargusCourier({ subscriptionKey: 'primary-key', username: 'webexpress', password: 'secret', baseUrl: cargus.url, timeoutMs: 2_000, ...overrides });

/** A cash order of 124.96 lei, 1.5 kg, to Iași: Cargus takes it without diacritics. */
const shipment = (overrides: Partial<Shipment> = {}): Shipment => ({
  reference: '10042',
  recipient: { name: 'Ștefan Popescu', phone: '0722123456', email: 'stefan@example.ro' },
  to: { address: courierAddress({ county: 'IS', city: 'Iași', street: 'Șoseaua Ștefan cel Mare', streetNumber: '3', postalCode: '700064' })! },
  parcels: 1,
  weightGrams: 1500,
  cashOnDelivery: 12496,
  declaredValue: 12496,
  note: 'Fragil, sunați înainte',
  openPackage: true,
  ...overrides,
});

const lastAwbPost = () => cargus.requests.filter((request) => request.method === 'POST' && request.path === '/Awbs').at(-1)!;

describe('the Cargus adapter', () => {
  it('sends the subscription key with the sign-in and with every call, and the string token as a Bearer', async () => {
    const { awb } = await courier().create(shipment());
    const login = cargus.requests.find((request) => request.path === '/LoginUser')!;
    expect(login.headers['ocp-apim-subscription-key']).toBe('primary-key');
    expect(login.json).toEqual({ UserName: 'webexpress', Password: 'secret' });
    const post = lastAwbPost();
    expect(post.headers['ocp-apim-subscription-key']).toBe('primary-key');
    expect(post.headers.authorization).toMatch(/^Bearer [\w-]{20,}$/);
    expect(awb).toMatch(/^\d{10}$/);
  });

  it('signs in again once when Cargus no longer takes the token; a wrong password or subscription key is said so', async () => {
    const adapter = courier();
    await adapter.create(shipment());
    const logins = cargus.logins;
    cargus.expireTokens();
    await adapter.create(shipment());
    expect(cargus.logins).toBe(logins + 1);
    await expect(courier({ password: 'wrong' }).create(shipment())).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(courier({ subscriptionKey: 'other' }).create(shipment())).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('creates the AWB from Cargus’s JSON, field by field: without diacritics, the COD and declared value in lei, whole kilograms rounded up', async () => {
    const created = await courier({ pickupLocation: '201266091' }).create(shipment());
    expect(created).toEqual({ awb: expect.stringMatching(/^\d{10}$/), cost: null, parcels: [created.awb] });
    expect(lastAwbPost().json).toEqual({
      Sender: { LocationId: 201266091 },
      Recipient: {
        LocationId: 0,
        Name: 'Stefan Popescu',
        ContactPerson: 'Stefan Popescu',
        PhoneNumber: '0722123456',
        Email: 'stefan@example.ro',
        CountyId: 0,
        CountyName: 'Iasi',
        LocalityId: 0,
        LocalityName: 'Iasi',
        StreetId: 0,
        StreetName: 'Soseaua Stefan cel Mare',
        BuildingNumber: '3',
        AddressText: 'Soseaua Stefan cel Mare 3',
        CodPostal: '700064',
      },
      Parcels: 1,
      Envelopes: 0,
      TotalWeight: 2,
      ServiceId: 34,
      DeclaredValue: 124.96,
      CashRepayment: 124.96,
      BankRepayment: 0,
      OtherRepayment: '',
      OpenPackage: true,
      SaturdayDelivery: false,
      MorningDelivery: false,
      ShipmentPayer: 1,
      Observations: 'Fragil, sunati inainte',
      PackageContent: 'Comanda 10042',
      CustomString: '10042',
      ParcelCodes: [{ Code: '0', Type: 1, Weight: 2 }],
    });
    expect(cargus.awbs().find((stored) => stored.barCode === created.awb)).toBeDefined();
  });

  it('sends the headquarters, the settings’ service, a paid order without COD, parcels each weighed, and Bucharest as one locality', async () => {
    await courier({ service: '35' }).create(shipment({ cashOnDelivery: 0, parcels: 3, weightGrams: 4200, openPackage: false }));
    expect(lastAwbPost().json).toMatchObject({
      Sender: { LocationId: 0 },
      ServiceId: 35,
      CashRepayment: 0,
      OpenPackage: false,
      Parcels: 3,
      TotalWeight: 5,
      ParcelCodes: [
        { Code: '0', Type: 1, Weight: 2 },
        { Code: '1', Type: 1, Weight: 2 },
        { Code: '2', Type: 1, Weight: 1 },
      ],
    });
    const toBucharest = courierAddress({ county: 'B', city: 'București, Sector 2', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020451' })!;
    await courier().create(shipment({ to: { address: toBucharest }, weightGrams: 300 }));
    expect((lastAwbPost().json as { Recipient: unknown; TotalWeight: number }).Recipient).toMatchObject({
      CountyName: 'Bucuresti',
      LocalityName: 'Bucuresti',
      AddressText: 'Strada Icoanei 12, Sectorul 2',
    });
    expect((lastAwbPost().json as { TotalWeight: number }).TotalWeight).toBe(1);
  });

  it('delivers to a Ship & Go point by DeliveryPudoPoint with service 38, the recipient without an address', async () => {
    await courier({ service: '35' }).create(shipment({ to: { address: courierAddress({ county: 'B', city: 'Sector 2', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020451' })!, lockerId: '114142' } }));
    const body = lastAwbPost().json as Record<string, unknown>;
    expect(body).toMatchObject({ DeliveryPudoPoint: 114142, ServiceId: 38, OpenPackage: false, CashRepayment: 124.96 });
    expect(body.Recipient).toEqual({ Name: 'Stefan Popescu', ContactPerson: 'Stefan Popescu', PhoneNumber: '0722123456', Email: 'stefan@example.ro' });
  });

  it('names the field of each message Cargus refuses with, in its three shapes; a courier down or slow is unavailable', async () => {
    const adapter = courier({ timeoutMs: 300 });
    await expect(adapter.create(shipment({ recipient: { name: 'Ana', phone: '722123456', email: '' } }))).rejects.toMatchObject({
      kind: 'refused',
      fields: [{ field: 'phone', message: 'Telefonul destinatarului nu este valid' }],
    });
    cargus.refuseNext("The recipient's locality could not be matched!");
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'refused', fields: [{ field: 'locality', message: "The recipient's locality could not be matched!" }] });
    cargus.refuseNext('Codul postal nu corespunde judetului', 'object');
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'refused', message: 'Codul postal nu corespunde judetului', fields: [{ field: 'postalCode' }] });
    cargus.refuseNext('Ceva neprevazut', 'string');
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'refused', fields: [{ field: 'Cargus', message: 'Ceva neprevazut' }] });
    await expect(courier({ pickupLocation: '7' }).create(shipment())).rejects.toMatchObject({ fields: [{ field: 'account', message: 'Invalid LocationId for sender' }] });

    cargus.down(true);
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'unavailable' });
    cargus.down(false);
    cargus.slowDown(1_000);
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'unavailable' });
    cargus.slowDown(0);
  });

  it('gives the label as PDF bytes, asking for format 0 (A4) or 1 (the 10x14 label); no label is unavailable', async () => {
    const adapter = courier();
    const { awb } = await adapter.create(shipment());
    for (const [format, asked] of [['A6', '1'], ['A4', '0']] as const) {
      const pdf = await adapter.label(awb, format);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(cargus.requests.at(-1)!.query).toEqual({ barCodes: awb, type: 'PDF', format: asked, printMainOnce: '1' });
    }
    expect((await adapter.label(awb, 'A6')).toString('latin1')).toContain('/MediaBox [0 0 298 420]');
    await expect(adapter.label('1', 'A4')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('tracks by AwbTrace: on its way, delivered (21), refused and returned (by the description), a status it does not know', async () => {
    const adapter = courier();
    const { awb } = await adapter.create(shipment());
    expect(await adapter.track(awb)).toEqual({ awb, state: 'in_transit', events: [] });
    expect(cargus.requests.at(-1)!.query.barCode).toBe(JSON.stringify([awb]));
    cargus.pickUp(awb);
    cargus.outForDelivery(awb);
    expect((await adapter.track(awb)).state).toBe('in_transit');
    cargus.deliver(awb);
    const delivered = await adapter.track(awb);
    expect(delivered.state).toBe('delivered');
    expect(delivered.events.map((event) => `${event.code} ${event.label}`)).toEqual(['1 Expeditie preluata de curier', '5 In livrare', '21 Confirmat']);
    expect(delivered.events[2]).toMatchObject({ at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/), location: 'Iasi' });

    const refused = (await adapter.create(shipment())).awb;
    cargus.pickUp(refused);
    cargus.refuse(refused);
    expect((await adapter.track(refused)).state).toBe('returned');
    const odd = (await adapter.create(shipment())).awb;
    cargus.pickUp(odd);
    cargus.unknownStatus(odd);
    const unknown = await adapter.track(odd);
    expect([unknown.state, unknown.events.at(-1)!.label]).toEqual(['unknown', 'Status nou']);
  });

  it('reads Cargus’s times as Bucharest’s, summer and winter', () => {
    expect(bucharestIso('2026-07-01T12:30:00')).toBe('2026-07-01T09:30:00.000Z');
    expect(bucharestIso('2026-01-15T12:30:00.25')).toBe('2026-01-15T10:30:00.250Z');
    expect(bucharestIso('2025-08-05 12:00:00')).toBe('2025-08-05T09:00:00.000Z');
    expect(bucharestIso('yesterday')).toBe('yesterday');
  });

  it('cancels an AWB not yet picked up; once picked up Cargus answers false, a refusal', async () => {
    const adapter = courier();
    const { awb } = await adapter.create(shipment());
    await adapter.cancel(awb);
    expect(cargus.awbs().find((stored) => stored.barCode === awb)!.deleted).toBe(true);
    expect(cargus.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/Awbs', query: { barCode: awb } });
    const picked = (await adapter.create(shipment())).awb;
    cargus.pickUp(picked);
    await expect(adapter.cancel(picked)).rejects.toMatchObject({ kind: 'refused', message: expect.stringMatching(/picked up already/) });
  });

  it('reads the cash on delivery Cargus paid out on a day, in bani', async () => {
    const adapter = courier();
    const { awb } = await adapter.create(shipment());
    cargus.pickUp(awb);
    cargus.deliver(awb);
    const today = bucharestDay(new Date());
    cargus.payOut(awb, today);
    expect(await adapter.cashPaidOut!(today)).toContainEqual({ awb, amount: 12496, paidOn: today });
    expect(cargus.requests.at(-1)!.query).toEqual({ DeductionDate: today });
    expect(await adapter.cashPaidOut!('2001-01-01')).toEqual([]);
  });
});
