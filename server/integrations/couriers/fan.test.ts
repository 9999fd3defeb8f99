import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierAddress } from '../../../domain/courier';
import { bucharestDay } from '../../../domain/locale';
import { type FakeFan, startFakeFan } from '../../../testing/fakeFan';
import { returnParcel } from '../../../testing/returnParcel';
import { startStandIn } from '../../../testing/standIn';
import type { Shipment } from './courier';
import { fanCourier, fanDay } from './fan';

// The FAN Courier adapter against a stand-in speaking FAN's API v2 (testing/fakeFan.ts, from its documented clients).

let fan: FakeFan;
beforeAll(async () => {
  fan = await startFakeFan({ username: 'shop', password: 'secret', clientId: '7032158' });
});
afterAll(async () => fan?.close());

const courier = (overrides: Partial<Parameters<typeof fanCourier>[0]> = {}) =>
  fanCourier({ username: 'shop', password: 'secret', clientId: '7032158', baseUrl: fan.url, timeoutMs: 2_000, ...overrides });

/** A cash order of 124.96 lei to Iași: FAN takes it without diacritics. */
const shipment = (overrides: Partial<Shipment> = {}): Shipment => ({
  reference: '10042',
  recipient: { name: 'Ștefan Popescu', phone: '0722123456', email: 'stefan@example.ro' },
  to: { address: courierAddress({ county: 'IS', city: 'Iași', street: 'Șoseaua Ștefan cel Mare', streetNumber: '3', postalCode: '700064' })! },
  parcels: 1,
  weightGrams: 1500,
  dimensionsCm: { length: 20, width: 15, height: 10 },
  cashOnDelivery: 12496,
  declaredValue: 12496,
  note: 'Fragil',
  openPackage: false,
  ...overrides,
});

