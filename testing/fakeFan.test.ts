import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeFan } from './fakeFan.ts';

const fan = await startFakeFan({ username: 'clienttest', password: 'testing', clientId: '7032158' });
afterAll(() => fan.close());

type Json = Record<string, unknown>;
const JSON_TYPE = { 'content-type': 'application/json' };

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${fan.url}${path}`, init);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), bytes, json: () => JSON.parse(bytes.toString('utf8')) as Json };
}
async function auth() {
  const res = await call('/login?username=clienttest&password=testing', { method: 'POST' });
  return { authorization: `Bearer ${(res.json().data as Json).token}` };
}
const shipment = (info: Json = {}, recipient: Json = {}, address: Json = {}) => ({
  info: { service: 'Cont Colector', packages: { parcel: 1, envelope: 0 }, weight: 1, cod: 199.99, declaredValue: 0, payment: 'expeditor', ...info },
  recipient: {
    name: 'Ana Pop',
    phone: '0723000000',
    email: '',
    address: { county: 'Cluj', locality: 'Cluj-Napoca', street: 'Str Lunga', streetNo: '1', zipCode: '', ...address },
    ...recipient,
  },
});
async function create(headers: Record<string, string>, shipments: Json[], clientId: unknown = 7032158) {
  return call('/intern-awb', { method: 'POST', headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify({ clientId, shipments }) });
}
const newAwb = async (headers: Record<string, string>) => String(((await create(headers, [shipment()])).json().response as Json[])[0]?.awbNumber);
const q = '?clientId=7032158';

describe('fake FAN Courier', () => {
  it('logs in with query params, form, multipart or JSON fields, and checks tokens', async () => {
    const wrong = await call('/login?username=clienttest&password=nope', { method: 'POST' });
    expect([wrong.status, wrong.json()]).toEqual([401, { status: 'error', message: 'Invalid credentials' }]);
    const multipart = new FormData();
    multipart.set('username', 'clienttest');
    multipart.set('password', 'testing');
    const bodies: RequestInit[] = [
      { body: new URLSearchParams({ username: 'clienttest', password: 'testing' }) },
      { body: multipart },
      { headers: JSON_TYPE, body: JSON.stringify({ username: 'clienttest', password: 'testing' }) },
    ];
    for (const init of bodies) expect((await call('/login', { method: 'POST', ...init })).status).toBe(200);
    const ok = (await call('/login?username=clienttest&password=testing', { method: 'POST' })).json();
    expect(ok).toMatchObject({ status: 'success', data: { token: expect.stringMatching(/^\d+\|[A-Za-z0-9]{40}$/) } });
    expect((ok.data as Json).expiresAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(fan.logins).toBe(4);

    const headers = { authorization: `Bearer ${(ok.data as Json).token}` };
    const missing = await call(`/reports/awb/tracking${q}&awb[]=1`);
    expect([missing.status, missing.json()]).toEqual([401, { status: 'error', message: 'Unauthenticated.' }]);
    expect((await call(`/reports/awb/tracking${q}&awb[]=1`, { headers })).json()).toEqual({ status: 'success', data: [] });
    fan.expireTokens();
    expect((await call(`/reports/awb/tracking${q}&awb[]=1`, { headers })).status).toBe(401);
  });

  it('creates AWBs per shipment, with errors per shipment, and serves labels', async () => {
    const headers = await auth();
    expect((await create(headers, [shipment()], 1)).json()).toEqual({ status: 'error', message: 'Nu aveti acces la acest client' });
    const bad = shipment({ service: 'Standard', packages: { parcel: 0, envelope: 0 }, weight: 0 }, { phone: '723000000' }, { county: 'Cluj-Napoca' });
    const res = await create(headers, [shipment(), bad]);
    expect(res.status).toBe(200);
    const [good, failed] = res.json().response as Json[];
    expect(good).toMatchObject({ tariff: 30.53, packages: 1, letter: 'B', routingCode: '0200', office: 'Cluj-Napoca', errors: null });
    expect(String(good?.awbNumber)).toMatch(/^2\d{12}$/);
    expect(failed).toEqual({
      awbNumber: null,
      success: false,
      errors: {
        'info.service': 'Rambursul in cont necesita serviciul Cont Colector',
        'info.parcels': 'At least one envelope or parcel is required',
        'info.weight': 'Greutatea trebuie sa fie mai mare decat 0',
        'recipient.phone': 'Numarul de telefon nu este valid',
        'recipient.address.county': 'Judetul nu exista',
      },
    });
    expect(fan.awbs().map((awb) => awb.request.recipient?.name)).toEqual(['Ana Pop']);

    fan.refuseField('recipient.address.locality', 'Localitatea nu exista');
    expect((await create(headers, [shipment()])).json().response).toEqual([{ awbNumber: null, success: false, errors: { 'recipient.address.locality': 'Localitatea nu exista' } }]);
    const second = await newAwb(headers);

    const label = await call(`/awb/label${q}&awbs%5B%5D=${good?.awbNumber}&awbs[]=${second}&pdf=1&format=A6`, { headers });
    expect(label.type).toBe('application/pdf');
    const pdf = label.bytes.toString('latin1');
    expect([pdf.startsWith('%PDF-1.4'), pdf.endsWith('%%EOF'), pdf.includes('/Count 2')]).toEqual([true, true, true]);
    expect([pdf.includes(String(good?.awbNumber)), pdf.includes(second), pdf.includes('Format A6')]).toEqual([true, true, true]);
    expect(fan.requests.at(-1)?.query.awbs).toEqual([String(good?.awbNumber), second]);
    const unknown = await call(`/awb/label${q}&awbs[]=2000000000000&pdf=1&format=A4`, { headers });
    expect([unknown.status, unknown.json()]).toEqual([404, { status: 'error', message: 'AWB inexistent' }]);
  });

  it('tracks, deletes only AWBs not picked up, and reports COD bank transfers', async () => {
    const headers = await auth();
    const [delivered, refused, fresh] = [await newAwb(headers), await newAwb(headers), await newAwb(headers)];
    fan.pickUp(delivered);
    fan.inTransit(delivered);
    fan.deliver(delivered);
    fan.pickUp(refused);
    fan.refuse(refused);
    const tracked = (await call(`/reports/awb/tracking${q}&awb[]=${delivered}&awb[]=${refused}&language=ro`, { headers })).json().data as Json[];
    expect(tracked[0]).toMatchObject({ awbNumber: delivered, message: '', content: '', returnAwbNumber: null });
    const names = (tracked[0]!.events as Json[]).map((event) => `${event.id} ${event.name}`);
    expect(names).toEqual(['C0 Expeditie ridicata', 'H10 In tranzit', 'S2 Livrat']);
    expect((tracked[0]!.events as Json[])[0]).toMatchObject({ location: 'Bucuresti', date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect((tracked[1]!.events as Json[]).at(-1)).toMatchObject({ id: 'S6', name: 'Refuz la livrare' });
    expect(tracked[1]?.returnAwbNumber).toMatch(/^2\d{12}$/);
    expect(fan.trackingCalls.get(delivered)).toBe(1);

    const del = (awb: string) => call(`/awb${q}&awb=${awb}`, { method: 'DELETE', headers });
    // Picked up: refused with a 200, as FAN's clients read a refusal (by the body's status alone).
    const kept = await del(delivered);
    expect([kept.status, kept.json()]).toEqual([200, { status: 'error', message: 'AWB-ul nu mai poate fi sters' }]);
    expect((await del(fresh)).json()).toEqual({ status: 'success', message: 'AWB sters' });
    expect((await del(fresh)).status).toBe(404);
    expect(fan.awbs().find((awb) => awb.awbNumber === fresh)?.deleted).toBe(true);

    fan.payOut(delivered, '2026-03-02');
    const transfers = (await call(`/reports/bank-transfers${q}&date=2026-03-02&page=1&perPage=10`, { headers })).json();
    expect(transfers).toMatchObject({ status: 'success', total: 1, perPage: 10, currentPage: 1 });
    expect((transfers.data as Json[])[0]).toMatchObject({
      info: { awbNumber: Number(delivered), amountCollected: 199.99, transferDate: '02.03.2026', transactionDate: '02.03.2026', returnAwbNumber: '' },
      recipient: { name: 'Ana Pop', address: { locality: 'Cluj-Napoca' } },
    });
    // The same keys as the client's sample (testing/fixtures/fan/bank-transfers.json).
    const sample = JSON.parse(readFileSync(new URL('./fixtures/fan/bank-transfers.json', import.meta.url), 'utf8')) as Json;
    const keys = (value: unknown) => Object.keys(value as object).sort();
    expect(keys(transfers)).toEqual(keys(sample));
    expect(keys((transfers.data as Json[])[0]!.info)).toEqual(keys((sample.data as Json[])[0]!.info));
    expect((await call(`/reports/bank-transfers${q}&date=2026-03-03`, { headers })).json()).toMatchObject({ total: 0, data: [] });
  });

  it('goes down', async () => {
    fan.down(true);
    const down = await call('/login?username=clienttest&password=testing', { method: 'POST' });
    expect([down.status, down.type, down.bytes.toString().includes('503')]).toEqual([503, 'text/html', true]);
    fan.down(false);
    expect((await call('/login?username=clienttest&password=testing', { method: 'POST' })).status).toBe(200);
  });
});
