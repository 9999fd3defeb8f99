import { eq, inArray, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../db/client';
import { anafConnection, invoices } from '../../../db/schema/invoices';
import { orders } from '../../../db/schema/orders';
import { seedCatalog } from '../../../db/seed';
import { addDays } from '../../../domain/calendar';
import { orderRequestSchema } from '../../../domain/checkout';
import { reportDueDay } from '../../../domain/invoice';
import { bucharestDay } from '../../../domain/locale';
import { buildTestApp, signUpOwner, TEST_AUTH_SECRET, TEST_ORIGIN, type TestApp } from '../../../testing/app';
import { createTestDatabase } from '../../../testing/database';
import { type FakeAnaf, startFakeAnaf } from '../../../testing/fakeAnaf';
import { sampleOrder } from '../../../testing/sampleOrder';
import { anafClient } from '../../integrations/anaf/client';
import { countHits } from '../../rateLimits';
import { placeOrder } from '../orders/place';
import { tokenCipher } from './anafTokens';
import { checkInvoices } from './checking';
import { reportToAnaf, UPLOAD_AGAIN_AFTER_MS } from './reporting';
import { ANAF_CALLBACK_PATH, type AnafReporting } from './reportingSettings';

// Reporting to ANAF against a fake ANAF (testing/fakeAnaf.ts) that speaks its documented protocol: the OAuth sign-in
// through the back office, uploads, status, the message list, downloads, 429, token refresh, and the faults. Invoices
// are never deleted between tests: ANAF (and the fake) refuse a number it has seen, as a repeat.

const CIF = '12345678';
let anaf: FakeAnaf;
let database: Database;
let app: TestApp;
let owner: { cookie: string; id: string };
let reporting: AnafReporting;

/** The shop's reporting, against the fake; `timeoutMs` short for the tests that leave an upload unanswered. */
const reportingWith = (timeoutMs = 5_000): AnafReporting => ({
  client: anafClient({
    clientId: 'shop-client',
    clientSecret: 'shop-secret',
    env: 'test',
    apiBaseUrl: anaf.apiBaseUrl,
    oauthBaseUrl: anaf.oauthBaseUrl,
    redirectUri: `${TEST_ORIGIN}${ANAF_CALLBACK_PATH}`,
    timeoutMs,
  }),
  cipher: tokenCipher(TEST_AUTH_SECRET),
  cif: CIF,
  everyMs: 0,
});

beforeAll(async () => {
  anaf = await startFakeAnaf({ clientId: 'shop-client', clientSecret: 'shop-secret', cifs: [CIF] });
  database = await createTestDatabase();
  await seedCatalog(database.db);
  reporting = reportingWith();
  app = await buildTestApp(database.db, { listen: database.listen, anaf: reporting });
  owner = await signUpOwner(app, database.db);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await anaf?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
const post = (url: string) => app.inject({ method: 'POST', url, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } });

/** The owner signs in at ANAF from the back office: the page's link, ANAF's certificate sign-in, the callback. */
async function signIn() {
  const { url } = (await post('/api/admin/anaf/sign-in')).json() as { url: string };
  const authorize = new URL(url);
  expect(authorize.pathname).toBe('/anaf-oauth2/v1/authorize');
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ response_type: 'code', client_id: 'shop-client', redirect_uri: `${TEST_ORIGIN}${ANAF_CALLBACK_PATH}`, token_content_type: 'jwt' });
  // ANAF sends the browser back with a code (after the certificate); the browser carries the owner's cookie.
  const back = await fetch(url, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location')!);
  return get(`${callback.pathname}${callback.search}`);
}

/** An invoiced order: placed, shipped (which issues its invoice), checked for e-Factura. Its invoice's row. */
async function invoicedOrder() {
  const order = await placeOrder(database.db, orderRequestSchema.parse(sampleOrder()));
  for (const status of ['confirmed', 'shipped'] as const) {
    const [row] = await database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, order.id));
    const extra = status === 'shipped' ? { carrier: 'Sameday', trackingNumber: `S-${order.number}` } : {};
    const changed = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/status`,
      payload: { to: status, version: row!.version, ...extra },
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  }
  await checkInvoices(database.db);
  const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
  return invoice!;
}

const invoiceRow = async (id: string) => (await database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
/** Makes every invoice due now (the job's waits are minutes). */
const dueNow = () => database.db.update(invoices).set({ anafNextAt: sql`now()` });
/** Rounds until the invoice is done (ok or nok), each after its wait; at most `rounds`. */
async function reportUntilDone(id: string, rounds = 6, with_ = reporting) {
  for (let round = 0; round < rounds && !['ok', 'nok'].includes((await invoiceRow(id)).anafState); round += 1) {
    await dueNow();
    await reportToAnaf(database.db, with_);
  }
  return invoiceRow(id);
}

describe('signing in to ANAF', () => {
  it('from the back office: the OAuth code becomes tokens, kept encrypted; a state that is not this owner’s is refused', async () => {
    expect((await get('/api/admin/anaf')).json()).toMatchObject({ reporting: 'signed_out', env: 'test' });
    expect((await get('/api/admin/dashboard')).json().invoices.anaf).toMatchObject({ reporting: 'signed_out' });
    const answer = await signIn();
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/admin/invoices?anaf=signed-in');
    expect((await get('/api/admin/anaf')).json()).toMatchObject({ reporting: 'signed_in', signedInBy: expect.stringContaining('@example.ro'), problem: null });
    const [row] = await database.db.select().from(anafConnection);
    expect(row!.accessToken.startsWith('v1.')).toBe(true);
    const granted = anaf.requests.filter((request) => request.path === '/anaf-oauth2/v1/token').at(-1)!;
    expect(granted.headers.authorization).toBe(`Basic ${Buffer.from('shop-client:shop-secret').toString('base64')}`);
    expect(new URLSearchParams(granted.body).get('grant_type')).toBe('authorization_code');

    // A forged or stale state: nothing is asked of ANAF, the owner is told.
    const grants = anaf.tokenGrants.authorizationCode;
    const code = anaf.authorize(`${TEST_ORIGIN}${ANAF_CALLBACK_PATH}`);
    const forged = await get(`${ANAF_CALLBACK_PATH}?code=${code}&state=${Date.now() + 60_000}.forged`);
    expect(forged.headers.location).toBe('/admin/invoices?anaf=failed');
    expect((await get(`${ANAF_CALLBACK_PATH}?error=access_denied`)).headers.location).toBe('/admin/invoices?anaf=failed');
    expect(anaf.tokenGrants.authorizationCode).toBe(grants);
    expect((await app.inject({ method: 'GET', url: '/api/admin/anaf' })).statusCode).toBe(401);
  });
});

describe('reporting an invoice', () => {
  beforeAll(async () => {
    if ((await database.db.select().from(anafConnection)).length === 0) await signIn();
  });

  it('uploads it once to uploadb2c, polls stareMesaj until ok, and keeps ANAF’s signed ZIP; the owner sees it ok', async () => {
    const invoice = await invoicedOrder();
    expect(invoice.anafState).toBe('unsent');
    expect(await reportToAnaf(database.db, reporting)).toBe(1);
    const sent = await invoiceRow(invoice.id);
    expect(sent).toMatchObject({ anafState: 'sent', anafUploadIndex: expect.stringMatching(/^\d+$/) });
    const upload = anaf.requests.find((request) => request.path === '/test/FCTEL/rest/uploadb2c')!;
    expect(upload.query).toEqual({ standard: 'UBL', cif: CIF });
    expect(upload.headers.authorization).toMatch(/^Bearer /);
    expect(upload.body).toBe(invoice.xml);
    // Not yet due: its first status call is a minute away.
    expect(await reportToAnaf(database.db, reporting)).toBe(0);

    const done = await reportUntilDone(invoice.id);
    expect(done).toMatchObject({ anafState: 'ok', anafErrors: null, anafDoneAt: expect.any(Date) });
    const files = unzipSync(done.anafZip!);
    expect(Object.keys(files).sort()).toEqual([`${done.anafUploadIndex}.xml`, `semnatura_${done.anafUploadIndex}.xml`]);
    expect(anaf.uploads().filter((upload) => upload.invoiceId === invoice.documentId)).toHaveLength(1);

    const [listed] = (await get('/api/admin/invoices?state=ok')).json().invoices;
    expect(listed).toMatchObject({ documentId: invoice.documentId, anaf: 'ok', anafIndex: done.anafUploadIndex });
    const zip = await get(`/api/admin/invoices/${invoice.id}/anaf.zip`);
    expect(zip.headers['content-type']).toBe('application/zip');

    // The month for the accountant: each invoice's PDF and XML, and ANAF's ZIP of this one.
    const month = invoice.issueDate.slice(0, 7);
    const archive = await get(`/api/admin/invoices.zip?month=${month}`);
    expect(archive.headers['content-disposition']).toBe(`attachment; filename="facturi-${month}.zip"`);
    const archived = unzipSync(archive.rawPayload);
    expect(Object.keys(archived)).toEqual(expect.arrayContaining([`${invoice.documentId}.pdf`, `${invoice.documentId}.xml`, `${invoice.documentId}-anaf.zip`]));
    expect(new TextDecoder().decode(archived[`${invoice.documentId}.xml`])).toBe(invoice.xml);
    expect(Buffer.from(archived[`${invoice.documentId}.pdf`]!).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('/api/admin/invoices.zip?month=2001-01')).json()).toMatchObject({ message: 'No invoices were issued that month.' });
    expect((await get('/api/admin/invoices.zip')).statusCode).toBe(400);
    expect((await get('/api/admin/invoices?state=unsent')).json().invoices).toEqual([]);
  });

  it('sends a credit note as CN', async () => {
    const invoice = await invoicedOrder();
    await reportUntilDone(invoice.id);
    const [row] = await database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, invoice.orderId));
    await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${invoice.orderId}/status`,
      payload: { to: 'returned', version: row!.version },
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    await checkInvoices(database.db);
    const [credit] = await database.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect((await reportUntilDone(credit!.id)).anafState).toBe('ok');
    expect(anaf.uploads().find((upload) => upload.invoiceId === credit!.documentId)).toMatchObject({ standard: 'CN', b2c: true });
  });

  it('keeps ANAF’s errors of a refused one and shows them; Send again uploads it anew once the cause is fixed', async () => {
    const invoice = await invoicedOrder();
    anaf.refuseWhenContains(`<cbc:ID>${invoice.documentId}</cbc:ID>`, 'E: validari globale\n eroare regula: R6.1: CIF-ul vanzatorului nu figureaza in baza de date');
    const refused = await reportUntilDone(invoice.id);
    expect(refused).toMatchObject({ anafState: 'nok', anafErrors: [expect.stringContaining('R6.1: CIF-ul vanzatorului nu figureaza')] });
    const [listed] = (await get('/api/admin/invoices?state=nok')).json().invoices;
    expect(listed).toMatchObject({ documentId: invoice.documentId, anaf: 'nok', anafErrors: [expect.stringContaining('R6.1')] });

    // Not for an invoice that is not refused; not for one that does not exist.
    const other = await invoicedOrder();
    expect((await post(`/api/admin/invoices/${other.id}/send-again`)).statusCode).toBe(409);
    expect((await post('/api/admin/invoices/00000000-0000-4000-8000-000000000000/send-again')).statusCode).toBe(404);
    expect((await post(`/api/admin/invoices/${invoice.id}/send-again`)).statusCode).toBe(204);
    expect(await invoiceRow(invoice.id)).toMatchObject({ anafState: 'unsent', anafErrors: null });
  });

  it('keeps ANAF’s refusal of the upload itself (ExecutionStatus 1: no right in SPV for the CIF) as refused, with its message', async () => {
    const invoice = await invoicedOrder();
    const otherCif = { ...reporting, cif: '87654321' };
    await reportToAnaf(database.db, otherCif);
    expect(await invoiceRow(invoice.id)).toMatchObject({ anafState: 'nok', anafUploadIndex: null, anafErrors: ['Nu aveti drept in SPV pentru CIF=87654321'] });
    expect(anaf.uploads().filter((upload) => upload.invoiceId === invoice.documentId)).toEqual([]);
  });

  it('is never uploaded when e-Factura’s rules refuse it', async () => {
    // A Bucharest address without its sector, as orders placed before the checkout asked for it were.
    const order = await placeOrder(
      database.db,
      orderRequestSchema.parse(sampleOrder({ county: 'B', city: 'București', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020452', sector: '2' })),
    );
    await database.db.update(orders).set({ status: 'confirmed', city: 'București' }).where(eq(orders.id, order.id));
    const [row] = await database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, order.id));
    await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/status`,
      payload: { to: 'shipped', version: row!.version, carrier: 'Sameday', trackingNumber: 'X1' },
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    await checkInvoices(database.db);
    const [invalid] = await database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invalid!.problems).not.toEqual([]);
    await dueNow();
    await reportToAnaf(database.db, reporting);
    expect(anaf.uploads().filter((upload) => upload.invoiceId === invalid!.documentId)).toEqual([]);
    expect((await invoiceRow(invalid!.id)).anafState).toBe('unsent');
    expect((await get('/api/admin/invoices?state=invalid')).json().invoices.map((row: { id: string }) => row.id)).toEqual([invalid!.id]);
    expect((await get('/api/admin/invoices?state=unsent')).json().invoices.map((row: { id: string }) => row.id)).not.toContain(invalid!.id);
  });
});

describe('never reporting an invoice twice', () => {
  it('after a timeout once ANAF had it: found in listaMesajePaginatieFactura by its number, not uploaded again', async () => {
    const impatient = reportingWith(300);
    const invoice = await invoicedOrder();
    anaf.hangNextUploads(1);
    await expect(reportToAnaf(database.db, impatient)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await invoiceRow(invoice.id)).toMatchObject({ anafState: 'uploading', anafUploadIndex: null });
    anaf.processAll();
    const found = await reportUntilDone(invoice.id);
    expect(found).toMatchObject({ anafState: 'ok', anafUploadIndex: anaf.uploads().find((upload) => upload.invoiceId === invoice.documentId)!.index });
    expect(anaf.uploads().filter((upload) => upload.invoiceId === invoice.documentId)).toHaveLength(1);
    expect(anaf.requests.some((request) => request.path === '/test/FCTEL/rest/listaMesajePaginatieFactura' && request.query.cif === CIF)).toBe(true);
  });

  it('after a timeout while ANAF still processes it: uploaded again only an hour on, and ANAF’s “already sent” answer points at the first upload', async () => {
    const impatient = reportingWith(300);
    const invoice = await invoicedOrder();
    anaf.hangNextUploads(1);
    await expect(reportToAnaf(database.db, impatient)).rejects.toMatchObject({ kind: 'unavailable' });
    const first = anaf.uploads().find((upload) => upload.invoiceId === invoice.documentId)!;
    // Looked for, not found (ANAF has not finished it): not uploaded again yet.
    await dueNow();
    await reportToAnaf(database.db, reporting);
    expect(await invoiceRow(invoice.id)).toMatchObject({ anafState: 'uploading' });
    expect(anaf.uploads().filter((upload) => upload.invoiceId === invoice.documentId)).toHaveLength(1);
    // An hour on: uploaded again; ANAF refuses the repeat, naming the first, whose outcome becomes the invoice's.
    await database.db
      .update(invoices)
      .set({ anafUploadStartedAt: new Date(Date.now() - UPLOAD_AGAIN_AFTER_MS - 1000) })
      .where(eq(invoices.id, invoice.id));
    const done = await reportUntilDone(invoice.id, 10);
    expect(done).toMatchObject({ anafState: 'ok', anafUploadIndex: first.index });
    expect(
      anaf
        .uploads()
        .filter((upload) => upload.invoiceId === invoice.documentId)
        .map((upload) => upload.outcome),
    ).toEqual(['ok', 'nok']);
  });

  it('with two processes at work: each invoice is uploaded by one of them', async () => {
    const issued = [await invoicedOrder(), await invoicedOrder(), await invoicedOrder()];
    await Promise.all([reportToAnaf(database.db, reporting), reportToAnaf(database.db, reporting)]);
    for (const invoice of issued) expect(anaf.uploads().filter((upload) => upload.invoiceId === invoice.documentId)).toHaveLength(1);
  });

  it('on a slow ANAF day: a process whose batch outlived its lease uploads none of the invoices another process took meanwhile', async () => {
    const issued = [await invoicedOrder(), await invoicedOrder(), await invoicedOrder()];
    anaf.slowDown(400);
    const before = anaf.requests.length;
    try {
      const first = reportToAnaf(database.db, reporting);
      await vi.waitFor(() => expect(anaf.requests.slice(before).some((request) => request.path.endsWith('/uploadb2c'))).toBe(true), { timeout: 5_000, interval: 20 });
      // The first process is still at its first upload when its leases run out (a batch slower than its lease).
      await database.db
        .update(invoices)
        .set({ anafLeaseUntil: sql`now() - interval '1 second'` })
        .where(
          inArray(
            invoices.id,
            issued.map((invoice) => invoice.id),
          ),
        );
      await Promise.all([first, reportToAnaf(database.db, reporting)]);
    } finally {
      anaf.slowDown(0);
    }
    for (const invoice of issued) expect(anaf.uploads().filter((upload) => upload.invoiceId === invoice.documentId)).toHaveLength(1);
  });

  it('on a slow ANAF day: a batch slower than its lease keeps renewing it, so a second process takes none of its invoices', async () => {
    const issued = [await invoicedOrder(), await invoicedOrder(), await invoicedOrder()];
    const shortLease = { ...reporting, leaseSeconds: 1 };
    anaf.slowDown(700);
    try {
      const first = reportToAnaf(database.db, shortLease);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await reportToAnaf(database.db, shortLease)).toBe(0);
      expect(await first).toBe(3);
    } finally {
      anaf.slowDown(0);
    }
    for (const invoice of issued) expect(anaf.uploads().filter((upload) => upload.invoiceId === invoice.documentId)).toHaveLength(1);
  });
});

describe('ANAF as it really answers', () => {
  it('finds a lost upload in the paginated list when the CIF has more than the plain list’s 500 messages', async () => {
    const impatient = reportingWith(300);
    anaf.addOtherMessages(501, new Date(Date.now() - 3_600_000));
    const invoice = await invoicedOrder();
    anaf.hangNextUploads(1);
    await expect(reportToAnaf(database.db, impatient)).rejects.toMatchObject({ kind: 'unavailable' });
    anaf.processAll();
    const found = await reportUntilDone(invoice.id);
    expect(found).toMatchObject({ anafState: 'ok', anafUploadIndex: anaf.uploads().find((upload) => upload.invoiceId === invoice.documentId)!.index });
    expect(anaf.uploads().filter((upload) => upload.invoiceId === invoice.documentId)).toHaveLength(1);
    expect(anaf.requests.some((request) => request.path === '/test/FCTEL/rest/listaMesajePaginatieFactura' && request.query.cif === CIF && request.query.pagina === '1')).toBe(true);
  });

  it('matches a lost upload by the document’s own number, not by a credit note that names it', async () => {
    const impatient = reportingWith(300);
    const invoice = await invoicedOrder();
    const [row] = await database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, invoice.orderId));
    await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${invoice.orderId}/status`,
      payload: { to: 'returned', version: row!.version },
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    await checkInvoices(database.db);
    const [credit] = await database.db.select().from(invoices).where(eq(invoices.correctsId, invoice.id));
    expect(credit!.xml).toContain(`<cbc:ID>${invoice.documentId}</cbc:ID>`);
    // The credit note's upload is lost first, then the invoice's: ANAF lists the credit note's message first.
    const only = (id: string) =>
      database.db
        .update(invoices)
        .set({ anafNextAt: sql`case when ${invoices.id} = ${id} then now() else now() + interval '1 hour' end` })
        .where(inArray(invoices.id, [invoice.id, credit!.id]));
    for (const lost of [credit!, invoice]) {
      await only(lost.id);
      anaf.hangNextUploads(1);
      await expect(reportToAnaf(database.db, impatient)).rejects.toMatchObject({ kind: 'unavailable' });
    }
    anaf.processAll();
    await only(invoice.id);
    await reportToAnaf(database.db, reporting);
    const byNumber = (id: string) => anaf.uploads().find((upload) => upload.invoiceId === id)!.index;
    expect(await invoiceRow(invoice.id)).toMatchObject({ anafState: 'ok', anafUploadIndex: byNumber(invoice.documentId) });
    expect((await reportUntilDone(credit!.id)).anafUploadIndex).toBe(byNumber(credit!.documentId));
  });

  it('retries an upload ANAF answers with its technical error, never records it refused, and never uploads it twice', async () => {
    const invoice = await invoicedOrder();
    anaf.technicalErrorOnNextUploads(1, true);
    await expect(reportToAnaf(database.db, reporting)).rejects.toMatchObject({ kind: 'unavailable', message: 'A aparut o eroare tehnica. Cod: XXX' });
    expect(await invoiceRow(invoice.id)).toMatchObject({ anafState: 'uploading', anafErrors: null });
    anaf.processAll();
    expect((await reportUntilDone(invoice.id)).anafState).toBe('ok');
    expect(anaf.uploads().filter((upload) => upload.invoiceId === invoice.documentId)).toHaveLength(1);
  });

  it('takes ANAF’s 204 as its limit: the upload and the status are tried again later, never recorded refused', async () => {
    const invoice = await invoicedOrder();
    anaf.noContentNext(1);
    await expect(reportToAnaf(database.db, reporting)).rejects.toMatchObject({ kind: 'rate_limited' });
    // Whether ANAF kept it, a 204 does not say: looked for before it is uploaded again, an hour on.
    expect(await invoiceRow(invoice.id)).toMatchObject({ anafState: 'uploading', anafErrors: null });
    await database.db
      .update(invoices)
      .set({ anafUploadStartedAt: new Date(Date.now() - UPLOAD_AGAIN_AFTER_MS - 1000) })
      .where(eq(invoices.id, invoice.id));
    await dueNow();
    await reportToAnaf(database.db, reporting);
    await dueNow();
    await reportToAnaf(database.db, reporting);
    expect((await invoiceRow(invoice.id)).anafState).toBe('sent');
    anaf.noContentNext(1);
    await dueNow();
    await expect(reportToAnaf(database.db, reporting)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect((await invoiceRow(invoice.id)).anafState).toBe('sent');
    expect((await reportUntilDone(invoice.id)).anafState).toBe('ok');
  });

  it('reads the sign-in’s end from the refresh token’s own exp, not an assumed year', async () => {
    anaf.setRefreshTokenSeconds(200 * 86_400);
    try {
      await signIn();
      const { signInEndsAt } = (await get('/api/admin/anaf')).json() as { signInEndsAt: string };
      expect(Math.abs(new Date(signInEndsAt).getTime() - (Date.now() + 200 * 86_400_000))).toBeLessThan(60_000);
    } finally {
      anaf.setRefreshTokenSeconds(31_536_000);
      await signIn();
    }
  });

  it('a refresh ANAF refuses (400 invalid_request) before an upload ends the sign-in: the invoice stays unsent, the owner is asked to sign in again', async () => {
    const invoice = await invoicedOrder();
    await database.db.update(anafConnection).set({ accessExpiresAt: new Date(Date.now() + 86_400_000) });
    anaf.revokeRefreshTokens();
    const uploads = anaf.uploads().length;
    await expect(reportToAnaf(database.db, reporting)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(await invoiceRow(invoice.id)).toMatchObject({ anafState: 'unsent', anafAttempts: 0, anafErrors: null });
    expect(anaf.uploads()).toHaveLength(uploads);
    expect((await get('/api/admin/dashboard')).json().invoices.anaf).toMatchObject({ reporting: 'signed_out', problem: expect.stringContaining('sign in to ANAF again') });
    await signIn();
    expect((await reportUntilDone(invoice.id)).anafState).toBe('ok');
  });
});

describe('the dashboard', () => {
  it('lists the invoices ANAF has not accepted with their last day, warns the day before and on it, and says late after', async () => {
    const invoice = await invoicedOrder();
    const dashboard = async () =>
      (await get('/api/admin/dashboard')).json().invoices as { anaf: { reporting: string }; toReport: { id: string; reportUrgency: string | null; reportDueDay: string }[] };
    const listed = async () => (await dashboard()).toReport.find((row) => row.id === invoice.id);
    expect((await dashboard()).anaf.reporting).toBe('signed_in');
    expect(await listed()).toMatchObject({ reportUrgency: null, reportDueDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // Issued as long ago as to be due today (5 working days, at most 11 calendar days with holidays), then later.
    const today = bucharestDay(new Date());
    let issued = today;
    while (reportDueDay(issued) > today) issued = addDays(issued, -1);
    await database.db.update(invoices).set({ issueDate: issued }).where(eq(invoices.id, invoice.id));
    expect(await listed()).toMatchObject({ reportUrgency: reportDueDay(issued) === today ? 'due' : 'late' });
    await database.db
      .update(invoices)
      .set({ issueDate: addDays(issued, -14) })
      .where(eq(invoices.id, invoice.id));
    expect(await listed()).toMatchObject({ reportUrgency: 'late' });
    expect((await reportUntilDone(invoice.id)).anafState).toBe('ok');
    expect(await listed()).toBeUndefined();
  });
});

describe('ANAF’s limits and tokens', () => {
  it('a 429 puts the invoice off for as long as ANAF says, unsent, and ends the round', async () => {
    const invoice = await invoicedOrder();
    anaf.throttle(1, 120);
    await expect(reportToAnaf(database.db, reporting)).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 120 });
    const row = await invoiceRow(invoice.id);
    expect(row.anafState).toBe('unsent');
    expect(row.anafNextAt.getTime() - Date.now()).toBeGreaterThan(100_000);
    expect((await reportUntilDone(invoice.id)).anafState).toBe('ok');
  });

  it('counts every process’s calls against ANAF’s limit a minute, and waits for the next minute past it', async () => {
    const invoice = await invoicedOrder();
    const calls = anaf.requests.length;
    // Another process has made this minute's one allowed call already.
    const limit = { name: 'anaf:calls', max: 1, windowSeconds: 60 };
    await countHits(database.db, [{ limit, value: CIF }]);
    await expect(reportToAnaf(database.db, { ...reporting, callsPerMinute: 1 })).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    expect(anaf.requests.length).toBe(calls);
    const row = await invoiceRow(invoice.id);
    expect(row.anafState).toBe('unsent');
    expect(row.anafNextAt.getTime()).toBeGreaterThan(Date.now());
    expect((await reportUntilDone(invoice.id)).anafState).toBe('ok');
  });

  it('an access token ANAF no longer takes is refreshed once, by one process, and the refresh token rotates', async () => {
    const invoice = await invoicedOrder();
    const second = await invoicedOrder();
    const [before] = await database.db.select().from(anafConnection);
    const refreshes = anaf.tokenGrants.refresh;
    anaf.expireAccessTokens();
    await Promise.all([reportToAnaf(database.db, reporting, 1), reportToAnaf(database.db, reporting, 1)]);
    expect(anaf.tokenGrants.refresh).toBe(refreshes + 1);
    const [after] = await database.db.select().from(anafConnection);
    expect(after!.refreshToken).not.toBe(before!.refreshToken);
    expect((await reportUntilDone(invoice.id)).anafState).toBe('ok');
    expect((await reportUntilDone(second.id)).anafState).toBe('ok');
  });

  it('a token about to end is refreshed before it is used; a sign-in ANAF no longer takes stops reporting and tells the owner', async () => {
    await database.db.update(anafConnection).set({ accessExpiresAt: new Date(Date.now() + 86_400_000) });
    const refreshes = anaf.tokenGrants.refresh;
    const invoice = await invoicedOrder();
    await reportToAnaf(database.db, reporting);
    expect(anaf.tokenGrants.refresh).toBe(refreshes + 1);
    expect((await invoiceRow(invoice.id)).anafState).toBe('sent');

    // The refresh token is no longer ANAF's (it rotated elsewhere, or a year went by): the owner must sign in again.
    await database.db.update(anafConnection).set({ accessExpiresAt: new Date(Date.now() + 86_400_000), refreshToken: reporting.cipher.seal('not-a-token-anaf-knows') });
    await dueNow();
    await expect(reportToAnaf(database.db, reporting)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect((await get('/api/admin/anaf')).json()).toMatchObject({ reporting: 'signed_out', problem: expect.stringContaining('sign in to ANAF again') });
    expect(await reportToAnaf(database.db, reporting)).toBe(0);
    await signIn();
    expect((await reportUntilDone(invoice.id)).anafState).toBe('ok');
  });
});
