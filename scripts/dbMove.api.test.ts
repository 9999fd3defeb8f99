import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client';
import { type Contents, differences, readContents, runOn, runOnClient } from '../db/contents';
import { tablesIn } from '../db/move';
import { productImages } from '../db/schema/catalog';
import { discountCodes } from '../db/schema/discounts';
import { invoices } from '../db/schema/invoices';
import { orderEvents, orders } from '../db/schema/orders';
import { seedCatalog } from '../db/seed';
import { buildTestApp, signUpOwner, TEST_ORIGIN, type TestApp, testUploadsDir } from '../testing/app';
import { createPostgresDatabase } from '../testing/database';
import { ownerApi } from '../testing/ownerApi';
import { ownerCommand } from '../testing/ownerCommand';

/**
 * `npm run db:move` as the owner runs it (the build, through the launcher; `npm test` builds first), from a shop on
 * the embedded database into PostgreSQL 15: only in the PostgreSQL pass (pg_virtualenv), which has a server to move to.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-move-'));
const uploadsDir = testUploadsDir();
const targets: Awaited<ReturnType<typeof createPostgresDatabase>>[] = [];
afterAll(async () => {
  for (const target of targets) await target.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(uploadsDir, { recursive: true, force: true });
});

const launch = (bundle: 'db-move' | 'main', env: NodeJS.ProcessEnv) => ownerCommand(bundle, [], { PORT: '0', AUTH_SECRET: '', ...env }, { timeoutMs: 120_000 });

async function newTarget() {
  const target = await createPostgresDatabase();
  targets.push(target);
  return target;
}

/** The test's own reading of a database: money, documents and image bytes, through drizzle, not through db/contents.ts. */
async function ledger(database: Database) {
  const { db } = database;
  const [money] = await db.select({ count: sql<number>`count(*)::int`, total: sql<number>`sum(${orders.totalAmount})::int`, discount: sql<number>`sum(${orders.discount})::int` }).from(orders);
  return {
    money,
    numbers: (await db.select({ number: orders.number }).from(orders).orderBy(asc(orders.number))).map((row) => row.number),
    documents: (await db.select({ id: invoices.documentId, kind: invoices.kind }).from(invoices).orderBy(asc(invoices.documentId))).map((row) => `${row.kind} ${row.id}`),
    codes: await db.select({ code: discountCodes.code, uses: discountCodes.uses }).from(discountCodes),
    images: (await db.select({ name: productImages.name, data: productImages.data }).from(productImages).orderBy(asc(productImages.name))).map((row) => [row.name, row.data.toString('base64')]),
  };
}

interface Shop {
  app: TestApp;
  api: ReturnType<typeof ownerApi>;
  /** A request as the owner. */
  asOwner(method: 'POST', url: string, payload: Buffer | object, headers?: Record<string, string>): Promise<{ statusCode: number; body: string }>;
}

async function withShop<T>(database: Database, use: (shop: Shop) => Promise<T>): Promise<T> {
  const app = await buildTestApp(database.db, { uploadsDir });
  try {
    const { cookie } = await signUpOwner(app, database.db);
    const api = ownerApi({ app, database }, () => ({ cookie }));
    const asOwner: Shop['asOwner'] = (method, url, payload, headers = {}) => app.inject({ method, url, payload, headers: { cookie, origin: TEST_ORIGIN, ...headers } });
    return await use({ app, api, asOwner });
  } finally {
    await app.close();
  }
}

/** The owner moves an order on, as the order page does. */
async function moveOn(shop: Shop, id: string, to: string, extra: object = {}) {
  const response = await shop.asOwner('POST', `/api/admin/orders/${id}/status`, { to, version: await shop.api.version(id), ...extra });
  expect(response.statusCode, response.body).toBe(200);
}

async function ship(shop: Shop, id: string) {
  await moveOn(shop, id, 'confirmed');
  await moveOn(shop, id, 'shipped', { carrier: 'Sameday', trackingNumber: `S-${id.slice(0, 8)}` });
}

/** What a PostgreSQL database holds, read through db/contents.ts on a connection of its own. */
async function contentsAt(url: string): Promise<{ contents: Contents; tables: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await tablesIn(client);
    return { contents: tables.length ? await readContents(runOnClient(client)) : (null as unknown as Contents), tables };
  } finally {
    await client.end();
  }
}

const pgliteContents = (database: Database) => readContents(runOn(database.db));

const move = (pgliteFolder: string, url: string) => launch('db-move', { DATA_DIR: path.dirname(pgliteFolder), DATABASE_URL: url });

