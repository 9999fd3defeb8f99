import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { outbox } from '../../../db/schema/outbox';
import { createTestDatabase } from '../../../testing/database';
import { type FakeSmtp, startFakeSmtp } from '../../../testing/fakeSmtp';
import { createSmtpMailer } from '../../integrations/mail';
import { type Delivery, deliverDueMails, enqueueMail, MAIL_BATCH, messageIdOf, processIsBusy, retryDelaySeconds, startDeliveryLoop } from './outbox';

let database: Database;
let smtp: FakeSmtp;
const warnings: string[] = [];
const log = { info: () => undefined, warn: (details: object, message: string) => warnings.push(`${message} ${JSON.stringify(details)}`) };

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(outbox);
  smtp.mails.length = 0;
  warnings.length = 0;
});

function delivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    db: database.db,
    mailer: createSmtpMailer({ url: smtp.url, from: 'shop@example.ro', timeoutMs: 2000 }),
    render: async (row) => ({ subject: `${row.kind} ${row.data.n ?? ''}`.trim(), text: `Hello ${row.recipient}`, html: `<p>Hello ${row.recipient}</p>` }),
    domain: 'shop.example.ro',
    log,
    ...overrides,
  };
}

const rows = () => database.db.select().from(outbox).orderBy(outbox.id);

