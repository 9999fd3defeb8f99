/**
 * `npm run worker` (server/worker.ts) beside a serving process started with MAIL_WORKER=true, on PostgreSQL, both
 * from the build as an owner runs them: the serving process writes the order's mails and never sends one; the
 * worker sends them all to the SMTP server, each to its recipient, and stops cleanly on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { freePort, type ShopProcess, startShop } from '../scripts/shopProcess';
import { createPostgresDatabase } from '../testing/database';
import { type FakeSmtp, startFakeSmtp } from '../testing/fakeSmtp';
import { NO_ORDER_LIMITS, type OrderAttempt, postOrder } from '../testing/orderStream';
import { sampleOrder } from '../testing/sampleOrder';
import { MAIL_POLL_MS } from './modules/mail/delivery';

const ORDERS = 10;
const OWNER = 'owner-worker@example.ro';

describe.skipIf(process.env.TEST_DATABASE !== 'postgres')('the mail worker (PostgreSQL)', () => {
  let smtp: FakeSmtp;
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let shop: ShopProcess | undefined;
  let worker: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-worker-'));

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    target = await createPostgresDatabase();
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await shop?.stop('SIGKILL');
    await smtp?.stop();
    await target?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends every mail the serving processes write, which send none themselves', async () => {
    const env = {
      DATABASE_URL: target.url,
      DATA_DIR: dataDir,
      WEB_ROOT: './no-web-app',
      AUTH_SECRET: 'worker-test-secret-0123456789abcdef0123',
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      LOG_LEVEL: 'warn',
      ...NO_ORDER_LIMITS,
    };
    shop = await startShop(await freePort(), { ...env, MAIL_WORKER: 'true' });
    const placed = await Promise.all(Array.from({ length: ORDERS }, (_, n) => postOrder(shop!.origin, sampleOrder({ email: `worker-${n}@example.ro` }) as OrderAttempt['body'])));
    expect(placed.map((attempt) => attempt.status)).toEqual(placed.map(() => 201));

    // Three of its delivery loop's turns: the serving process would have sent by now; it has not even leased one.
    await new Promise((resolve) => setTimeout(resolve, 3 * MAIL_POLL_MS));
    const database = await openPostgres({ connectionString: target.url, max: 1 });
    try {
      const waiting = await database.db.select().from(outbox);
      expect(waiting).toHaveLength(ORDERS * 2);
      expect(waiting.every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true);
      expect(smtp.mails).toHaveLength(0);

      worker = spawn(process.execPath, ['scripts/launch.mjs', 'worker'], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
      const mails = await smtp.waitFor(ORDERS * 2, 20_000);
      const recipients = mails.map((mail) => mail.to.join()).sort();
      expect(recipients).toEqual([...Array.from({ length: ORDERS }, (_, n) => `worker-${n}@example.ro`), ...Array(ORDERS).fill(OWNER)].sort());

      const running = worker;
      const exitCode = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      expect(await exitCode).toBe(0);
      const sent = await database.db.select().from(outbox);
      expect(sent.every((row) => row.status === 'sent')).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});
