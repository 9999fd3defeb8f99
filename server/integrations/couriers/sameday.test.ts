import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierAddress } from '../../../domain/courier';
import { type FakeSameday, startFakeSameday } from '../../../testing/fakeSameday';
import { returnParcel } from '../../../testing/returnParcel';
import { startStandIn } from '../../../testing/standIn';
import type { Shipment } from './courier';
import { samedayCourier } from './sameday';

// The Sameday adapter against a stand-in speaking Sameday's protocol (testing/fakeSameday.ts, from the official
// SDK's requests and its test fixtures).

let sameday: FakeSameday;
beforeAll(async () => {
  sameday = await startFakeSameday({ username: 'shop', password: 'secret' });
});
afterAll(async () => sameday?.close());

const courier = (overrides: Partial<Parameters<typeof samedayCourier>[0]> = {}) => samedayCourier({ username: 'shop', password: 'secret', baseUrl: sameday.url, timeoutMs: 2_000, ...overrides });

let references = 0;
/** A cash order of 124.96 lei to Cluj, two parcels, as the back office sends it. */
const shipment = (overrides: Partial<Shipment> = {}): Shipment => ({
  reference: `10042-${++references}`,
  recipient: { name: 'Ana Popescu', phone: '0722123456', email: 'ana@example.ro' },
  to: { address: courierAddress({ county: 'CJ', city: 'Cluj-Napoca', street: 'Strada Memorandumului', streetNumber: '28', postalCode: '400114' })! },
  parcels: 2,
  weightGrams: 1500,
  dimensionsCm: { length: 20, width: 15, height: 10 },
  cashOnDelivery: 12496,
  declaredValue: 12496,
  note: 'Fragil',
  openPackage: true,
  ...overrides,
});

