import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { invoices } from '../../../db/schema/invoices';
import { seedCatalog } from '../../../db/seed';
import { orderRequestSchema } from '../../../domain/checkout';
import { freePort, type ShopProcess, startShop } from '../../../scripts/shopProcess';
import { TEST_INVOICING } from '../../../testing/app';
import { sharedTestDatabase } from '../../../testing/database';
import { type FakeAnaf, startFakeAnaf } from '../../../testing/fakeAnaf';
import { sampleOrder } from '../../../testing/sampleOrder';
import { anafClient } from '../../integrations/anaf/client';
import { placeOrder } from '../orders/place';
import { changeOrderStatus } from '../orders/status';
import { saveSignIn, tokenCipher } from './anafTokens';
import { checkInvoices } from './checking';
import { reportToAnaf } from './reporting';
import { ANAF_CALLBACK_PATH, type AnafReporting } from './reportingSettings';

/*
 * A shop process killed with SIGKILL in the middle of an upload to ANAF, after ANAF took the invoice and before its
 * answer came: the invoice is left `uploading`, and the next process finds it among ANAF's messages instead of
 * uploading it again. The shop runs as its own process (the build: npm run build first) against the fake ANAF, on
 * the embedded database's folder or on PostgreSQL as the test run says.
 */
const SECRET = 'anaf-crash-test-secret-0123456789abcdef';
const PUBLIC_URL = 'https://shop.test';
const CIF = '12345678';

let anaf: FakeAnaf;
let shop: ShopProcess | undefined;
const folders: string[] = [];
let dropPostgres: (() => Promise<void>) | undefined;

beforeAll(async () => {
  anaf = await startFakeAnaf({ clientId: 'crash-client', clientSecret: 'crash-secret', cifs: [CIF] });
});
afterAll(async () => {
  await shop?.stop('SIGKILL');
  await anaf?.close();
  await dropPostgres?.();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const reporting = (): AnafReporting => ({
  client: anafClient({
    clientId: 'crash-client',
    clientSecret: 'crash-secret',
    env: 'test',
    apiBaseUrl: anaf.apiBaseUrl,
    oauthBaseUrl: anaf.oauthBaseUrl,
    redirectUri: `${PUBLIC_URL}${ANAF_CALLBACK_PATH}`,
  }),
  cipher: tokenCipher(SECRET),
  cif: CIF,
  everyMs: 0,
});

/** A signed-in shop with one shipped, checked invoice, in `database`; the invoice's number. */
async function prepare(database: Database) {
  await seedCatalog(database.db);
  const order = await placeOrder(database.db, orderRequestSchema.parse(sampleOrder()));
  await changeOrderStatus(database.db, order.id, 'confirmed', { actor: 'owner' });
  await changeOrderStatus(database.db, order.id, 'shipped', { actor: 'owner', invoicing: TEST_INVOICING });
  await checkInvoices(database.db);
  const { client, cipher } = reporting();
  await saveSignIn(database.db, cipher, await client.exchangeCode(anaf.authorize(`${PUBLIC_URL}${ANAF_CALLBACK_PATH}`)), 'owner@example.ro');
  const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
  expect(invoice!.problems).toEqual([]);
  return invoice!.documentId;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a process killed mid-upload: the next one finds the invoice at ANAF, and it is uploaded once', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-anaf-crash-'));
  folders.push(dataDir);
  const target = await sharedTestDatabase(dataDir);
  dropPostgres = target.drop;
  let database = await target.open();
  const documentId = await prepare(database);
  if (!target.shared) await database.close();

  // The shop's first round uploads the invoice at once; ANAF takes it and never answers: the process is killed then.
  anaf.hangNextUploads(1);
  shop = await startShop(await freePort(), {
    DATA_DIR: dataDir,
    WEB_ROOT: './no-web-app',
    AUTH_SECRET: SECRET,
    PUBLIC_URL,
    ...target.env,
    ANAF_CLIENT_ID: 'crash-client',
    ANAF_CLIENT_SECRET: 'crash-secret',
    ANAF_ENV: 'test',
    ANAF_BASE_URL: anaf.apiBaseUrl,
    ANAF_OAUTH_URL: anaf.oauthBaseUrl,
    COMPANY_CUI: `RO${CIF}`,
    LOG_LEVEL: 'error',
  });
  for (let waited = 0; anaf.uploads().length === 0; waited += 100) {
    if (waited > 20_000) throw new Error('the shop never uploaded the invoice');
    await sleep(100);
  }
  await shop.stop('SIGKILL');
  shop = undefined;

  if (!target.shared) database = await target.open();
  try {
    const [left] = await database.db.select().from(invoices);
    expect(left).toMatchObject({ anafState: 'uploading', anafUploadIndex: null });
    // Its lease runs out (five minutes); ANAF finishes processing it meanwhile.
    await database.db.update(invoices).set({ anafLeaseUntil: sql`now() - interval '1 second'`, anafNextAt: sql`now()` });
    anaf.processAll();
    await reportToAnaf(database.db, reporting());
    const [found] = await database.db.select().from(invoices);
    expect(found).toMatchObject({ anafState: 'ok', anafUploadIndex: anaf.uploads()[0]!.index });
    expect(anaf.uploads().filter((upload) => upload.invoiceId === documentId)).toHaveLength(1);
  } finally {
    await database.close();
  }
}, 90_000);
