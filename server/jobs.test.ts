import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { TEST_SHOP } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { createFileMailer } from './integrations/mail';
import { JOBS, type JobContext, startJobs } from './jobs';
import type { Checkout } from './modules/checkout/service';
import { orderMailSource } from './modules/orders/mailData';
import { NO_COURIERS } from './modules/shipping/couriers';
import { VisitCounter } from './modules/visits/counter';

let database: Database;
const folder = mkdtempSync(path.join(tmpdir(), 'jobs-'));
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

const context = (overrides: Partial<JobContext>): JobContext => ({
  db: database.db,
  log: quiet,
  process: 'serving',
  mail: null,
  anaf: null,
  shipping: NO_COURIERS,
  invoicing: null,
  visits: null,
  checkout: null,
  ...overrides,
});
const mail = () => ({
  sending: { mailer: createFileMailer({ folder, from: TEST_SHOP.email }), shop: TEST_SHOP, ownerEmail: null, ownerLocale: 'en' as const },
  orderOf: orderMailSource(database.db, 'test-secret-that-is-at-least-32-characters-long', TEST_SHOP.url),
});

describe('background jobs (server/jobs.ts)', () => {
  it('each says what it does, how often, and which processes run it', () => {
    for (const job of JOBS) {
      expect(job.name).not.toBe('');
      expect(job.does.length, job.name).toBeGreaterThan(20);
      expect(job.every.length, job.name).toBeGreaterThan(5);
      expect(job.runs.length, job.name).toBeGreaterThan(10);
    }
    expect(new Set(JOBS.map((job) => job.name)).size).toBe(JOBS.length);
  });

  it('npm run worker sends mail and checks invoices; it never counts visits, reconciles card orders or tracks parcels', async () => {
    const jobs = await startJobs(context({ process: 'worker', mail: mail(), mailKeepDays: 90 }));
    await jobs.stop();
    expect(jobs.names).toEqual(['mail outbox', 'invoice checks', 'forgetting sent mails']);
  });

  it('a serving process with MAIL_WORKER and no courier counts visits and reconciles card orders, and leaves mail to the worker', async () => {
    // Reconciliation's first round is five minutes away: the checkout is never called here.
    const jobs = await startJobs(context({ visits: new VisitCounter(database.db), checkout: {} as Checkout }));
    await jobs.stop();
    expect(jobs.names).toEqual(['visit counts', 'card order reconciliation']);
  });

  it('a serving process that sends mail runs the outbox and the invoice checks too', async () => {
    const jobs = await startJobs(context({ mail: mail(), visits: new VisitCounter(database.db), checkout: {} as Checkout }));
    await jobs.stop();
    expect(jobs.names).toEqual(['mail outbox', 'invoice checks', 'visit counts', 'card order reconciliation']);
  });
});