describe('the Sameday adapter', () => {
  it('signs in once with the X-Auth headers, and creates an AWB from the bracket form fields Sameday reads', async () => {
    const adapter = courier();
    const created = await adapter.create(shipment());
    expect(created).toMatchObject({ awb: expect.stringMatching(/^1SDY\d+$/), cost: expect.any(Number), parcels: [expect.stringMatching(/001$/), expect.stringMatching(/002$/)] });
    const login = sameday.requests.find((request) => request.path === '/api/authenticate')!;
    expect(login.headers['x-auth-username']).toBe('shop');
    expect(login.headers['x-auth-password']).toBe('secret');
    const post = sameday.requests.filter((request) => request.path === '/api/awb').at(-1)!;
    expect(post.headers['x-auth-token']).toEqual(expect.any(String));
    expect(post.form).toMatchObject({
      pickupPoint: '1',
      contactPerson: '2',
      packageNumber: '2',
      packageWeight: '1.5',
      service: '7',
      cashOnDelivery: '124.96',
      insuredValue: '124.96',
      'awbRecipient[name]': 'Ana Popescu',
      'awbRecipient[phoneNumber]': '0722123456',
      'awbRecipient[countyString]': 'Cluj',
      'awbRecipient[cityString]': 'Cluj-Napoca',
      'awbRecipient[address]': 'Strada Memorandumului 28',
      'awbRecipient[postalCode]': '400114',
      'parcels[0][weight]': '0.75',
      'parcels[1][weight]': '0.75',
      'serviceTaxes[0]': '23',
      observation: 'Fragil',
    });
    const logins = sameday.logins;
    await adapter.create(shipment());
    expect(sameday.logins).toBe(logins);
  });

  it('sends a Bucharest address’s sector as “Sectorul N”, and a locker delivery with the locker service', async () => {
    const adapter = courier();
    await adapter.create(shipment({ to: { address: courierAddress({ county: 'B', city: 'București, Sector 2', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020452' })! } }));
    expect(sameday.requests.filter((request) => request.path === '/api/awb').at(-1)!.form).toMatchObject({ 'awbRecipient[countyString]': 'București', 'awbRecipient[cityString]': 'Sectorul 2' });
    const easybox = { county: 'Cluj', locality: 'Cluj-Napoca', address: 'Str. Aurel Vlaicu 3', street: 'Str. Aurel Vlaicu 3', number: '', line2: '', postalCode: '400582' };
    await adapter.create(shipment({ to: { address: easybox, lockerId: '2101' }, openPackage: false }));
    const toLocker = sameday.requests.filter((request) => request.path === '/api/awb').at(-1)!.form;
    // The locker's id, the locker service, and the locker's address as the delivery address.
    expect(toLocker).toMatchObject({
      lockerLastMile: '2101',
      service: '15',
      'awbRecipient[address]': 'Str. Aurel Vlaicu 3',
      'awbRecipient[cityString]': 'Cluj-Napoca',
      'awbRecipient[countyString]': 'Cluj',
      'awbRecipient[postalCode]': '400582',
    });
  });

  it('signs in again once when Sameday no longer takes the token', async () => {
    const adapter = courier();
    await adapter.create(shipment());
    const logins = sameday.logins;
    sameday.expireTokens();
    await adapter.create(shipment());
    expect(sameday.logins).toBe(logins + 1);
    await expect(courier({ password: 'wrong' }).create(shipment())).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('names each field Sameday refuses, and a reference it has seen; nothing is created', async () => {
    const adapter = courier();
    sameday.refuseField(['awbRecipient', 'phoneNumber'], 'Invalid phone number.');
    const before = sameday.awbs().length;
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'refused', fields: [{ field: 'phone', message: 'Invalid phone number.' }] });
    const once = shipment();
    await adapter.create(once);
    await expect(adapter.create(once)).rejects.toMatchObject({ kind: 'refused', fields: [{ field: 'reference', message: expect.any(String) }] });
    expect(sameday.awbs().length).toBe(before + 1);
  });

  it('answers a courier that is down or slow with “unavailable”', async () => {
    const adapter = courier({ timeoutMs: 300 });
    await adapter.create(shipment());
    sameday.down(true);
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'unavailable' });
    sameday.down(false);
    sameday.slowDown(1_000);
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'unavailable' });
    sameday.slowDown(0);
  });

  it('gives the label as PDF bytes, tracks delivered, refused and unknown statuses, and cancels an AWB not yet picked up', async () => {
    const adapter = courier();
    const { awb } = await adapter.create(shipment());
    const label = await adapter.label(awb, 'A6');
    expect(label.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await adapter.track(awb)).state).toBe('in_transit');
    sameday.inTransit(awb);
    sameday.deliver(awb);
    const delivered = await adapter.track(awb);
    expect(delivered.state).toBe('delivered');
    expect(delivered.events.map((event) => event.code)).toEqual(['1', '33', '9']);
    expect(delivered.events[2]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await expect(adapter.cancel(awb)).rejects.toMatchObject({ kind: 'refused' });

    const refused = (await adapter.create(shipment())).awb;
    sameday.inTransit(refused);
    expect((await adapter.track(refused)).state).toBe('in_transit');
    sameday.refuse(refused);
    // The refusal's id is none Sameday publishes: the parcel's own history says it is coming back (inReturn).
    expect((await adapter.track(refused)).state).toBe('returned');
    expect(sameday.requests.filter((request) => request.path.startsWith(`/api/client/parcel/${refused}`)).map((request) => request.path)).toContain(`/api/client/parcel/${refused}001/status-history`);
    const inPortal = (await adapter.create(shipment())).awb;
    sameday.cancelInPortal(inPortal);
    // expeditionSummary.canceled: the AWB cancelled at Sameday, not a parcel that came back.
    expect((await adapter.track(inPortal)).state).toBe('cancelled');
    const odd = (await adapter.create(shipment())).awb;
    sameday.unknownStatus(odd);
    expect((await adapter.track(odd)).state).toBe('unknown');

    const cancelled = (await adapter.create(shipment())).awb;
    await adapter.cancel(cancelled);
    expect(sameday.awbs().find((stored) => stored.awbNumber === cancelled)!.deleted).toBe(true);
    // Asked again (its answer never came): Sameday no longer has it (404), cancelled already.
    await expect(adapter.cancel(cancelled)).resolves.toBeUndefined();
  });

  it('finds an AWB made for a reference by making it again with that reference: made now, or made before and its number unknown', async () => {
    const adapter = courier();
    const first = shipment({ reference: 'R-20077' });
    const found = await adapter.findCreated(first, new Date());
    expect(found).toEqual({ made: expect.objectContaining({ awb: expect.stringMatching(/^1SDY/) }) });
    // Sameday keeps a reference it has seen: its answer says the AWB exists, not which.
    expect(await adapter.findCreated(first, new Date())).toEqual({ madeUnknown: true });
    expect(sameday.awbs().filter((awb) => awb.form.clientInternalReference === 'R-20077')).toHaveLength(1);
  });

  it('lists every easybox locker, page after page', async () => {
    const lockers = await courier().lockers!();
    expect(lockers.map((locker) => locker.id).sort()).toEqual(['1001', '2101', '2102']);
    expect(lockers.find((locker) => locker.id === '1001')).toMatchObject({ city: 'Sectorul 4', county: 'Bucuresti', address: expect.any(String) });
    // supportedPayment 1: the cash on delivery is paid by card at the locker; Lidl Manastur takes none.
    expect(lockers.filter((locker) => !locker.acceptsCash).map((locker) => locker.id)).toEqual(['2102']);
  });

  it('names the parcels whose status changed between two times (status-sync, in Unix seconds)', async () => {
    const adapter = courier();
    const from = new Date();
    const { awbNumber, parcels } = await adapter.create(shipment()).then((created) => ({ awbNumber: created.awb, parcels: created.parcels }));
    sameday.deliver(awbNumber);
    const to = new Date(Date.now() + 1000);
    expect(await adapter.changedBetween!(from, to)).toEqual(expect.arrayContaining(parcels));
    const asked = sameday.requests.filter((request) => request.path === '/api/client/status-sync').at(-1)!.query;
    expect(asked).toMatchObject({ startTimestamp: String(Math.floor(from.getTime() / 1000)), endTimestamp: String(Math.floor(to.getTime() / 1000)) });
    expect(await adapter.changedBetween!(new Date(to.getTime() + 60_000), new Date(to.getTime() + 120_000))).toEqual([]);
  });

  it('asks for a return as the SDK sends a pickup from a third party: the customer as thirdParty, the shop as awbRecipient, nothing to collect', async () => {
    const adapter = courier();
    const created = await adapter.createReturn(returnParcel({ reference: `10042-R${++references}` }));
    expect(created.awb).toMatch(/^1SDY/);
    const { form } = sameday.requests.filter((request) => request.path === '/api/awb' && request.method === 'POST').at(-1)!;
    expect(form).toMatchObject({
      thirdPartyPickup: '1',
      'thirdParty[name]': 'Ștefan Popescu',
      'thirdParty[phoneNumber]': '0722123456',
      'thirdParty[address]': 'Șoseaua Ștefan cel Mare 3',
      'thirdParty[personType]': '0',
      'thirdParty[cityString]': 'Iași',
      'thirdParty[countyString]': 'Iași',
      'thirdParty[postalCode]': '700064',
      'awbRecipient[name]': 'EXEMPLU SRL',
      'awbRecipient[address]': 'Strada Exemplului 1',
      'awbRecipient[cityString]': 'Sectorul 1',
      'awbRecipient[countyString]': 'București',
      cashOnDelivery: '0',
      awbPayment: '1',
      insuredValue: '124.96',
      'parcels[0][weight]': '1.5',
    });
    expect(form).not.toHaveProperty('lockerFirstMile');
    // Left in an easybox: its id as lockerFirstMile; an easybox Sameday does not know is refused by name.
    const [locker] = await adapter.lockers!();
    await adapter.createReturn(returnParcel({ reference: `10042-R${++references}`, lockerId: locker!.id }));
    expect(sameday.requests.filter((request) => request.path === '/api/awb' && request.method === 'POST').at(-1)!.form.lockerFirstMile).toBe(locker!.id);
    await expect(adapter.createReturn(returnParcel({ reference: `10042-R${++references}`, lockerId: '999999' }))).rejects.toMatchObject({ kind: 'refused', fields: [{ field: 'locker' }] });
  });

  it('finds a return whose answer never came by making it again with its reference', async () => {
    const adapter = courier();
    const parcel = returnParcel({ reference: `10042-R${++references}` });
    expect(await adapter.findReturn(parcel, new Date())).toMatchObject({ made: { awb: expect.stringMatching(/^1SDY/) } });
    expect(await adapter.findReturn(parcel, new Date())).toEqual({ madeUnknown: true });
  });

  it('sends a block address’s second line after the street and number (Sameday has one address field)', async () => {
    await courier().create(
      shipment({
        to: { address: courierAddress({ county: 'IS', city: 'Iași', street: 'Șoseaua Ștefan cel Mare', streetNumber: '3', addressLine2: 'bl. A3, sc. 2, et. 4, ap. 14', postalCode: '700064' })! },
      }),
    );
    expect(sameday.requests.filter((request) => request.path === '/api/awb').at(-1)!.form['awbRecipient[address]']).toBe('Șoseaua Ștefan cel Mare 3, bl. A3, sc. 2, et. 4, ap. 14');
  });
});

describe('the Sameday adapter on Sameday’s own sample answers (testing/fixtures/sameday, the SDK’s fixtures verbatim)', () => {
  const fixture = (name: string) => readFileSync(new URL(`../../../testing/fixtures/sameday/${name}`, import.meta.url), 'utf8');
  /** A stand-in answering each path with a fixture's text as it is; the sign-in with a token of its own (no fixture has one). */
  async function answering(answers: Record<string, string>) {
    const seen: string[] = [];
    const standIn = await startStandIn({
      record: ({ url }) => seen.push(`${url.pathname}${url.search}`),
      answer: ({ res, url }) => {
        const body = url.pathname === '/api/authenticate' ? JSON.stringify({ token: 'sample-token', expire_at: '2030-01-01 00:00' }) : answers[url.pathname];
        res.writeHead(body === undefined ? 404 : url.pathname === '/api/awb' ? 201 : 200, { 'content-type': 'application/json' });
        res.end(body ?? '{"code":404,"message":"Not Found"}');
      },
      failed: (res) => res.end(),
    });
    return { adapter: samedayCourier({ username: 'shop', password: 'secret', baseUrl: standIn.origin }), seen, close: standIn.close };
  }

  it('reads a delivered AWB from its status, with its history’s time in UTC', async () => {
    const sample = await answering({ '/api/client/awb/1SDY241067423/status': fixture('awb-status.json') });
    try {
      expect(await sample.adapter.track('1SDY241067423')).toEqual({
        awb: '1SDY241067423',
        state: 'delivered',
        events: [{ at: '2019-02-26T07:37:28.000Z', code: '1', label: 'Document de transport emis', location: 'location1' }],
      });
    } finally {
      await sample.close();
    }
  });

  it('reads a parcel coming back from the parcel’s own history (inReturn), asked for each parcel of an AWB not delivered', async () => {
    // The same AWB status with delivered false (the one change), then each parcel's history: the SDK's sample has inReturn.
    const notDelivered = fixture('awb-status.json').replace('"delivered": true', '"delivered": false');
    const sample = await answering({
      '/api/client/awb/1SDY241067423/status': notDelivered,
      '/api/client/parcel/1SDY241067423001/status-history': fixture('parcel-status-history.json'),
    });
    try {
      expect((await sample.adapter.track('1SDY241067423')).state).toBe('returned');
      expect(sample.seen).toContain('/api/client/parcel/1SDY241067423001/status-history');
    } finally {
      await sample.close();
    }
  });

  it('names the parcels status-sync lists (fewer than a page: asked once)', async () => {
    const sample = await answering({ '/api/client/status-sync': fixture('status-sync.json') });
    try {
      expect(await sample.adapter.changedBetween!(new Date(Date.now() - 3_600_000), new Date())).toEqual(['1SDY241066690001', '1SDY2H1066666001']);
    } finally {
      await sample.close();
    }
  });
});
