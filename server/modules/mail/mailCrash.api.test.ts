import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../../db/client';
import { LOCK_STALE_MS } from '../../../db/dataFolderLock';
import { outbox } from '../../../db/schema/outbox';
import { freePort, type ShopProcess, startShop } from '../../../scripts/shopProcess';
import { createPostgresDatabase } from '../../../testing/database';
import { type CaughtMail, type FakeSmtp, startFakeSmtp } from '../../../testing/fakeSmtp';
import { NO_ORDER_LIMITS, type OrderAttempt, postOrder } from '../../../testing/orderStream';
import { sampleOrder } from '../../../testing/sampleOrder';
import { SMTP_CONNECTIONS } from '../../integrations/mail';
import { LEASE_SECONDS, messageIdOf } from './outbox';

/*
 * Issue 12, "email that is never lost": a shop process killed with SIGKILL while it sends. After
 * the restart every mail is delivered; only the rows the killed process was sending may arrive
 * twice, under the same Message-ID. The shop runs as its own process (server/main.ts) against the
 * SMTP server of this test, slowed down so that sending is under way when the kill comes.
 */
const ORDERS = 30;
const OWNER = 'owner-crash@example.ro';
/** Each mail takes this long to be accepted until the kill (then SMTP is fast again). */
const SLOW_SMTP_MS = 400;
/** One public address for every process (they listen on different ports), as behind a load balancer. */
const PUBLIC_URL = 'http://shop.test';
/** Message-IDs end in the public address's host. */
const MESSAGE_ID_DOMAIN = 'shop.test';

let smtp: FakeSmtp;
const shops: ShopProcess[] = [];
const folders: string[] = [];

beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  for (const shop of shops) await shop.stop('SIGKILL');
  await smtp?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function shopEnv(extra: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-mail-crash-'));
  folders.push(dataDir);
  return {
    DATA_DIR: dataDir,
    WEB_ROOT: './no-web-app',
    AUTH_SECRET: 'mail-crash-test-secret-0123456789abcdef',
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    OWNER_EMAIL: OWNER,
    ...NO_ORDER_LIMITS,
    ...extra,
  };
}

async function start(env: Record<string, string>, timeoutMs?: number) {
  const shop = await startShop(await freePort(), env, timeoutMs);
  shops.push(shop);
  return shop;
}

