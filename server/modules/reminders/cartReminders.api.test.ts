import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../db/schema/outbox';
import { cartReminders } from '../../../db/schema/reminders';
import { alteredKey, buildTestApp, setUpTestApp, signUpCustomer, signUpOwner, TEST_AUTH_SECRET, TEST_ORIGIN, TEST_SHOP } from '../../../testing/app';
import { secondProcessDatabase, tablesHolding } from '../../../testing/reminders';
import { sampleOrder } from '../../../testing/sampleOrder';
import { unsubscribeUrls } from '../mail/optOut';
import { renderOutboxMail } from '../mail/rendering';
import { MAIL_KINDS } from '../mail/service';
import { orderMailSource } from '../orders/mailData';
import { remindAbandonedCarts } from './cartReminders';
import { reminderKey } from './keys';

// Cart reminders only with consent (decision 0045), on both databases: nothing kept without the box, one mail after
// the delay however many processes run the round, none after an order, the record gone after 7 days, and the link's
// cart at today's prices with a line sold out since left out.

const logged: string[] = [];
const shop = setUpTestApp({ log: { level: 'info', stream: { write: (line: string) => void logged.push(line) } } });
const settings = { hours: 2, secret: TEST_AUTH_SECRET, shopUrl: TEST_ORIGIN };
let owner: { cookie: string };
let counter = 0;

beforeAll(async () => {
  owner = await signUpOwner(shop.app, shop.database.db);
}, 300_000);

const freshEmail = () => `Cart.Reminder-${Date.now()}-${++counter}@Example.ro`;
const defaultLines = [
  { productId: '2', quantity: 1 },
  { productId: '1', quantity: 2, colour: 'Black' },
];

async function consent(email: string, lines: object[] = defaultLines, id?: string) {
  const answer = await shop.app.inject({ method: 'POST', url: '/api/cart-reminders', payload: { email, lines, locale: 'en', ...(id ? { id } : {}) } });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { id: string }).id;
}

/** Moves the record's clock: its last change (and consent) `hours` ago. */
const age = (id: string, hours: number, column: 'changed_at' | 'consented_at' = 'changed_at') =>
  shop.database.db.execute(sql`update cart_reminders set ${sql.raw(column)} = now() - make_interval(secs => ${hours * 3600}) where id = ${id}`);
const mailsTo = (email: string) => shop.database.db.select().from(outbox).where(sql`lower(${outbox.recipient}) = lower(${email}) and ${outbox.kind} = ${MAIL_KINDS.cartReminder}`);
const recordOf = async (id: string) => (await shop.database.db.select().from(cartReminders).where(eq(cartReminders.id, id)))[0];
const round = () => remindAbandonedCarts(shop.database.db, settings);

function asOwner(method: 'PATCH', url: string, payload: object) {
  return shop.app.inject({ method, url, headers: { cookie: owner.cookie, origin: TEST_ORIGIN }, payload });
}