describe('the FAN Courier adapter', () => {
  it('signs in for a Bearer token and creates the AWB from FAN’s JSON, without diacritics, the COD to the collector account', async () => {
    const adapter = courier();
    const created = await adapter.create(shipment({ contents: 'Accesorii' }));
    expect(created).toMatchObject({ awb: expect.stringMatching(/^\d{13}$/), cost: 3053 });
    const post = fan.requests.filter((request) => request.path === '/intern-awb').at(-1)!;
    expect(post.headers.authorization).toMatch(/^Bearer /);
    expect(post.json).toMatchObject({
      clientId: 7032158,
      shipments: [
        {
          // The reference first, then what the label says is inside (discreet: issue 47).
          info: { service: 'Cont Colector', packages: { parcel: 1, envelope: 0 }, weight: 2, cod: 124.96, declaredValue: 124.96, observation: 'Fragil', content: '10042 Accesorii' },
          recipient: { name: 'Stefan Popescu', phone: '0722123456', address: { county: 'Iasi', locality: 'Iasi', street: 'Soseaua Stefan cel Mare', streetNo: '3', zipCode: '700064' } },
        },
      ],
    });
    await adapter.create(shipment({ cashOnDelivery: 0 }));
    expect((fan.requests.filter((request) => request.path === '/intern-awb').at(-1)!.json as { shipments: { info: { service: string; cod: number } }[] }).shipments[0]!.info).toMatchObject({
      service: 'Standard',
      cod: 0,
    });
  });

  it('sends a Bucharest address as FAN’s one locality “Bucuresti”, the sector with the street', async () => {
    const adapter = courier();
    const to = { address: courierAddress({ county: 'B', city: 'Sector 3', street: 'Strada Ion Nistor', streetNumber: '4', postalCode: '030042' })! };
    await adapter.create(shipment({ to }));
    const post = fan.requests.filter((request) => request.path === '/intern-awb').at(-1)!;
    expect((post.json as { shipments: { recipient: { address: object } }[] }).shipments[0]!.recipient.address).toEqual({
      county: 'Bucuresti',
      locality: 'Bucuresti',
      street: 'Strada Ion Nistor, Sectorul 3',
      streetNo: '4',
      zipCode: '030042',
    });
  });

  it('signs in again once when FAN no longer takes the token; a wrong password is said so', async () => {
    const adapter = courier();
    await adapter.create(shipment());
    const logins = fan.logins;
    fan.expireTokens();
    await adapter.create(shipment());
    expect(fan.logins).toBe(logins + 1);
    await expect(courier({ password: 'wrong' }).create(shipment())).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('names the field FAN refuses, from its per-shipment errors; a courier down or slow is unavailable', async () => {
    const adapter = courier({ timeoutMs: 300 });
    fan.refuseField('recipient.phone', 'Numarul de telefon nu este valid');
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'refused', fields: [{ field: 'phone', message: 'Numarul de telefon nu este valid' }] });
    fan.down(true);
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'unavailable' });
    fan.down(false);
    fan.slowDown(1_000);
    await expect(adapter.create(shipment())).rejects.toMatchObject({ kind: 'unavailable' });
    fan.slowDown(0);
  });

  it('gives the label as PDF bytes, maps the S-codes (S2 delivered, S6 refused to returned, an unknown one), and cancels an AWB not yet picked up', async () => {
    const adapter = courier();
    const { awb } = await adapter.create(shipment());
    expect((await adapter.label(awb, 'A6')).subarray(0, 5).toString()).toBe('%PDF-');
    fan.pickUp(awb);
    fan.inTransit(awb);
    expect((await adapter.track(awb)).state).toBe('in_transit');
    fan.deliver(awb);
    const delivered = await adapter.track(awb);
    expect(delivered.state).toBe('delivered');
    expect(delivered.events.map((event) => event.code)).toEqual(['C0', 'H10', 'S2']);
    expect(delivered.events[2]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await expect(adapter.cancel(awb)).rejects.toMatchObject({ kind: 'refused' });

    const refused = (await adapter.create(shipment())).awb;
    fan.pickUp(refused);
    fan.refuse(refused);
    expect((await adapter.track(refused)).state).toBe('returned');
    const odd = (await adapter.create(shipment())).awb;
    fan.unknownStatus(odd);
    expect((await adapter.track(odd)).state).toBe('unknown');

    // S12 "Contactat; livrare ulterioara" (the client's sample): a parcel still on its way, not a status the shop does not know.
    const later = (await adapter.create(shipment())).awb;
    fan.pickUp(later);
    fan.report(later, { id: 'S12', name: 'Contactat; livrare ulterioara' });
    expect((await adapter.track(later)).state).toBe('in_transit');
    // Picked up: FAN answers 200 with {"status":"error"}, which has not cancelled it.
    await expect(adapter.cancel(later)).rejects.toMatchObject({ kind: 'refused', message: 'AWB-ul nu mai poate fi sters' });
    expect(fan.awbs().find((stored) => String(stored.awbNumber) === later)!.deleted).toBe(false);

    const cancelled = (await adapter.create(shipment())).awb;
    await adapter.cancel(cancelled);
    // Asked again (its answer never came): FAN no longer has it (404), cancelled already.
    await expect(adapter.cancel(cancelled)).resolves.toBeUndefined();
    expect(fan.awbs().find((stored) => String(stored.awbNumber) === cancelled)!.deleted).toBe(true);
  });

  it('finds an AWB made for a reference among the day’s AWBs (reports/awb, by its content), or says none was made', async () => {
    const adapter = courier();
    const since = new Date(Date.now() - 60_000);
    const { awb } = await adapter.create(shipment({ reference: '20077', contents: 'Accesorii' }));
    expect(await adapter.findCreated(shipment({ reference: '20077' }), since)).toEqual({ made: { awb, cost: 3053, parcels: [] } });
    // Not one whose reference only starts the same (20077-2 is another AWB of the order).
    expect(await adapter.findCreated(shipment({ reference: '2007' }), since)).toEqual({ made: null });
    expect(fan.requests.at(-1)).toMatchObject({ path: '/reports/awb', query: { clientId: '7032158', date: bucharestDay(new Date()), page: '1', perPage: '100' } });
    expect(await adapter.findCreated(shipment({ reference: '20078' }), since)).toEqual({ made: null });
  });

  it('reads the cash on delivery FAN paid out on a day', async () => {
    const adapter = courier();
    const { awb } = await adapter.create(shipment());
    fan.pickUp(awb);
    fan.deliver(awb);
    const today = bucharestDay(new Date());
    fan.payOut(awb, today);
    expect(await adapter.cashPaidOut!(today)).toContainEqual({ awb, amount: 12496, paidOn: today });
    expect(await adapter.cashPaidOut!('2001-01-01')).toEqual([]);
  });

  it('asks for a return as its clients send one: the customer as sender, the shop as recipient, no cash on delivery, the account paying', async () => {
    const adapter = courier();
    const created = await adapter.createReturn(returnParcel({ reference: '10042-R1' }));
    expect(created.awb).toMatch(/^\d{13}$/);
    const post = fan.requests.filter((request) => request.path === '/intern-awb').at(-1)!;
    expect((post.json as { shipments: unknown[] }).shipments[0]).toMatchObject({
      info: { service: 'Standard', cod: 0, payment: 'expeditor', declaredValue: 124.96, weight: 2, content: '10042-R1' },
      sender: {
        name: 'Stefan Popescu',
        contactPerson: 'Stefan Popescu',
        phone: '0722123456',
        address: { county: 'Iasi', locality: 'Iasi', street: 'Soseaua Stefan cel Mare', streetNo: '3', zipCode: '700064' },
      },
      recipient: { name: 'EXEMPLU SRL', address: { county: 'Bucuresti', locality: 'Bucuresti', street: 'Strada Exemplului, Sectorul 1', streetNo: '1', zipCode: '010001' } },
    });
    expect(await adapter.findReturn(returnParcel({ reference: '10042-R1' }), new Date(Date.now() - 60_000))).toMatchObject({ made: { awb: created.awb } });
    const parcel = returnParcel();
    await expect(adapter.createReturn({ ...parcel, sender: { ...parcel.sender, phone: '12' } })).rejects.toMatchObject({ kind: 'refused', fields: [{ field: 'sender.phone' }] });
  });

  it('sends a block address’s building, entrance, floor and apartment in FAN’s own fields, what they cannot hold after the street', async () => {
    await courier().create(
      shipment({
        to: { address: courierAddress({ county: 'IS', city: 'Iași', street: 'Șoseaua Ștefan cel Mare', streetNumber: '3', addressLine2: 'bl. A3, sc. 2, et. 4, ap. 14', postalCode: '700064' })! },
      }),
    );
    const sent = (fan.requests.filter((request) => request.path === '/intern-awb').at(-1)!.json as { shipments: { recipient: { address: object } }[] }).shipments[0]!.recipient.address;
    expect(sent).toMatchObject({ street: 'Soseaua Stefan cel Mare', streetNo: '3', building: 'A3', entrance: '2', floor: '4', apartment: '14' });
    const odd = courierAddress({ county: 'IS', city: 'Iași', street: 'Șoseaua Ștefan cel Mare', streetNumber: '3', addressLine2: 'bl. A3, interfon 14', postalCode: '700064' })!;
    await courier().create(shipment({ to: { address: odd } }));
    const kept = (fan.requests.filter((request) => request.path === '/intern-awb').at(-1)!.json as { shipments: { recipient: { address: object } }[] }).shipments[0]!.recipient.address;
    expect(kept).toMatchObject({ street: 'Soseaua Stefan cel Mare, interfon 14', building: 'A3' });
    expect(kept).not.toHaveProperty('apartment');
  });
});