/** Places ORDERS cash orders at once; each is answered 201 and makes two mails. */
async function placeOrders(origin: string) {
  const placed = await Promise.all(Array.from({ length: ORDERS }, (_, n) => postOrder(origin, sampleOrder({ email: `crash-${n}@example.ro` }) as OrderAttempt['body'])));
  expect(placed.map((attempt) => attempt.status)).toEqual(placed.map(() => 201));
  return placed.map((attempt) => ({ id: attempt.id!, email: attempt.body.email }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const distinctIds = () => new Set(smtp.mails.map((mail) => mail.messageId)).size;

async function waitForDistinctMails(count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (distinctIds() < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} different mails, got ${distinctIds()} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * Kills `victim` once a third of the mails have arrived (the rest queued or on their way), then
 * makes SMTP fast again and returns how many had arrived at the kill.
 */
async function killWhileSending(victim: ShopProcess) {
  await smtp.waitFor((ORDERS * 2) / 3, 30_000);
  await victim.stop('SIGKILL');
  smtp.slowDown(0);
  const atKill = distinctIds();
  expect(atKill).toBeLessThan(ORDERS * 2);
  return atKill;
}

/** What the outbox and the SMTP server say once every shop process has stopped cleanly. */
async function expectEveryMailOnceOrInFlight(database: Database, orders: { id: string; email: string }[]) {
  const rows = await database.db.select().from(outbox).orderBy(outbox.id);
  expect(rows).toHaveLength(ORDERS * 2);
  expect(rows.every((row) => row.status === 'sent')).toBe(true);

  const received = new Map<string, CaughtMail[]>();
  for (const mail of smtp.mails) received.set(mail.messageId ?? '', [...(received.get(mail.messageId ?? '') ?? []), mail]);
  const idOf = (row: (typeof rows)[number]) => messageIdOf(row, MESSAGE_ID_DOMAIN);
  expect([...received.keys()].sort()).toEqual(rows.map(idOf).sort());

  // Every order's two mails arrived: the customer's to the customer, the owner's alert to OWNER_EMAIL.
  for (const order of orders) {
    const mine = rows.filter((row) => row.orderId === order.id);
    expect(mine.map((row) => row.recipient).sort()).toEqual([order.email, 'owners'].sort());
    for (const row of mine) {
      const [mail] = received.get(idOf(row))!;
      expect(mail!.to).toEqual([row.recipient === 'owners' ? OWNER : order.email]);
    }
  }

  // A row was leased again (attempts 2) only if the killed process held it: it was being sent at the
  // kill. Those are at most one batch (usually a few: the kill comes mid-batch, though it may fall
  // between two), the only mails that may have arrived twice, and never thrice.
  const inFlight = new Set(rows.filter((row) => row.attempts > 1).map(idOf));
  expect(rows.every((row) => row.attempts <= 2)).toBe(true);
  expect(inFlight.size).toBeLessThanOrEqual(SMTP_CONNECTIONS);
  const twice = [...received].filter(([, copies]) => copies.length > 1);
  for (const [messageId, copies] of twice) {
    expect(inFlight.has(messageId), `${messageId} arrived twice but was not in flight`).toBe(true);
    expect(copies).toHaveLength(2);
    const [first, second] = copies;
    expect({ to: second!.to, subject: second!.subject, text: second!.text }).toEqual({ to: first!.to, subject: first!.subject, text: first!.text });
  }
}

describe.skipIf(process.env.TEST_DATABASE === 'postgres')('a shop killed while sending mail (embedded database)', () => {
  it('delivers every mail after the restart; only the mails in flight may come twice, under the same Message-ID', async () => {
    const env = shopEnv({});
    smtp.mails.length = 0;
    smtp.slowDown(SLOW_SMTP_MS);
    const first = await start(env);
    const orders = await placeOrders(first.origin);
    await killWhileSending(first);

    // The killed process's lock goes stale first; its leases run out meanwhile or soon after.
    const killedAt = Date.now();
    const restarted = await start(env, LOCK_STALE_MS + 30_000);
    await waitForDistinctMails(ORDERS * 2, LEASE_SECONDS * 1000 + 15_000);
    // Every mail has come once; a mail in flight at the kill may have come from the killed process
    // and be sent again once its lease runs out, within LEASE_SECONDS of the kill (the database
    // cannot be read while the shop holds it, so wait that long, plus a poll and a send).
    await sleep(killedAt + LEASE_SECONDS * 1000 + 3_000 - Date.now());

    await restarted.stop('SIGTERM');
    const database = await openPglite(path.join(env.DATA_DIR, 'pglite'));
    try {
      await expectEveryMailOnceOrInFlight(database, orders);
    } finally {
      await database.close();
    }
  }, 90_000);
});

describe.skipIf(process.env.TEST_DATABASE !== 'postgres')('a shop killed while sending mail (PostgreSQL, two processes)', () => {
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  beforeAll(async () => {
    target = await createPostgresDatabase();
  });
  afterAll(async () => {
    for (const shop of shops) await shop.stop('SIGKILL');
    await target?.drop();
  });

  it('the other process goes on, the restarted one joins, every mail arrives; only the killed one’s mails in flight may come twice', async () => {
    const env = shopEnv({ DATABASE_URL: target.url });
    smtp.mails.length = 0;
    smtp.slowDown(SLOW_SMTP_MS);
    const [victim, other] = await Promise.all([start(env), start(env)]);
    const orders = await placeOrders(victim.origin);
    const database = await openPostgres({ connectionString: target.url, max: 2 });
    try {
      await killWhileSending(victim);
      const killedAt = Date.now();
      // No process holds more rows than it is sending: no batch waits leased behind the ones in flight.
      const leased = await database.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), sql`${outbox.leasedUntil} > now()`));
      expect(leased.length).toBeLessThanOrEqual(2 * SMTP_CONNECTIONS);

      // No lock to wait for: the rows the killed process was sending come back when their lease runs out.
      const restarted = await start(env);
      for (let unsent = ORDERS * 2; unsent > 0; ) {
        if (Date.now() - killedAt > LEASE_SECONDS * 1000 + 15_000) throw new Error(`${unsent} mails still unsent ${Date.now() - killedAt} ms after the kill`);
        await sleep(200);
        unsent = (await database.db.select({ id: outbox.id }).from(outbox).where(ne(outbox.status, 'sent'))).length;
      }
      await Promise.all([other.stop('SIGTERM'), restarted.stop('SIGTERM')]);
      await expectEveryMailOnceOrInFlight(database, orders);
    } finally {
      await database.close();
    }
  }, 90_000);
});