describe('the consent', () => {
  it('unticked (the record deleted), no table and no log line holds the address; none is mailed', async () => {
    const email = freshEmail();
    const id = await consent(email);
    expect(await tablesHolding(shop.database.db, email)).toEqual(['public.cart_reminders']);
    const deleted = await shop.app.inject({ method: 'DELETE', url: `/api/cart-reminders/${id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await tablesHolding(shop.database.db, email)).toEqual([]);
    await round();
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await tablesHolding(shop.database.db, email)).toEqual([]);
    // The requests were logged (so the check reads real lines), without the address.
    expect(logged.some((line) => line.includes('/api/cart-reminders'))).toBe(true);
    expect(logged.join('\n').toLowerCase()).not.toContain(email.toLowerCase());
    expect(logged.join('\n').toLowerCase()).not.toContain(email.split('@')[0]!.toLowerCase());
  });

  it('keeps the address, the lines and the moment; a change of address replaces it, one record per address', async () => {
    const email = freshEmail();
    const id = await consent(email);
    const record = await recordOf(id);
    expect(record).toMatchObject({
      email,
      locale: 'en',
      sentAt: null,
      lines: [
        { productId: '2', colour: null, quantity: 1 },
        { productId: '1', colour: 'Black', quantity: 2 },
      ],
    });
    expect(record!.consentedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await consent(email.toLowerCase(), [{ productId: '3', quantity: 1 }], id)).toBe(id);
    const other = freshEmail();
    const moved = await consent(other, defaultLines, id);
    expect(await recordOf(id)).toBeUndefined();
    expect(await recordOf(moved)).toMatchObject({ email: other });
  });

  it('refuses a bad address or an empty cart with a message id', async () => {
    const bad = await shop.app.inject({ method: 'POST', url: '/api/cart-reminders', payload: { email: 'not-an-address', lines: defaultLines } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a valid email address, like name@example.com.');
    const empty = await shop.app.inject({ method: 'POST', url: '/api/cart-reminders', payload: { email: freshEmail(), lines: [] } });
    expect(empty.statusCode).toBe(400);
  });

  it('is refused when the shop sends no cart reminders (CART_REMINDER_HOURS=off)', async () => {
    const off = await buildTestApp(shop.database.db, { cartReminderHours: 'off' });
    try {
      const email = freshEmail();
      const refused = await off.inject({ method: 'POST', url: '/api/cart-reminders', payload: { email, lines: defaultLines } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This shop sends no cart reminders.');
      expect(await tablesHolding(shop.database.db, email)).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('is in the person’s copy of their data, and goes with the account when they delete it (their data rights)', async () => {
    const customer = await signUpCustomer(shop.app);
    const id = await consent(customer.email);
    // Their copy of their data shows the consent, and when it was given.
    const data = await shop.app.inject({ url: '/api/account/data', headers: { cookie: customer.cookie } });
    expect(data.json().consents).toEqual([
      { kind: 'cart_reminder', about: 'Dummy Car Key × 1, Dummy Lighter (Black) × 2', givenAt: (await recordOf(id))!.consentedAt.toISOString(), confirmedAt: null, endedAt: null },
    ]);
    const deleted = await shop.app.inject({ method: 'POST', url: '/api/account/delete', payload: { password: 'secret123' }, headers: { cookie: customer.cookie, origin: TEST_ORIGIN } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await recordOf(id)).toBeUndefined();
  });
});

describe('the round', () => {
  it('mails once after the delay, never before, with two processes racing their rounds', async () => {
    const email = freshEmail();
    const id = await consent(email);
    await round();
    expect(await mailsTo(email)).toHaveLength(0);
    await age(id, 2.1);
    const second = await secondProcessDatabase(shop.database);
    const otherApp = await buildTestApp(second.db, { listen: second.listen });
    try {
      const taken = await Promise.all([...Array(3)].flatMap(() => [remindAbandonedCarts(shop.database.db, settings), remindAbandonedCarts(second.db, settings)]));
      expect(taken.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
      await Promise.all([round(), remindAbandonedCarts(second.db, settings)]);
    } finally {
      await otherApp.close();
      await second.close();
    }
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe('en');
    const url = new URL(mails[0]!.data.url!);
    expect(url.pathname).toBe('/cart/restore');
    expect(Object.fromEntries(url.searchParams)).toEqual({ r: id, key: reminderKey('cart-restore', TEST_AUTH_SECRET, id), utm_source: 'reminder', utm_medium: 'email', utm_campaign: 'cart' });
    // Named without prices: the link reads today's.
    expect(JSON.parse(mails[0]!.data.lines!)).toEqual([
      { name: 'Dummy Car Key', quantity: 1 },
      { name: 'Dummy Lighter (Black)', quantity: 2 },
    ]);
    expect(await recordOf(id)).toMatchObject({ sentAt: expect.any(Date) });
  });

  it('an order from the address since the consent cancels it and deletes the record', async () => {
    const email = freshEmail();
    const id = await consent(email);
    const placed = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email: email.toUpperCase(), lines: [{ productId: '2', quantity: 1 }] }) });
    expect(placed.statusCode, placed.body).toBe(201);
    await age(id, 3);
    expect(await round()).toBe(0);
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await recordOf(id)).toBeUndefined();
  });

  it('an address that unsubscribed (the shared opt-out) gets none, and its record goes', async () => {
    const email = freshEmail();
    const id = await consent(email);
    await age(id, 3);
    const unsubscribed = await shop.app.inject({ method: 'POST', url: unsubscribeUrls(TEST_ORIGIN, TEST_AUTH_SECRET, email).oneClick.slice(TEST_ORIGIN.length), payload: {} });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(await round()).toBe(0);
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await recordOf(id)).toBeUndefined();
  });

  it('the mail names the lines without a price, links the cart, and can be stopped in one click', async () => {
    const email = freshEmail();
    const id = await consent(email);
    await age(id, 3);
    await round();
    const [row] = await mailsTo(email);
    const db = shop.database.db;
    const mail = await renderOutboxMail(db, { shop: TEST_SHOP, ownerEmail: null, ownerLocale: 'en', secret: TEST_AUTH_SECRET }, row!, orderMailSource(db, TEST_AUTH_SECRET, TEST_SHOP.url));
    expect(mail.subject).toBe('Your cart at Secret Stash is waiting');
    expect(mail.text).toContain('Dummy Car Key × 1');
    expect(mail.text).toContain('Dummy Lighter (Black) × 2');
    expect(mail.text).not.toMatch(/\d+[.,]\d\d\s*(RON|lei)/i);
    expect(mail.text).toContain('at today’s prices');
    expect(mail.html).toContain(`/cart/restore?r=${id}&amp;key=`);
    expect(mail.unsubscribeUrl).toBe(unsubscribeUrls(TEST_SHOP.url, TEST_AUTH_SECRET, email).oneClick);
    expect(mail.html).toContain(unsubscribeUrls(TEST_SHOP.url, TEST_AUTH_SECRET, email).page.replaceAll('&', '&amp;'));
  });

  it('writes a Romanian visitor’s reminder in Romanian, the products named as they read them', async () => {
    const email = freshEmail();
    const answer = await shop.app.inject({ method: 'POST', url: '/api/cart-reminders', payload: { email, lines: defaultLines, locale: 'ro' } });
    const id = (answer.json() as { id: string }).id;
    await age(id, 3);
    await round();
    const [row] = await mailsTo(email);
    expect(row!.language).toBe('ro');
    const db = shop.database.db;
    const mail = await renderOutboxMail(db, { shop: TEST_SHOP, ownerEmail: null, ownerLocale: 'en', secret: TEST_AUTH_SECRET }, row!, orderMailSource(db, TEST_AUTH_SECRET, TEST_SHOP.url));
    expect(mail.subject).toBe('Coșul tău de la Secret Stash te așteaptă');
    expect(mail.text).toContain('Brichetă cu ascunzătoare (Negru) × 2');
    expect(mail.text).toContain('la prețurile și stocul de azi');
  });

  it('an order from before the consent does not cancel it', async () => {
    const email = freshEmail();
    const placed = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email, lines: [{ productId: '2', quantity: 1 }] }) });
    expect(placed.statusCode, placed.body).toBe(201);
    await shop.database.db.execute(sql`update orders set created_at = now() - interval '1 day' where lower(email) = lower(${email})`);
    const id = await consent(email);
    await age(id, 3);
    await round();
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('deletes the record 7 days after the consent; its link then finds nothing', async () => {
    const email = freshEmail();
    const id = await consent(email);
    await age(id, 3);
    await round();
    expect(await mailsTo(email)).toHaveLength(1);
    await age(id, 6 * 24);
    await round();
    expect(await recordOf(id)).toBeDefined();
    await age(id, 7 * 24 + 1, 'consented_at');
    await round();
    expect(await recordOf(id)).toBeUndefined();
    const link = await shop.app.inject({ url: `/api/cart-reminders/${id}?key=${reminderKey('cart-restore', TEST_AUTH_SECRET, id)}` });
    expect(link.statusCode).toBe(404);
    expect(link.json().message).toBe('This link has expired or is not valid. Your cart was not changed.');
  });
});

describe('the link', () => {
  it('rebuilds the cart at today’s price, leaving out a line sold out since; an altered key finds nothing', async () => {
    const email = freshEmail();
    const id = await consent(email, [
      { productId: '2', quantity: 1 },
      { productId: '3', quantity: 2 },
      { productId: '4', quantity: 3 },
    ]);
    const key = reminderKey('cart-restore', TEST_AUTH_SECRET, id);
    const before = await shop.app.inject({ url: `/api/cart-reminders/${id}?key=${key}` });
    expect(before.json()).toEqual({
      lines: [
        { productId: '2', colour: null, quantity: 1, name: 'Dummy Car Key', price: 6499 },
        { productId: '3', colour: null, quantity: 2, name: 'Belt with Secret Compartment', price: 3999 },
        { productId: '4', colour: null, quantity: 3, name: 'Dummy Marker', price: 3999 },
      ],
      dropped: [],
    });
    expect((await asOwner('PATCH', '/api/admin/products/2', { price: 6999 })).statusCode).toBe(200);
    expect((await asOwner('PATCH', '/api/admin/products/3', { stock: 0 })).statusCode).toBe(200);
    expect((await asOwner('PATCH', '/api/admin/products/4', { stock: 2 })).statusCode).toBe(200);
    try {
      const after = await shop.app.inject({ url: `/api/cart-reminders/${id}?key=${key}` });
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json()).toEqual({
        lines: [
          { productId: '2', colour: null, quantity: 1, name: 'Dummy Car Key', price: 6999 },
          { productId: '4', colour: null, quantity: 2, name: 'Dummy Marker', price: 3999 },
        ],
        dropped: [{ name: 'Belt with Secret Compartment' }],
      });
      const altered = await shop.app.inject({ url: `/api/cart-reminders/${id}?key=${alteredKey(key)}` });
      expect(altered.statusCode).toBe(404);
    } finally {
      await asOwner('PATCH', '/api/admin/products/2', { price: 6499 });
      await asOwner('PATCH', '/api/admin/products/3', { stock: null });
      await asOwner('PATCH', '/api/admin/products/4', { stock: null });
    }
  });
});