describe('the FAN Courier adapter on FAN’s sample answers (testing/fixtures/fan, the client daika7ana/fancourier-api-v2’s)', () => {
  const fixture = (name: string) => readFileSync(new URL(`../../../testing/fixtures/fan/${name}`, import.meta.url), 'utf8');
  /** A stand-in answering the path with the fixture's text as it is; the sign-in as the client's sample (Request/Login.php). */
  async function answering(path: string, body: string) {
    const standIn = await startStandIn({
      answer: ({ res, url }) => {
        res.writeHead(url.pathname === '/login' || url.pathname === path ? 200 : 404, { 'content-type': 'application/json' });
        res.end(
          url.pathname === '/login'
            ? '{"status":"success","data":{"token":"48944740|sample","expiresAt":"2030-06-11 07:23:53"}}'
            : url.pathname === path
              ? body
              : '{"status":"error","message":"Not Found"}',
        );
      },
      failed: (res) => res.end(),
    });
    return { adapter: fanCourier({ username: 'clienttest', password: 'testing', clientId: '7032158', baseUrl: standIn.origin }), close: standIn.close };
  }

  it('reads the cash paid out with its DD.MM.YYYY transfer day', async () => {
    const sample = await answering('/reports/bank-transfers', fixture('bank-transfers.json'));
    try {
      expect(await sample.adapter.cashPaidOut!('2023-11-20')).toEqual([
        { awb: '6000000000001', amount: 67033, paidOn: '2023-11-20' },
        { awb: '6000000000002', amount: 37503, paidOn: '2023-11-20' },
      ]);
    } finally {
      await sample.close();
    }
  });

  it('reads a parcel whose last event is S12 as on its way, its times Bucharest’s', async () => {
    const sample = await answering('/reports/awb/tracking', fixture('tracking.json'));
    try {
      const tracking = await sample.adapter.track('2000000000082');
      expect(tracking.state).toBe('in_transit');
      expect(tracking.events.map((event) => event.code)).toEqual(['C0', 'H3', 'H3', 'H10', 'H1', 'C1', 'S1', 'S12']);
      expect(tracking.events.at(-1)).toEqual({ at: '2023-11-29T07:50:13.000Z', code: 'S12', label: 'Contactat; livrare ulterioara', location: 'Targu Frumos' });
    } finally {
      await sample.close();
    }
  });

  it('takes a report’s day only as DD.MM.YYYY, a real day: never a guess', () => {
    expect(fanDay('20.11.2023')).toBe('2023-11-20');
    expect(fanDay(' 01.03.2023 ')).toBe('2023-03-01');
    for (const text of ['2023-11-20', '11/20/2023', '31.02.2023', '20.13.2023', '2.11.2023', '']) expect(() => fanDay(text)).toThrow(/DD\.MM\.YYYY/);
  });
});
