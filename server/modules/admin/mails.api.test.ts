/**
 * The back office's mails that could not be sent: listed for the owner, counted on the dashboard,
 * and sent again. Failed rows come from real failed deliveries (an SMTP server refusing them).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoices } from '../../../db/schema/invoices';
import { orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { setUpTestApp, signUpCustomer, signUpOwner, TEST_AUTH_SECRET, TEST_ORIGIN, TEST_SHOP } from '../../../testing/app';
import { type FakeSmtp, startFakeSmtp } from '../../../testing/fakeSmtp';
import { sampleOrder } from '../../../testing/sampleOrder';
import { createSmtpMailer } from '../../integrations/mail';
import { type Delivery, deliverDueMails, messageIdOf } from '../mail/outbox';
import { renderOutboxMail } from '../mail/rendering';
import { MAIL_KINDS } from '../mail/service';
import { orderMailSource } from '../orders/mailData';

// No mailer: nothing is sent but what a test delivers itself with deliverDueMails.
const shop = setUpTestApp();
const DOMAIN = new URL(TEST_SHOP.url).hostname;

let smtp: FakeSmtp;
let owner: { email: string; cookie: string };
let customer: { email: string; cookie: string };
const logged: string[] = [];

beforeAll(async () => {
  smtp = await startFakeSmtp();
  owner = await signUpOwner(shop.app, shop.database.db);
  customer = await signUpCustomer(shop.app);
});
afterAll(async () => {
  await smtp?.stop();
});
beforeEach(async () => {
  // Invoices first: an order that has one cannot be deleted.
  await shop.database.db.delete(invoices);
  await shop.database.db.delete(orders);
  await shop.database.db.delete(outbox);
  smtp.mails.length = 0;
  smtp.refuse(false);
  logged.length = 0;
});

/** This process's sender, as the shop's delivery loop makes it, giving up at the first failure (MAIL_GIVE_UP_HOURS=0). */
function delivery(): Delivery {
  const { db } = shop.database;
  const record = (details: object, message: string) => logged.push(`${message} ${JSON.stringify(details)}`);
  return {
    db,
    mailer: createSmtpMailer({ url: smtp.url, from: 'Secret Stash <shop@example.ro>', timeoutMs: 2000 }),
    render: (row) => renderOutboxMail(db, { shop: TEST_SHOP, ownerEmail: null, ownerLocale: 'en', secret: TEST_AUTH_SECRET }, row, orderMailSource(db, TEST_AUTH_SECRET, TEST_SHOP.url)),
    domain: DOMAIN,
    log: { info: record, warn: record },
    giveUpAfterMs: 0,
  };
}

/** Sends what is due once, with the server refusing or accepting; returns what happened. */
async function deliverOnce(refusing: boolean) {
  smtp.refuse(refusing);
  const job = delivery();
  try {
    return await deliverDueMails(job);
  } finally {
    job.mailer.close();
  }
}

/** Places a cash order (its confirmation and the owner's alert go into the outbox); returns its id and number. */
async function place(email = 'ana.failed@example.ro') {
  const response = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email }) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: number };
}

type Who = { cookie: string } | null;
const get = (url: string, who: Who = owner) => shop.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const resend = (id: number | string, who: Who = owner) =>
  shop.app.inject({ method: 'POST', url: `/api/admin/mails/${id}/resend`, headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) } });
const mailsOf = (orderId: string) => shop.database.db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(outbox.id);

