import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierAddress } from '../../../domain/courier';
import { bucharestDay } from '../../../domain/locale';
import { type FakeCargus, startFakeCargus } from '../../../testing/fakeCargus';
import { returnParcel } from '../../../testing/returnParcel';
import { cargusCourier } from './cargus';
import { cargusPdf } from './cargusAnswers';
import { cargusService, returnPickupWindow } from './cargusRules';
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
  dimensionsCm: { length: 20, width: 15, height: 10 },
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
    const created = await courier({ pickupLocation: '201266091' }).create(shipment({ contents: 'Accesorii' }));
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
      // Into the collector account (BankRepayment), the one CashAccount lists: never as cash in an envelope.
      CashRepayment: 0,
      BankRepayment: 124.96,
      OtherRepayment: '',
      OpenPackage: true,
      SaturdayDelivery: false,
      MorningDelivery: false,
      ShipmentPayer: 1,
      Observations: 'Fragil, sunati inainte',
      // What the label says is inside: the neutral words of discreet shipping (issue 47); the reference is CustomString.
      PackageContent: 'Accesorii',
      CustomString: '10042',
      ParcelCodes: [{ Code: '0', Type: 1, Weight: 2, Length: 20, Width: 15, Height: 10 }],
    });
    expect(cargus.awbs().find((stored) => stored.barCode === created.awb)).toBeDefined();
  });

  it('sends the headquarters, a paid order without COD, several parcels each weighed and sized with the multi-piece service, and Bucharest as one locality', async () => {
    await courier().create(shipment({ cashOnDelivery: 0, parcels: 3, weightGrams: 4200, openPackage: false }));
    expect(lastAwbPost().json).toMatchObject({
      Sender: { LocationId: 0 },
      // Service 34 allows one piece per shipment: three go as 39, Economic Standard M (the annex, §15).
      ServiceId: 39,
      CashRepayment: 0,
      BankRepayment: 0,
      OpenPackage: false,
      Parcels: 3,
      TotalWeight: 5,
      ParcelCodes: [
        { Code: '0', Type: 1, Weight: 2, Length: 20, Width: 15, Height: 10 },
        { Code: '1', Type: 1, Weight: 2, Length: 20, Width: 15, Height: 10 },
        { Code: '2', Type: 1, Weight: 1, Length: 20, Width: 15, Height: 10 },
      ],
    });
    // The settings' service for one piece.
    await courier({ service: '1' }).create(shipment({ parcels: 1 }));
    expect(lastAwbPost().json).toMatchObject({ ServiceId: 1, Parcels: 1 });
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
    await courier({ service: '35' }).create(
      shipment({ to: { address: courierAddress({ county: 'B', city: 'Sector 2', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020451' })!, lockerId: '114142' } }),
    );
    const body = lastAwbPost().json as Record<string, unknown>;
    expect(body).toMatchObject({ DeliveryPudoPoint: 114142, ServiceId: 38, OpenPackage: false, CashRepayment: 0, BankRepayment: 124.96 });
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
    for (const [format, asked] of [
      ['A6', '1'],
      ['A4', '0'],
    ] as const) {
      const pdf = await adapter.label(awb, format);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(cargus.requests.at(-1)!.query).toEqual({ barCodes: JSON.stringify([awb]), type: 'PDF', format: asked, printMainOnce: '1' });
    }
    // "The code in base64" (§9.9) as a bare body, not a JSON string: the same PDF.
    cargus.labelsAsRawBase64(true);
    try {
      expect((await adapter.label(awb, 'A6')).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      cargus.labelsAsRawBase64(false);
    }
    expect((await adapter.label(awb, 'A6')).toString('latin1')).toContain('/MediaBox [0 0 298 420]');
    await expect(adapter.label('1', 'A4')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('tracks by the documented AwbTrace/WithRedirect: on its way, delivered (who confirmed it), a refusal shown to the owner rather than guessed into a return', async () => {
    const adapter = courier();
    const { awb } = await adapter.create(shipment());
    expect(await adapter.track(awb)).toEqual({ awb, state: 'in_transit', events: [] });
    expect(cargus.requests.at(-1)).toMatchObject({ path: '/AwbTrace/WithRedirect', query: { barCode: JSON.stringify([awb]) } });
    cargus.pickUp(awb);
    cargus.outForDelivery(awb);
    expect((await adapter.track(awb)).state).toBe('in_transit');
    cargus.deliver(awb);
    const delivered = await adapter.track(awb);
    expect(delivered.state).toBe('delivered');
    // §9.10 lists no event ids: the events are their words, their time and place.
    expect(delivered.events.map((event) => `${event.code}|${event.label}`)).toEqual(['|Expeditie preluata de curier', '|In livrare', '|Confirmat']);
    expect(delivered.events[2]).toMatchObject({ at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/), location: 'Iasi' });

    // Refused, with a return AWB: no public source says which events are a return, so the owner decides.
    const refused = (await adapter.create(shipment())).awb;
    cargus.pickUp(refused);
    cargus.refuse(refused);
    const back = await adapter.track(refused);
    expect([back.state, back.events.at(-1)!.label]).toEqual(['unknown', 'Retur catre expeditor']);
    const odd = (await adapter.create(shipment())).awb;
    cargus.pickUp(odd);
    cargus.unknownStatus(odd);
    expect((await adapter.track(odd)).state).toBe('in_transit');
  });

  it('reads Cargus’s times as Bucharest’s, summer and winter', () => {
    expect(bucharestIso('2026-07-01T12:30:00')).toBe('2026-07-01T09:30:00.000Z');
    expect(bucharestIso('2026-01-15T12:30:00.25')).toBe('2026-01-15T10:30:00.250Z');
    expect(bucharestIso('2025-08-05 12:00:00')).toBe('2025-08-05T09:00:00.000Z');
    expect(bucharestIso('yesterday')).toBe('yesterday');
  });

  it('finds an AWB made for a reference among the period’s AWBs (Awbs/GetByDate, by CustomString), a deleted one not; or says none was made', async () => {
    const adapter = courier();
    const since = new Date(Date.now() - 60_000);
    const { awb } = await adapter.create(shipment({ reference: '20077' }));
    expect(await adapter.findCreated(shipment({ reference: '20077' }), since)).toEqual({ made: { awb, cost: null, parcels: [awb] } });
    const [, month, day] = bucharestDay(new Date()).split('-');
    expect(cargus.requests.at(-1)!.query).toMatchObject({ FromDate: `${month}-${day}-${bucharestDay(new Date()).slice(0, 4)}`, pageNumber: '1', itemsPerPage: '100' });
    await adapter.cancel(awb);
    expect(await adapter.findCreated(shipment({ reference: '20077' }), since)).toEqual({ made: null });
  });

  it('cancels an AWB not yet picked up; once picked up Cargus answers false, a refusal', async () => {
    const adapter = courier();
    const { awb } = await adapter.create(shipment());
    await adapter.cancel(awb);
    expect(cargus.awbs().find((stored) => stored.barCode === awb)!.deleted).toBe(true);
    expect(cargus.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/Awbs', query: { barCode: awb } });
    // Asked again (its answer never came): false, and no longer traced: deleted already.
    await expect(adapter.cancel(awb)).resolves.toBeUndefined();
    const picked = (await adapter.create(shipment())).awb;
    cargus.pickUp(picked);
    await expect(adapter.cancel(picked)).rejects.toMatchObject({ kind: 'refused', message: expect.stringMatching(/picked up already/) });
  });

  it('reads the cash on delivery Cargus paid into the collector account on a day (CashAccount’s BarCode and RepaymentValue), in bani', async () => {
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

  it('brings the cash back in an envelope when the owner prefers it (CashRepayment), and then reads no payouts', async () => {
    const adapter = courier({ cashOnDelivery: 'envelope' });
    await adapter.create(shipment());
    expect(lastAwbPost().json).toMatchObject({ CashRepayment: 124.96, BankRepayment: 0 });
    expect(adapter.cashPaidOut).toBeUndefined();
  });

  it('refuses before asking Cargus a shipment no service carries: more than 15 parcels, a parcel over 50 kg, several to a Ship & Go point', async () => {
    const calls = cargus.requests.length;
    const adapter = courier();
    await expect(adapter.create(shipment({ parcels: 16, weightGrams: 16_000 }))).rejects.toMatchObject({ kind: 'refused', fields: [{ field: 'parcels' }] });
    await expect(adapter.create(shipment({ weightGrams: 51_000 }))).rejects.toMatchObject({ kind: 'refused', fields: [{ field: 'weight' }] });
    const point = { address: courierAddress({ county: 'B', city: 'Sector 2', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020451' })!, lockerId: '114142' };
    await expect(adapter.create(shipment({ to: point, parcels: 2 }))).rejects.toMatchObject({ kind: 'refused', fields: [{ field: 'parcels' }] });
    expect(cargus.requests.slice(calls).filter((request) => request.path === '/Awbs')).toEqual([]);
  });

  it('sends a block address’s second line in AddressText, after the street and number (Cargus has no field of its own for it)', async () => {
    await courier().create(
      shipment({
        to: { address: courierAddress({ county: 'IS', city: 'Iași', street: 'Șoseaua Ștefan cel Mare', streetNumber: '3', addressLine2: 'bl. A3, sc. 2, et. 4, ap. 14', postalCode: '700064' })! },
      }),
    );
    expect(lastAwbPost().json).toMatchObject({ Recipient: { StreetName: 'Soseaua Stefan cel Mare', BuildingNumber: '3', AddressText: 'Soseaua Stefan cel Mare 3, bl. A3, sc. 2, et. 4, ap. 14' } });
  });
});

describe('Cargus’s rules', () => {
  it('chooses the service from the pieces (the annex, §15): one piece 34 (or the settings’) or 35, several 39 or 40, by the heaviest', () => {
    expect(cargusService([2])).toBe(34);
    expect(cargusService([2], 1)).toBe(1);
    expect(cargusService([31])).toBe(34);
    expect(cargusService([32])).toBe(35);
    expect(cargusService([2, 2, 1])).toBe(39);
    expect(cargusService([40, 1])).toBe(40);
    expect(cargusService(Array(15).fill(1))).toBe(39);
    expect(() => cargusService(Array(16).fill(1))).toThrow(/at most 15 parcels/);
    expect(() => cargusService([51])).toThrow(/up to 50 kg/);
  });

  it('reads AwbDocuments’ base64 as a JSON string or bare', () => {
    const base64 = Buffer.from('%PDF-1.4 x').toString('base64');
    expect(cargusPdf(JSON.stringify(base64)).toString()).toBe('%PDF-1.4 x');
    expect(cargusPdf(`${base64}\n`).toString()).toBe('%PDF-1.4 x');
    expect(cargusPdf('"unterminated').length).toBe(0);
  });

  it('asks for a return as a pickup from another location (AwbPickup, §9.1): the customer as Sender, the shop’s location as Recipient, nothing to collect', async () => {
    const adapter = courier({ pickupLocation: '201266091' });
    const created = await adapter.createReturn(returnParcel({ reference: '10042-R1' }));
    expect(created.awb).toMatch(/^\d{10}$/);
    const post = cargus.requests.filter((request) => request.path === '/AwbPickup').at(-1)!;
    expect(post.json).toMatchObject({
      Sender: {
        Name: 'Stefan Popescu',
        CountyName: 'Iasi',
        LocalityName: 'Iasi',
        AddressText: 'Soseaua Stefan cel Mare 3',
        PhoneNumber: '0722123456',
        Email: 'stefan@example.ro',
        CodPostal: '700064',
      },
      Recipient: { LocationId: 201266091 },
      Parcels: 1,
      TotalWeight: 2,
      ServiceId: 34,
      DeclaredValue: 124.96,
      CashRepayment: 0,
      BankRepayment: 0,
      ShipmentPayer: 1,
      CustomString: '10042-R1',
    });
    expect((post.json as { Sender: object }).Sender).not.toHaveProperty('LocationId');
    expect(cargus.awbs().find((awb) => awb.barCode === created.awb)).toMatchObject({ pickup: true });
    // Its label is an AWB's like any other; a return whose answer never came is found by its reference.
    expect((await adapter.label(created.awb, 'A4')).subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(await adapter.findReturn(returnParcel({ reference: '10042-R1' }), new Date(Date.now() - 60_000))).toEqual({ made: { awb: created.awb, cost: null, parcels: [created.awb] } });
    expect(await adapter.findReturn(returnParcel({ reference: '10042-R9' }), new Date(Date.now() - 60_000))).toEqual({ made: null });
  });

  it('gives a return’s courier the next working day, 09:00 to 18:00 Bucharest time, to come', () => {
    // Friday 27 November 2026, 20:00 in Bucharest: not Monday 30 November nor 1 December (public holidays), Wednesday 2.
    expect(returnPickupWindow(new Date('2026-11-27T18:00:00Z'))).toEqual({ PickupStartDate: '2026-12-02T09:00', PickupEndDate: '2026-12-02T18:00' });
    // Tuesday 10 March 2026, 23:30 in Bucharest (21:30 UTC): Wednesday.
    expect(returnPickupWindow(new Date('2026-03-10T21:30:00Z'))).toMatchObject({ PickupStartDate: '2026-03-11T09:00' });
  });

  it('refuses a return without the customer’s address, naming the sender’s fields', async () => {
    const parcel = returnParcel({ reference: '10042-R2' });
    await expect(courier().createReturn({ ...parcel, sender: { ...parcel.sender, phone: '12' } })).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('Telefonul expeditorului'),
    });
  });
});