describe.skipIf(process.env.TEST_DATABASE !== 'postgres')('npm run db:move (embedded database → PostgreSQL 15)', () => {
  const folder = path.join(dataDir, 'shop', 'pglite');
  const spare = path.join(dataDir, 'spare', 'pglite');
  const broken = path.join(dataDir, 'broken', 'pglite');

  it('moves a shop with orders, invoices, a credit note, a code in use and an uploaded image, checks it, and the shop goes on there', async () => {
    let shipLater = '';
    const database = await openPglite(folder);
    let original: Contents;
    let before: Awaited<ReturnType<typeof ledger>>;
    try {
      await seedCatalog(database.db);
      await withShop(database, async (shop) => {
        const code = await shop.asOwner('POST', '/api/admin/discount-codes', { code: 'MUTARE10', kind: 'percent', value: 10 });
        expect(code.statusCode, code.body).toBe(201);
        const picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#15803d' } })
          .png()
          .toBuffer();
        const uploaded = await shop.asOwner('POST', '/api/admin/products/1/images', picture, { 'content-type': 'image/png' });
        expect(uploaded.statusCode, uploaded.body).toBe(200);
        const withCode = await shop.api.place({ discountCode: 'mutare10' });
        const returned = await shop.api.place();
        shipLater = (await shop.api.place({ email: 'later@example.ro' })).id;
        await ship(shop, withCode.id);
        await ship(shop, returned.id);
        await moveOn(shop, returned.id, 'returned');
      });
      before = await ledger(database);
      expect(before.documents).toEqual(['invoice SST-0001', 'invoice SST-0002', 'credit_note SST-0003']);
      expect(before.codes).toEqual([{ code: 'MUTARE10', uses: 1 }]);
      expect(before.images.length).toBeGreaterThan(0);
      original = await pgliteContents(database);
    } finally {
      await database.close();
    }
    // Copies of the folder, for the refusals below.
    cpSync(folder, spare, { recursive: true });
    cpSync(folder, broken, { recursive: true });

    const target = await newTarget();
    const moved = await move(folder, target.url);
    expect(moved.output).toContain(`from ${folder} to PostgreSQL, and checked them against the original`);
    expect(moved.output).toMatch(/orders: 3 rows \((?=[^)]*total_amount \d+\.\d\d RON)(?=[^)]*discount 10\.50 RON)/);
    expect(moved.output).toContain('next invoice: SST 4');
    expect(moved.output).toContain(`Set AUTH_SECRET to the contents of ${path.join(path.dirname(folder), 'auth-secret')}`);
    expect(moved.status).toBe(0);

    const copy = await openPostgres({ connectionString: target.url });
    try {
      // Every count, sum, row and image as the original had them.
      expect(differences(original, (await contentsAt(target.url)).contents)).toEqual([]);
      expect(await ledger(copy)).toEqual(before);
      // The moved events carry the move's transaction id, not the old cluster's (which could stand ahead of this one's
      // and hold the back office's live stream back, server/modules/orders/liveOrders.ts).
      const ids = await copy.db.selectDistinct({ tx: sql<string>`${orderEvents.tx}::text` }).from(orderEvents);
      expect(ids).toHaveLength(1);
      // The shop goes on in PostgreSQL: the next invoice follows without a gap, the next order number too, and the
      // back office's live stream reads the moved events (their transaction ids are the move's, not the old cluster's).
      await withShop(copy, async (shop) => {
        await ship(shop, shipLater);
        const next = await shop.api.place();
        expect(next.number).toBe(Math.max(...before.numbers) + 1);
      });
      expect((await ledger(copy)).documents).toEqual(['invoice SST-0001', 'invoice SST-0002', 'credit_note SST-0003', 'invoice SST-0004']);
      const [{ stuck }] = (await copy.db.select({ stuck: sql<number>`count(*)::int` }).from(orderEvents).where(sql`${orderEvents.tx} >= pg_snapshot_xmin(pg_current_snapshot())`)) as [
        { stuck: number },
      ];
      expect(stuck).toBe(0);
    } finally {
      await copy.close();
    }

    // The old folder is marked: the shop will not start on it, and says where its database went.
    expect(existsSync(`${folder}.moved.json`)).toBe(true);
    const started = launch('main', { DATA_DIR: path.dirname(folder), DATABASE_URL: '' });
    expect(started.output).toContain(`The embedded database in ${folder} was moved to PostgreSQL`);
    expect(started.output).toContain('Start the shop with DATABASE_URL set to that database');
    expect(started.status).toBe(1);
    // Nor is it moved twice.
    const again = await move(folder, (await newTarget()).url);
    expect([again.status, again.output]).toEqual([1, expect.stringContaining('Nothing was moved. The embedded database in')]);
    // Three owner commands and a shop started, one after another: more than the default 30 s on a busy 2-core machine.
  }, 90_000);

  it('refuses a database that is not empty, and writes nothing into it', async () => {
    const target = await newTarget();
    const busy = await openPostgres({ connectionString: target.url });
    await seedCatalog(busy.db);
    await busy.close();
    const { contents: held, tables } = await contentsAt(target.url);

    const refused = await move(spare, target.url);
    expect(refused.output).toContain(`Nothing was moved. The PostgreSQL database is not empty (it has ${tables.length} tables, such as`);
    expect(refused.status).toBe(1);
    expect(differences(held, (await contentsAt(target.url)).contents)).toEqual([]);
    expect(existsSync(`${spare}.moved.json`)).toBe(false);
  });

  it('a move that fails part-way leaves the target empty and the folder in use', async () => {
    // A row PostgreSQL refuses (an order line of 100, beyond the 1–99 its check allows), met after the products, orders
    // and more were copied in the move's transaction.
    const database = await openPglite(broken);
    try {
      await database.db.execute(sql`ALTER TABLE order_lines DROP CONSTRAINT order_lines_quantity`);
      await database.db.execute(sql`UPDATE order_lines SET quantity = 100 WHERE id = (SELECT min(id) FROM order_lines)`);
    } finally {
      await database.close();
    }
    const target = await newTarget();
    // Not while a shop holds the folder.
    const running = await openPglite(broken);
    try {
      const refused = await move(broken, target.url);
      expect([refused.status, refused.output]).toEqual([1, expect.stringContaining(`Nothing was moved. The data folder ${broken} is in use by another shop process`)]);
    } finally {
      await running.close();
    }
    const failed = await move(broken, target.url);
    expect(failed.output).toContain('Nothing was moved. The move failed:');
    expect(failed.output).toContain('order_lines_quantity');
    expect(failed.status).toBe(1);
    expect((await contentsAt(target.url)).tables).toEqual([]);
    expect(existsSync(`${broken}.moved.json`)).toBe(false);
    const stillUsed = await openPglite(broken);
    await stillUsed.close();
  });
});
