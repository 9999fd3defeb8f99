import { afterAll, describe, expect, it } from 'vitest';
import { startFakeCargus } from './fakeCargus.ts';

const cargus = await startFakeCargus({ subscriptionKey: 'primary-key', username: 'webexpress', password: 'secret', pickupLocations: [201266091] });
afterAll(() => cargus.close());

type Json = Record<string, unknown>;
const KEY = { 'Ocp-Apim-Subscription-Key': 'primary-key' };
const JSON_TYPE = { 'content-type': 'application/json' };

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${cargus.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, text: () => text, json: () => JSON.parse(text) as unknown };
}
const login = (headers: Record<string, string>, body: Json) => call('/LoginUser', { method: 'POST', headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body) });
async function auth() {
  const token = (await login(KEY, { UserName: 'webexpress', Password: 'secret' })).json() as string;
  return { ...KEY, authorization: `Bearer ${token}` };
}
const awb = (over: Json = {}, recipient: Json = {}) => ({
  Sender: { LocationId: 0 },
  Recipient: {
    Name: 'Ana Pop',
    ContactPerson: 'Ana Pop',
    PhoneNumber: '0723000000',
    Email: '',
    CountyName: 'Cluj',
    LocalityName: 'Cluj-Napoca',
    StreetName: 'Str Lunga',
    BuildingNumber: '1',
    AddressText: 'Str Lunga 1',
    CodPostal: '400001',
    ...recipient,
  },
  Parcels: 1,
  Envelopes: 0,
  TotalWeight: 1,
  ServiceId: 34,
  CashRepayment: 0,
  BankRepayment: 199.99,
  ShipmentPayer: 1,
  ParcelCodes: [{ Code: '0', Type: 1, Weight: 1, Length: 20, Width: 15, Height: 10 }],
  ...over,
});
const create = (headers: Record<string, string>, body: Json) => call('/Awbs', { method: 'POST', headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body) });
const newAwb = async (headers: Record<string, string>) => String((await create(headers, awb())).json());

