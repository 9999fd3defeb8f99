import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeSameday } from './fakeSameday.ts';

const sameday = await startFakeSameday({ username: 'shop', password: 's3cret' });
afterAll(() => sameday.close());

type Json = Record<string, unknown>;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function login(password = 's3cret') {
  const res = await fetch(`${sameday.url}/api/authenticate`, {
    method: 'POST',
    headers: { ...FORM, 'X-Auth-Username': 'shop', 'X-Auth-Password': password },
    body: 'remember_me=1',
  });
  return { status: res.status, body: (await res.json()) as Json };
}
const auth = async () => ({ 'X-AUTH-TOKEN': String((await login()).body.token) });
async function call(path: string, headers: Record<string, string>, init: RequestInit = {}) {
  const res = await fetch(`${sameday.url}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), text, json: () => JSON.parse(text) as Json };
}
/** The body php-sdk sends, brackets percent-encoded as http_build_query does. */
function awbForm(overrides: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = {
    pickupPoint: '1',
    contactPerson: '2',
    packageType: '0',
    packageNumber: '2',
    packageWeight: '3.5',
    service: '7',
    awbPayment: '1',
    cashOnDelivery: '120.5',
    'awbRecipient[name]': 'Ana Pop',
    'awbRecipient[phoneNumber]': '0722000000',
    'awbRecipient[personType]': '0',
    'awbRecipient[address]': 'Str. Lunga 1',
    'awbRecipient[cityString]': 'Cluj-Napoca',
    'awbRecipient[countyString]': 'Cluj',
    'parcels[0][weight]': '2',
    'parcels[1][weight]': '1.5',
    ...overrides,
  };
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}
const create = async (headers: Record<string, string>, overrides: Record<string, string | undefined> = {}) => call('/api/awb', headers, { method: 'POST', headers: FORM, body: awbForm(overrides) });
const status = async (headers: Record<string, string>, awb: string) => (await call(`/api/client/awb/${awb}/status`, headers)).json();

describe('fake Sameday', () => {
  it('logs in with the right credentials only, and checks tokens', async () => {
    expect(await login('wrong')).toEqual({ status: 401, body: { code: 401, message: 'Bad credentials' } });
    const ok = await login();
    expect(ok.status).toBe(200);
    expect(ok.body.token).toMatch(/^[0-9a-f]{40}$/);
    expect(ok.body.expire_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(sameday.logins).toBe(1);
    expect(sameday.requests.at(-1)?.form).toEqual({ remember_me: '1' });

    const missing = await call('/api/client/services', {});
    expect([missing.status, missing.json()]).toEqual([401, { code: 401, message: 'Invalid token' }]);
    const headers = { 'X-AUTH-TOKEN': String(ok.body.token) };
    expect((await call('/api/client/services', headers)).json()).toMatchObject({ total: 2, data: [{ id: 7, serviceCode: '24' }, { id: 15 }] });
    sameday.expireTokens();
    expect((await call('/api/client/services', headers)).status).toBe(401);
  });

  it('creates an AWB and serves its PDF label', async () => {
    const headers = await auth();
    const res = await create(headers, { clientInternalReference: 'ORDER-1' });
    expect(res.status).toBe(201);
    const body = res.json() as { awbNumber: string; awbCost: number; parcels: Json[]; pdfLink: string };
    expect(body.awbNumber).toMatch(/^1SDY\d{10}$/);
    expect(body.awbCost).toBeGreaterThan(0);
    expect(body.parcels).toEqual([1, 2].map((position) => ({ position, awbNumber: `${body.awbNumber}00${position}` })));
    expect(body.pdfLink).toBe(`${sameday.url}/api/awb/download/${body.awbNumber}/A4`);
    expect(sameday.awbs().at(-1)?.form['awbRecipient[name]']).toBe('Ana Pop');

    const label = await fetch(body.pdfLink, { headers });
    expect(label.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await label.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain(body.awbNumber);
    expect((await call(`/api/awb/download/${body.awbNumber}/A5`, headers)).status).toBe(400);
    expect((await call('/api/awb/download/1SDY0000000000/A4', headers)).json()).toEqual({ code: 404, message: 'Awb not found' });
  });

  it("answers Sameday's validation errors", async () => {
    const headers = await auth();
    const missing = await create(headers, { pickupPoint: undefined, 'awbRecipient[cityString]': undefined });
    expect(missing.status).toBe(400);
    const pickupPoint = { errors: ['The given pickupPoint is invalid!', 'This value should not be null.'] };
    const awbRecipient = { children: { cityString: { errors: ['Invalid city.'] } } };
    expect(missing.json()).toEqual({ code: 400, message: 'Validation Failed', errors: { children: { pickupPoint, awbRecipient } } });
    sameday.refuseField(['awbRecipient', 'phoneNumber'], 'Invalid phone number.');
    const refused = (await create(headers)).json() as { errors: Json };
    expect(refused.errors).toEqual({ children: { awbRecipient: { children: { phoneNumber: { errors: ['Invalid phone number.'] } } } } });
    expect((await create(headers)).status).toBe(201);

    expect((await create(headers, { clientInternalReference: 'ORDER-2' })).status).toBe(201);
    const reused = await create(headers, { clientInternalReference: 'ORDER-2' });
    expect(reused.json()).toMatchObject({ errors: { children: { clientInternalReference: { errors: ['awb.not_unique'] } } } });
    const locker = await create(headers, { lockerLastMile: '2101', 'awbRecipient[address]': undefined, 'awbRecipient[cityString]': undefined });
    expect(locker.status).toBe(201);
  });

  it('reports statuses, and deletes only issued AWBs', async () => {
    const headers = await auth();
    const [delivered, refused, fresh] = await Promise.all([1, 2, 3].map(async () => String((await create(headers)).json().awbNumber)));
    sameday.inTransit(delivered!);
    sameday.deliver(delivered!);
    const done = await status(headers, delivered!);
    expect(done.expeditionSummary).toMatchObject({ awbNumber: delivered, delivered: true, canceled: false, cashOnDelivery: 120.5, awbWeight: 3.5 });
    expect(done.expeditionStatus).toMatchObject({ statusId: 9, status: 'Livrata cu succes', statusLabel: 'Colet livrat', statusState: 'Colete livrate' });
    expect((done.expeditionHistory as Json[]).map((event) => event.statusId)).toEqual([9, 33, 1]);
    expect((done.expeditionHistory as Json[])[0]?.statusDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[23]00$/);
    sameday.refuse(refused!);
    const back = await status(headers, refused!);
    // The AWB's status carries no inReturn (as the SDK's sample); each parcel's own history does, from the refusal on.
    expect(back.parcelsStatus).toMatchObject([{ statusId: 28, parcelAwbNumber: `${refused}001` }, { parcelAwbNumber: `${refused}002` }]);
    expect((back.parcelsStatus as Json[]).some((parcel) => 'inReturn' in parcel)).toBe(false);
    expect(sameday.statusCalls.get(refused!)).toBe(1);
    const history = (await call(`/api/client/parcel/${refused}002/status-history`, headers)).json();
    expect((history.parcelHistory as Json[]).map((event) => [event.statusId, event.inReturn])).toEqual([
      [1, false],
      [28, true],
    ]);
    expect(history.parcelSummary).toMatchObject({ parcelAwbNumber: `${refused}002`, delivered: false, canceled: false, isPickedUp: true });
    // The same keys as Sameday's own samples (testing/fixtures/sameday, the SDK's fixtures).
    const sample = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/sameday/${name}`, import.meta.url), 'utf8')) as Json;
    const keys = (value: unknown) => Object.keys(value as object).sort();
    expect(keys(back)).toEqual(keys(sample('awb-status.json')));
    expect(keys(back.expeditionSummary)).toEqual(keys(sample('awb-status.json').expeditionSummary));
    expect(keys((back.parcelsStatus as Json[])[0])).toEqual(keys((sample('awb-status.json').parcelsStatus as Json[])[0]));
    expect(keys(history)).toEqual(keys(sample('parcel-status-history.json')));
    expect(keys((history.parcelHistory as Json[])[0])).toEqual(keys((sample('parcel-status-history.json').parcelHistory as Json[])[0]));
    expect(keys(history.expeditionStatus)).toEqual(keys(sample('parcel-status-history.json').expeditionStatus));
    expect((await call(`/api/client/parcel/${refused}009/status-history`, headers)).status).toBe(404);
    sameday.cancelInPortal(fresh!);
    expect((await status(headers, fresh!)).expeditionSummary).toMatchObject({ canceled: true, delivered: false });

    expect((await call(`/api/awb/${delivered}`, headers, { method: 'DELETE' })).json()).toEqual({ code: 400, message: 'Awb cannot be deleted' });
    expect((await call(`/api/awb/${fresh}`, headers, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/api/awb/${fresh}`, headers, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`/api/client/awb/${fresh}/status`, headers)).status).toBe(404);

    const now = Math.floor(Date.now() / 1000);
    const sync = await call(`/api/client/status-sync?startTimestamp=${now - 60}&endTimestamp=${now + 60}&page=1&countPerPage=500`, headers);
    expect((sync.json().data as Json[]).filter((item) => item.parcelAwbNumber === `${delivered}001`).map((item) => item.statusId)).toEqual([1, 33, 9]);
    expect((await call(`/api/client/status-sync?startTimestamp=${now - 60}&endTimestamp=${now + 60}&page=9`, headers)).json().data).toEqual([]);
  });

  it('pages lockers, and goes slow or down', async () => {
    const headers = await auth();
    const first = (await call('/api/client/lockers?page=1&countPerPage=2', headers)).json();
    expect(first).toMatchObject({ total: 3, currentPage: 1, pages: 2, perPage: 2 });
    expect((first.data as Json[]).length).toBe(2);
    expect((await call('/api/client/lockers?page=2&countPerPage=2', headers)).json().data).toMatchObject([{ city: 'Cluj-Napoca', county: 'Cluj' }]);
    expect((await call('/api/client/pickup-points', headers)).json().data).toMatchObject([{ id: 1, defaultPickupPoint: true }]);

    sameday.slowDown(150);
    const started = Date.now();
    expect((await call('/api/client/services', headers)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    sameday.slowDown(0);
    sameday.down(true);
    const down = await call('/api/client/services', headers);
    expect([down.status, down.type, down.text.includes('503')]).toEqual([503, 'text/html', true]);
    sameday.down(false);
    expect((await call('/api/client/services', headers)).status).toBe(200);
  });

  it('goes down for one reference only: that AWB is answered 503, every other call as usual', async () => {
    const headers = await auth();
    sameday.down(true, 'ORDER-DOWN');
    try {
      const refused = await create(headers, { clientInternalReference: 'ORDER-DOWN' });
      expect([refused.status, refused.type]).toEqual([503, 'text/html']);
      expect((await create(headers, { clientInternalReference: 'ORDER-OTHER' })).status).toBe(201);
      expect((await call('/api/client/services', headers)).status).toBe(200);
    } finally {
      sameday.down(false);
    }
    expect((await create(headers, { clientInternalReference: 'ORDER-DOWN' })).status).toBe(201);
  });
});