describe('the outbox', () => {
  it('keeps the confirmation of an account deleted or details erased without its address, once sent (issue 48)', async () => {
    await enqueueMail(database.db, { kind: 'account_deleted', recipient: 'gone@example.ro' }, { kind: 'details_erased', recipient: 'erased@example.ro', data: { number: '10001' } });
    await enqueueMail(database.db, { kind: 'order_placed', recipient: 'kept@example.ro' });
    const job = delivery();
    await deliverDueMails(job);
    job.mailer.close();
    expect(smtp.mails.flatMap((mail) => mail.to).sort()).toEqual(['erased@example.ro', 'gone@example.ro', 'kept@example.ro']);
    expect((await rows()).map((row) => [row.kind, row.status, row.recipient])).toEqual([
      ['account_deleted', 'sent', ''],
      ['details_erased', 'sent', ''],
      ['order_placed', 'sent', 'kept@example.ro'],
    ]);
  });

  it('sends each due mail once, with a Message-ID stable per row, and marks it sent', async () => {
    for (let n = 1; n <= 120; n += 1) await enqueueMail(database.db, { kind: 'test', recipient: `c${n}@example.ro`, data: { n: String(n) } });
    const job = delivery();
    let total = 0;
    for (let round = 0; round < 50 && total < 120; round += 1) total += (await deliverDueMails(job)).sent;
    job.mailer.close();
    expect(total).toBe(120);
    expect((await deliverDueMails(job)).leased).toBe(0);
    const stored = await rows();
    expect(stored.every((row) => row.status === 'sent' && row.sentAt !== null && row.attempts === 1)).toBe(true);
    expect(smtp.mails.map((mail) => mail.subject).sort()).toEqual(stored.map((row) => `test ${row.data.n}`).sort());
    expect(smtp.mails.map((mail) => mail.messageId).sort()).toEqual(stored.map((row) => messageIdOf(row, 'shop.example.ro')).sort());
  });

  it('shares the work between processes without sending any mail twice', async () => {
    for (let n = 1; n <= 100; n += 1) await enqueueMail(database.db, { kind: 'test', recipient: `p${n}@example.ro`, data: { n: String(n) } });
    const [one, two] = [delivery(), delivery()];
    const results = await Promise.all([deliverDueMails(one, 30), deliverDueMails(two, 30), deliverDueMails(one, 30), deliverDueMails(two, 30)]);
    const leased = results.reduce((sum, result) => sum + result.leased, 0);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(leased);
    while ((await deliverDueMails(one)).leased > 0);
    one.mailer.close();
    two.mailer.close();
    await smtp.waitFor(100);
    expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(100);
    expect(smtp.mails).toHaveLength(100);
  });

  it('keeps mails while SMTP is down, retries later with growing delays, and sends them once it is back', async () => {
    await enqueueMail(database.db, { kind: 'test', recipient: 'ana@example.ro' });
    await smtp.stop();
    const job = delivery();
    expect(await deliverDueMails(job)).toEqual({ sent: 0, failed: 1, leased: 1 });
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, leasedUntil: null });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED/);
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(warnings.join('\n')).not.toContain('ana@example.ro');
    // Not due yet: nothing is tried.
    expect((await deliverDueMails(job)).leased).toBe(0);

    await smtp.start();
    await database.db.update(outbox).set({ nextAttemptAt: sql`now()` });
    expect(await deliverDueMails(job)).toEqual({ sent: 1, failed: 0, leased: 1 });
    expect(smtp.mails).toHaveLength(1);
    expect([retryDelaySeconds(1), retryDelaySeconds(2), retryDelaySeconds(3), retryDelaySeconds(20)]).toEqual([30, 60, 120, 3600]);
  });

  it('gives a mail up as failed a day after it was written', async () => {
    await enqueueMail(database.db, { kind: 'test', recipient: 'ana@example.ro' });
    await database.db.update(outbox).set({ createdAt: sql`now() - interval '25 hours'` });
    smtp.refuse(true);
    await deliverDueMails(delivery());
    smtp.refuse(false);
    const [given] = await rows();
    expect(given).toMatchObject({ status: 'failed', attempts: 1 });
    expect(given!.lastError).toMatch(/451/);
  });

  it('sends again, under the same Message-ID, a mail whose sender died mid-send (its lease ran out)', async () => {
    await enqueueMail(database.db, { kind: 'test', recipient: 'ana@example.ro' });
    const dying = delivery({ render: () => new Promise(() => undefined) });
    void deliverDueMails(dying); // leases the row and never finishes, as a killed process
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await deliverDueMails(delivery())).leased).toBe(0); // leased by the other one
    await database.db.update(outbox).set({ leasedUntil: sql`now() - interval '1 second'` });
    expect((await deliverDueMails(delivery())).sent).toBe(1);
    const [row] = await rows();
    expect(smtp.mails[0]!.messageId).toBe(messageIdOf(row!, 'shop.example.ro'));
    expect(row!.attempts).toBe(2);
  });

  it('renews the leases of a slow send while it lasts, so no other process sends it meanwhile', async () => {
    await enqueueMail(database.db, { kind: 'test', recipient: 'ana@example.ro' });
    smtp.slowDown(1500);
    try {
      // A 0.5 s lease renewed every 167 ms outlives a 1.5 s send; unrenewed it would have run out.
      const slow = deliverDueMails(delivery({ leaseSeconds: 0.5 }));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await deliverDueMails(delivery({ leaseSeconds: 0.5 }))).leased).toBe(0);
      expect(await slow).toEqual({ sent: 1, failed: 0, leased: 1 });
    } finally {
      smtp.slowDown(0);
    }
    expect(smtp.mails).toHaveLength(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, leasedUntil: null });
  });

  it('runs as a loop that a new mail wakes, and stops cleanly', async () => {
    const loop = startDeliveryLoop(delivery(), 60_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await enqueueMail(database.db, { kind: 'test', recipient: 'ana@example.ro' });
      loop.wake();
      await smtp.waitFor(1, 5000);
    } finally {
      // A loop left running would send the next tests' mails.
      await loop.stop();
    }
    const [row] = await database.db.select().from(outbox).where(eq(outbox.recipient, 'ana@example.ro'));
    expect(row!.status).toBe('sent');
  });

  it('keeps a wake that comes during a batch: the mail written meanwhile goes right after it, not an interval later', async () => {
    await enqueueMail(database.db, { kind: 'test', recipient: 'first@example.ro' });
    let batchUnderWay!: () => void;
    const underWay = new Promise<void>((resolve) => {
      batchUnderWay = resolve;
    });
    let finishBatch!: () => void;
    const finished = new Promise<void>((resolve) => {
      finishBatch = resolve;
    });
    const plain = delivery();
    const held: Delivery = {
      ...plain,
      render: async (row) => {
        if (row.recipient === 'first@example.ro') {
          batchUnderWay();
          await finished;
        }
        return plain.render(row);
      },
    };
    const loop = startDeliveryLoop(held, 600_000);
    try {
      await underWay;
      await enqueueMail(database.db, { kind: 'test', recipient: 'second@example.ro' });
      loop.wake();
      finishBatch();
      await smtp.waitFor(2, 10_000);
      expect(smtp.mails.map((mail) => mail.to[0])).toEqual(['first@example.ro', 'second@example.ro']);
    } finally {
      await loop.stop();
    }
  });

  it('gives way while the process is busy: one batch per interval, then the rest once it is quiet', async () => {
    for (let n = 1; n <= 60; n += 1) await enqueueMail(database.db, { kind: 'test', recipient: `b${n}@example.ro` });
    let busy = true;
    // An interval longer than the test: each further turn is a wake-up (as when its interval ends).
    const loop = startDeliveryLoop(delivery(), 600_000, async () => busy);
    const sent = async () => (await rows()).filter((row) => row.status === 'sent').length;
    const sentAfterWaiting = async (atLeast: number) => {
      for (let wait = 0; wait < 100 && (await sent()) < atLeast; wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      // A moment more: a loop that did not give way would send further batches meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return sent();
    };
    try {
      expect(await sentAfterWaiting(MAIL_BATCH)).toBe(MAIL_BATCH);
      loop.wake();
      expect(await sentAfterWaiting(2 * MAIL_BATCH)).toBe(2 * MAIL_BATCH);
      busy = false;
      loop.wake();
      expect(await sentAfterWaiting(60)).toBe(60);
      expect(smtp.mails).toHaveLength(60);
    } finally {
      await loop.stop();
    }
  });
});

describe('telling a busy process', () => {
  it('is busy while its event loop works most of the time, and not when it is idle', async () => {
    expect(await processIsBusy()).toBe(false);
    // Work for 40 ms out of every 45, as a stream of requests would keep it.
    const work = setInterval(() => {
      const until = performance.now() + 40;
      while (performance.now() < until);
    }, 45);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await processIsBusy()).toBe(true);
    } finally {
      clearInterval(work);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await processIsBusy()).toBe(false);
  });
});