describe('status mails', () => {
  it('tell the change they were written for: shipped then delivered while SMTP was down gives both', async () => {
    const { id, number } = await place('moving.on@example.ro');
    const change = async (body: object) => {
      const [row] = await shop.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, id));
      const answer = await shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/status`,
        headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
        payload: { ...body, version: row!.version },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await change({ to: 'confirmed' });
    await change({ to: 'shipped', carrier: 'Sameday', trackingNumber: 'SD-42' });
    await change({ to: 'delivered' });
    // Nothing was sent meanwhile; now every mail goes at once.
    expect(await deliverOnce(false)).toMatchObject({ sent: 4, failed: 0 });
    // Sent side by side (several SMTP connections): which arrives first is not the point, that each says its own step.
    const toCustomer = smtp.mails.filter((mail) => mail.to.includes('moving.on@example.ro'));
    expect(toCustomer.map((mail) => mail.subject).sort()).toEqual([`Your order ${number} at Secret Stash`, `Your order ${number} is on its way`, `Your order ${number} was delivered`]);
    expect(toCustomer.find((mail) => mail.subject.endsWith('is on its way'))!.text).toContain('Sameday is bringing it, tracking number SD-42.');
  });
});

describe('password reset mails', () => {
  it('are not sent once their link has expired, and cannot be sent again: the customer asks for a new link', async () => {
    const asked = await shop.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: customer.email }, headers: { origin: TEST_ORIGIN } });
    expect(asked.statusCode, asked.body).toBe(200);
    // SMTP was down for longer than the link lasts (60 minutes).
    await shop.database.db.update(outbox).set({ createdAt: sql`now() - interval '61 minutes'` }).where(eq(outbox.kind, MAIL_KINDS.passwordReset));
    expect(await deliverOnce(false)).toMatchObject({ sent: 0, failed: 1 });
    expect(smtp.mails).toEqual([]);
    const [row] = await shop.database.db.select().from(outbox).where(eq(outbox.kind, MAIL_KINDS.passwordReset));
    expect(row!.status).toBe('failed');
    const again = await resend(row!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This password reset link has expired: sending it again would not help. The customer can ask for a new one under Forgot password?');
  });
});

describe('mails that could not be sent', () => {
  it('are listed newest first with what, to whom, which order, tries, the last error and when; the dashboard counts them', async () => {
    const first = await place('first.failed@example.ro');
    expect(await deliverOnce(true)).toMatchObject({ failed: 2, sent: 0 });
    const second = await place('second.failed@example.ro');
    expect(await deliverOnce(true)).toMatchObject({ failed: 2, sent: 0 });
    const sent = await place('sent.fine@example.ro');
    expect(await deliverOnce(false)).toMatchObject({ sent: 2 });

    const response = await get('/api/admin/mails/failed');
    expect(response.statusCode, response.body).toBe(200);
    const { mails, total } = response.json();
    expect(total).toBe(4);
    expect(mails.map((mail: { order: { id: string } }) => mail.order.id)).toEqual([second.id, second.id, first.id, first.id]);
    expect(mails.some((mail: { order: { id: string } }) => mail.order.id === sent.id)).toBe(false);
    const [confirmation] = await mailsOf(first.id);
    expect(mails.find((mail: { id: number }) => mail.id === confirmation!.id)).toEqual({
      id: confirmation!.id,
      kind: MAIL_KINDS.orderPlaced,
      recipient: 'first.failed@example.ro',
      order: { id: first.id, number: first.number },
      attempts: 1,
      lastError: expect.stringMatching(/451/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The owner's alert goes to OWNER_EMAIL or every owner: no single address to show.
    expect(mails.find((mail: { kind: string; order: { id: string } }) => mail.kind === MAIL_KINDS.newOrder && mail.order.id === first.id)).toMatchObject({ recipient: null });
    // The log says why, never to whom.
    expect(logged.join('\n')).toContain('mail given up');
    expect(logged.join('\n')).not.toMatch(/failed@example\.ro|fine@example\.ro/);

    expect((await get('/api/admin/dashboard')).json()).toMatchObject({ failedMails: 4 });
  });

  it('are sent again on request: pending and due at once, delivered under the same Message-ID, and off the list', async () => {
    const order = await place();
    await deliverOnce(true);
    const [confirmation, alert] = await mailsOf(order.id);
    expect([confirmation!.status, alert!.status]).toEqual(['failed', 'failed']);

    const response = await resend(confirmation!.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: confirmation!.id, status: 'pending' });
    const [queued] = await shop.database.db.select().from(outbox).where(eq(outbox.id, confirmation!.id));
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, leasedUntil: null, createdAt: confirmation!.createdAt });
    expect(queued!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await get('/api/admin/mails/failed')).json().mails.map((mail: { id: number }) => mail.id)).toEqual([alert!.id]);
    expect((await get('/api/admin/dashboard')).json()).toMatchObject({ failedMails: 1 });

    expect(await deliverOnce(false)).toMatchObject({ sent: 1, failed: 0, leased: 1 });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['ana.failed@example.ro']);
    expect(smtp.mails[0]!.subject).toBe(`Your order ${order.number} at Secret Stash`);
    expect(smtp.mails[0]!.messageId).toBe(messageIdOf(confirmation!, DOMAIN));
    const [delivered] = await shop.database.db.select().from(outbox).where(eq(outbox.id, confirmation!.id));
    expect(delivered).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('sent again while the server still refuses: tried once more and back on the list with the new error', async () => {
    const order = await place();
    await deliverOnce(true);
    const [confirmation] = await mailsOf(order.id);
    expect((await resend(confirmation!.id)).statusCode).toBe(200);
    expect(await deliverOnce(true)).toMatchObject({ failed: 1, leased: 1 });
    const listed = (await get('/api/admin/mails/failed')).json().mails.find((mail: { id: number }) => mail.id === confirmation!.id);
    expect(listed).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/451/) });
  });

  it('answers 404 for an unknown mail, and 409 with a readable message for one sent or already queued again', async () => {
    const order = await place();
    await deliverOnce(true);
    const [confirmation, alert] = await mailsOf(order.id);

    const unknown = await resend(alert!.id + 1000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such mail.');

    expect((await resend(alert!.id)).statusCode).toBe(200);
    const twice = await resend(alert!.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'This mail is already queued to be sent again.', code: 'mail_queued' });

    await resend(confirmation!.id);
    await deliverOnce(false);
    const sent = await resend(confirmation!.id);
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toMatchObject({ message: 'This mail has been sent already.', code: 'mail_sent' });
    expect(smtp.mails).toHaveLength(2);
  });

  it('two owners pressing Send again at once queue the mail once', async () => {
    const order = await place();
    await deliverOnce(true);
    const [confirmation] = await mailsOf(order.id);
    const answers = await Promise.all([resend(confirmation!.id), resend(confirmation!.id), resend(confirmation!.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    // One row, queued once (no copy of it), and one delivery.
    const rows = await mailsOf(order.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === confirmation!.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await deliverOnce(false)).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp.mails.filter((mail) => mail.messageId === messageIdOf(confirmation!, DOMAIN))).toHaveLength(1);
    expect(await deliverOnce(false)).toMatchObject({ sent: 0 });
    expect(smtp.mails).toHaveLength(1);
  });

  it('a visitor’s or a customer’s resend changes nothing', async () => {
    const order = await place();
    await deliverOnce(true);
    const ids = (await mailsOf(order.id)).map((row) => row.id);
    expect((await resend(ids[0]!, null)).statusCode).toBe(401);
    expect((await resend(ids[0]!, customer)).statusCode).toBe(403);
    expect((await get('/api/admin/mails/failed', customer)).statusCode).toBe(403);
    const rows = await shop.database.db.select({ status: outbox.status }).from(outbox).where(inArray(outbox.id, ids));
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed']);
  });
});