describe('fake Cargus', () => {
  it('checks the subscription key on every call, then the user for a string token, then the Bearer token', async () => {
    expect((await login({}, { UserName: 'webexpress', Password: 'secret' })).json()).toMatchObject({ statusCode: 401, message: expect.stringMatching(/missing subscription key/) });
    const badKey = await login({ 'Ocp-Apim-Subscription-Key': 'other' }, { UserName: 'webexpress', Password: 'secret' });
    expect([badKey.status, badKey.json()]).toEqual([401, { statusCode: 401, message: expect.stringMatching(/^Access denied due to invalid subscription key/) }]);
    const wrong = await login(KEY, { UserName: 'webexpress', Password: 'nope' });
    expect([wrong.status, wrong.json()]).toEqual([400, 'Failed to authenticate!']);
    const ok = await login(KEY, { UserName: 'webexpress', Password: 'secret' });
    expect([ok.status, typeof ok.json()]).toEqual([200, 'string']);
    expect(cargus.logins).toBe(1);

    const headers = { ...KEY, authorization: `Bearer ${ok.json()}` };
    expect((await call('/AwbTrace/WithRedirect?barCode=["1"]', { headers: KEY })).status).toBe(401);
    expect((await call('/AwbTrace/WithRedirect?barCode=["1"]', { headers: { authorization: headers.authorization } })).status).toBe(401);
    expect((await call('/AwbTrace/WithRedirect?barCode=["1"]', { headers })).json()).toEqual([]);
    cargus.expireTokens();
    const expired = await call('/AwbTrace/WithRedirect?barCode=["1"]', { headers });
    expect([expired.status, expired.json()]).toEqual([401, 'Failed to authenticate!']);
  });

  it('creates AWBs (the barcode as a JSON number), refuses with a list of messages or the shape asked for, and serves base64 labels', async () => {
    const headers = await auth();
    const created = await create(headers, awb());
    expect([created.status, typeof created.json()]).toEqual([200, 'number']);
    const bad = await create(headers, awb({ Sender: { LocationId: 7 }, TotalWeight: 1.5, ParcelCodes: [] }, { PhoneNumber: '723000000', LocalityName: 'Iași' }));
    expect([bad.status, bad.json()]).toEqual([
      400,
      [
        'Invalid LocationId for sender',
        'Telefonul destinatarului nu este valid',
        "The recipient's locality could not be matched!",
        'Greutatea totala trebuie sa fie un numar intreg de kilograme',
        'ParcelCodes trebuie sa aiba cate un element pentru fiecare colet si plic',
      ],
    ]);
    expect((await create(headers, awb({}, { CountyName: 'Bucuresti', LocalityName: 'Sectorul 3' }))).json()).toEqual(["The recipient's locality could not be matched!"]);
    // The annex (§15): each parcel's size for services 34, 35, 36, 39, 40; one piece for 34 and 35.
    expect((await create(headers, awb({ ParcelCodes: [{ Code: '0', Type: 1, Weight: 1 }] }))).json()).toEqual(['Dimensiunile coletelor sunt obligatorii pentru acest serviciu']);
    const two = { Parcels: 2, TotalWeight: 2, ParcelCodes: [0, 1].map((code) => ({ Code: String(code), Type: 1, Weight: 1, Length: 20, Width: 15, Height: 10 })) };
    expect((await create(headers, awb(two))).json()).toEqual(['Serviciul 34 permite o singura piesa pe expeditie']);
    expect((await create(headers, awb({ ...two, ServiceId: 39 }))).status).toBe(200);
    expect((await create(headers, awb({ ServiceId: 1, ParcelCodes: [{ Code: '0', Type: 1, Weight: 1 }] }))).status).toBe(200);
    expect((await create(headers, awb({ Sender: { LocationId: 201266091 }, DeliveryPudoPoint: 114142, ServiceId: 38 }, { CountyName: '', LocalityName: '' }))).status).toBe(200);
    cargus.refuseNext('Codul postal nu corespunde localitatii', 'object');
    expect((await create(headers, awb())).json()).toEqual({ Error: 'Codul postal nu corespunde localitatii' });
    cargus.refuseNext('Eroare', 'string');
    expect((await create(headers, awb())).json()).toBe('Eroare');

    const barCode = String(created.json());
    for (const barCodes of [barCode, `["${barCode}"]`, `[${barCode}]`]) {
      const label = await call(`/AwbDocuments?barCodes=${encodeURIComponent(barCodes)}&type=PDF&format=1&printMainOnce=1`, { headers });
      const pdf = Buffer.from(label.json() as string, 'base64').toString('latin1');
      expect([pdf.startsWith('%PDF-'), pdf.includes(`Cargus AWB ${barCode}`), pdf.includes('Format 10x14')]).toEqual([true, true, true]);
    }
    const a4 = Buffer.from((await call(`/AwbDocuments?barCodes=${barCode}&type=PDF&format=0`, { headers })).json() as string, 'base64').toString('latin1');
    expect(a4).toContain('/MediaBox [0 0 595 842]');
    expect((await call('/AwbDocuments?barCodes=1&type=PDF&format=0', { headers })).json()).toBe('');
    cargus.labelsAsRawBase64(true);
    const raw = await call(`/AwbDocuments?barCodes=${barCode}&type=PDF&format=0`, { headers });
    expect(Buffer.from(raw.text(), 'base64').toString('latin1').startsWith('%PDF-')).toBe(true);
    cargus.labelsAsRawBase64(false);
  });

  it('traces events in Bucharest time without a zone, deletes only AWBs without checkpoints, and lists the COD paid out on a day', async () => {
    const headers = await auth();
    const [delivered, refused, fresh] = [await newAwb(headers), await newAwb(headers), await newAwb(headers)];
    cargus.pickUp(delivered);
    cargus.outForDelivery(delivered);
    cargus.deliver(delivered);
    cargus.pickUp(refused);
    cargus.refuse(refused);
    const traced = (await call(`/AwbTrace/WithRedirect?barCode=${encodeURIComponent(JSON.stringify([delivered, refused, '1']))}`, { headers })).json() as Json[];
    expect(traced.map((item) => item.Code)).toEqual([delivered, refused]);
    // §9.10's fields: no event ids; who confirmed receipt; the return AWB.
    expect(Object.keys(traced[0]!).sort()).toEqual(['Code', 'ConfirmationName', 'Event', 'MeasuredWeight', 'Observation', 'ResponseCode', 'Type', 'VolumetricWeight']);
    expect((traced[0]!.Event as Json[]).map((event) => Object.keys(event).sort().join(','))).toEqual(Array(3).fill('Date,Description,LocalityName'));
    expect((traced[0]!.Event as Json[]).map((event) => event.Description)).toEqual(['Expeditie preluata de curier', 'In livrare', 'Confirmat']);
    expect([traced[0]!.ConfirmationName, traced[0]!.ResponseCode]).toEqual(['Ana Pop', '']);
    expect(traced[1]!.ResponseCode).toMatch(/^\d{10}$/);
    expect((traced[0]!.Event as Json[])[0]).toMatchObject({ LocalityName: 'Bucuresti', Date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) });
    expect((traced[1]!.Event as Json[]).map((event) => event.Description)).toEqual(['Expeditie preluata de curier', 'Refuzat de destinatar', 'Retur catre expeditor']);

    const del = (barCode: string) => call(`/Awbs?barCode=${barCode}`, { method: 'DELETE', headers });
    expect((await del(delivered)).json()).toBe(false);
    expect((await del(fresh)).json()).toBe(true);
    expect((await del(fresh)).json()).toBe(false);
    expect(cargus.awbs().find((stored) => stored.barCode === fresh)?.deleted).toBe(true);

    cargus.payOut(delivered, '2026-03-02');
    // §11's fields, the collector account's repayments only (BankRepayment).
    expect((await call('/CashAccount/GetByDeductionDate?DeductionDate=2026-03-02', { headers })).json()).toEqual([
      {
        Date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        BarCode: delivered,
        Sender: expect.any(String),
        Receiver: 'Ana Pop',
        FromLocality: expect.any(String),
        ToLocality: 'Cluj-Napoca',
        CustomString: '',
        RepaymentDate: expect.stringMatching(/T00:00:00$/),
        RepaymentId: expect.any(Number),
        RepaymentValue: 199.99,
        DeductionDate: '2026-03-02T00:00:00',
        DeductionId: expect.any(Number),
      },
    ]);
    expect((await call('/CashAccount/GetByDeductionDate?DeductionDate=2026-03-03', { headers })).json()).toEqual([]);
  });

  it('goes down as the gateway says it', async () => {
    cargus.down(true);
    const down = await login(KEY, { UserName: 'webexpress', Password: 'secret' });
    expect([down.status, down.json()]).toEqual([500, { statusCode: 500, message: 'Internal server error', activityId: expect.any(String) }]);
    cargus.down(false);
    expect((await login(KEY, { UserName: 'webexpress', Password: 'secret' })).status).toBe(200);
  });
});
