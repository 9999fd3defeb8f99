import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { jobRounds } from '../db/schema/operations';
import { TEST_SHOP } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { createFileMailer } from './integrations/mail';
import { lateJobs } from './jobRounds';
import { JOBS, type JobContext, startJobs } from './jobs';
import type { Backups } from './modules/backups/settings';
import type { Checkout } from './modules/checkout/service';
import { orderMailSource } from './modules/orders/mailData';
import { NO_COURIERS } from './modules/shipping/couriers';
import { VisitCounter } from './modules/visits/counter';
import { everyFewSeconds, inJob } from './rounds';

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
  secret: 'test-secret-that-is-at-least-32-characters-long',
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

  it('the process that sends mail makes the daily backup when it is on', async () => {
    // Never due (no hour is 24 or later): its rounds look and do nothing.
    const backups = { hour: 24 } as Backups;
    const jobs = await startJobs(context({ process: 'worker', mail: mail(), backups }));
    await jobs.stop();
    expect(jobs.names).toContain('daily backup');
    const serving = await startJobs(context({ backups }));
    await serving.stop();
    expect(serving.names).not.toContain('daily backup');
  });

  it('writes when each watched job last finished a round, and the dashboard is told of one that is late', async () => {
    await database.db.delete(jobRounds);
    const before = new Date();
    const jobs = await startJobs(context({ process: 'worker', mail: mail() }));
    await jobs.stop();
    // Written as the jobs stop (else once a minute): the outbox's and the invoice checks' first rounds.
    const rows = await database.db.select().from(jobRounds);
    expect(rows.map((row) => row.job).sort()).toEqual(['invoice checks', 'mail outbox']);
    for (const row of rows) expect(row.finishedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());

    const expected = ['mail outbox', 'invoice checks'];
    expect(await lateJobs(database.db, expected, new Date(Date.now() + 5 * 60_000))).toEqual([]);
    // Eleven minutes without a round: the outbox (10) is late, the invoice checks (15) not yet.
    const late = await lateJobs(database.db, expected, new Date(Date.now() + 11 * 60_000));
    expect(late.map((row) => row.job)).toEqual(['mail outbox']);
    // A job not expected in this shop (ANAF not set up) is never told.
    expect(await lateJobs(database.db, ['ANAF reporting'], new Date(Date.now() + 60 * 60_000))).toEqual([]);
  });

  it('a round that fails is not a finished round', async () => {
    const finished: string[] = [];
    let fail = true;
    const rounds = inJob(
      () => finished.push('done'),
      () =>
        everyFewSeconds(
          async () => {
            if (fail) throw new Error('SMTP refused');
          },
          10,
          () => undefined,
        ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toEqual([]);
    fail = false;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await rounds.stop();
    expect(finished.length).toBeGreaterThan(0);
  });
});
