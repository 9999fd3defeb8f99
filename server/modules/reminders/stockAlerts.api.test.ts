import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../db/schema/outbox';
import { stockAlerts } from '../../../db/schema/reminders';
import { alteredKey, setUpTestApp, signUpOwner, TEST_AUTH_SECRET, TEST_ORIGIN } from '../../../testing/app';
import { secondProcessDatabase } from '../../../testing/reminders';
import { unsubscribeUrls } from '../mail/optOut';
import { MAIL_KINDS } from '../mail/service';
import { reminderKey } from './keys';
import { mailBackInStock, waitingSubscribers } from './stockAlerts';

// Back-in-stock mails with double opt-in (decision 0045), on both databases: "Notify me" only for a sold-out colour,
// confirmed from its mail's page; a restock from 0 to 3 mails each confirmed subscriber once (two processes racing),
// no unconfirmed one, and a change from 3 to 2 mails nobody.

const shop = setUpTestApp();
let owner: { cookie: string };
let counter = 0;

beforeAll(async () => {
  owner = await signUpOwner(shop.app, shop.database.db);
}, 300_000);

const freshEmail = () => `notify-${Date.now()}-${++counter}@example.ro`;
const lighterColours = (red: { available: boolean; stock?: number | null }) => ({
  colourOptions: [
    { name: 'Black', available: true },
    { name: 'Red', ...red },
    { name: 'Blue', available: false },
  ],
});
async function changeProduct(id: string, change: object) {
  const answer = await shop.app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers: { cookie: owner.cookie, origin: TEST_ORIGIN }, payload: change });
  expect(answer.statusCode, answer.body).toBe(200);
}
const notifyMe = (email: string, productId: string, colour: string | null, locale = 'en') =>
  // Each from an address of its own, clear of the requests' limit per address.
  shop.app.inject({ method: 'POST', url: '/api/stock-alerts', payload: { email, productId, colour, locale }, remoteAddress: `10.8.0.${++counter % 250}` });
const mailsTo = (email: string) => shop.database.db.select().from(outbox).where(eq(outbox.recipient, email));
const alertOf = async (email: string) => (await shop.database.db.select().from(stockAlerts).where(eq(stockAlerts.email, email)))[0]!;

/** Opens the confirmation mail's link as its page does, then presses its button. */
async function confirmFromMail(email: string) {
  const [mail] = (await mailsTo(email)).filter((row) => row.kind === MAIL_KINDS.stockAlertConfirm);
  const url = new URL(mail!.data.url!);
  expect(url.pathname).toBe('/stock-alerts/confirm');
  const [id, key] = [url.searchParams.get('a')!, url.searchParams.get('key')!];
  const opened = await shop.app.inject({ url: `/api/stock-alerts/${id}?key=${key}` });
  expect(opened.json()).toMatchObject({ confirmed: false, ended: false });
  const confirmed = await shop.app.inject({ method: 'POST', url: `/api/stock-alerts/${id}/confirm`, payload: { key } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json()).toEqual({ name: 'Dummy Lighter (Red)', confirmed: true, ended: false });
}

describe('Notify me', () => {
  it('is taken only for a sold-out colour or product, and writes one confirmation mail', async () => {
    const email = freshEmail();
    for (const [productId, colour] of [
      ['1', 'Black'],
      ['1', null],
      ['2', null],
      ['1', 'Green'],
      ['nope', null],
    ] as const) {
      const refused = await notifyMe(email, productId, colour);
      expect(refused.statusCode, `${productId} ${colour}`).toBe(409);
      expect(refused.json().message).toBe('This colour is in stock: you can order it now.');
    }
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await notifyMe(email, '1', 'Red')).statusCode).toBe(202);
    // Asked again: answered the same, no second mail.
    expect((await notifyMe(email, '1', 'Red')).statusCode).toBe(202);
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.kind)).toEqual([MAIL_KINDS.stockAlertConfirm]);
    expect(mails[0]!.data.name).toBe('Dummy Lighter (Red)');
    expect(await alertOf(email)).toMatchObject({ productId: '1', colour: 'Red', confirmedAt: null, notifiedAt: null });
  });

  it('opening the confirmation link changes nothing; only its button confirms; another key finds nothing', async () => {
    const email = freshEmail();
    await notifyMe(email, '1', 'Blue', 'ro');
    const alert = await alertOf(email);
    const key = reminderKey('stock-alert-confirm', TEST_AUTH_SECRET, alert.id);
    for (let i = 0; i < 2; i++) {
      const opened = await shop.app.inject({ url: `/api/stock-alerts/${alert.id}?key=${key}`, headers: { 'accept-language': 'ro' } });
      expect(opened.json()).toEqual({ name: 'Brichetă cu ascunzătoare (Albastru)', confirmed: false, ended: false });
    }
    expect((await alertOf(email)).confirmedAt).toBeNull();
    expect((await shop.app.inject({ url: `/api/stock-alerts/${alert.id}?key=${alteredKey(key)}` })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'POST', url: `/api/stock-alerts/${alert.id}/confirm`, payload: { key: alteredKey(key) } })).statusCode).toBe(404);
    expect((await alertOf(email)).confirmedAt).toBeNull();
    expect((await shop.app.inject({ method: 'POST', url: `/api/stock-alerts/${alert.id}/confirm`, payload: { key } })).statusCode).toBe(200);
    expect((await alertOf(email)).confirmedAt).not.toBeNull();
    await shop.database.db.delete(stockAlerts).where(eq(stockAlerts.id, alert.id));
  });
});

describe('bad input', () => {
  it('is refused with 400 and a sentence the page shows, and writes nothing', async () => {
    const count = async () => (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(stockAlerts))[0]!.n;
    const before = await count();
    const cases: [string, unknown][] = [
      ['/api/stock-alerts', { productId: '1', colour: 'Red' }],
      ['/api/stock-alerts', { productId: '1', colour: 'Red', email: 'not-an-address' }],
      ['/api/stock-alerts', { productId: 7, colour: 'Red', email: 'a@example.ro' }],
      ['/api/stock-alerts', { productId: '1', colour: ['Red'], email: 'a@example.ro' }],
      ['/api/stock-alerts', { productId: '1', colour: 'Red', email: 'a@example.ro', locale: 'fr' }],
      ['/api/stock-alerts', 'Red'],
      ['/api/cart-reminders', { email: 'a@example.ro', lines: [{ productId: '1', quantity: 0 }] }],
      ['/api/cart-reminders', { email: 'a@example.ro', lines: [{ productId: '1', quantity: 1 }], id: 'not-an-id' }],
      ['/api/cart-reminders', { email: 'a\u0000@example.ro', lines: [{ productId: '1', quantity: 1 }] }],
    ];
    for (const [url, payload] of cases) {
      const answer = await shop.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.9.9.${++counter % 250}` });
      expect(answer.statusCode, `${url} ${JSON.stringify(payload)}: ${answer.body}`).toBe(400);
      expect(answer.json().message).toMatch(/^[A-Z]/);
      expect(answer.json().message).not.toMatch(/Invalid input|expected \w+, received|error\./);
    }
    const confirm = await shop.app.inject({ method: 'POST', url: '/api/stock-alerts/not-an-id/confirm', payload: { key: 'x' } });
    expect(confirm.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('the back-in-stock round', () => {
  it('a restock from 0 to 3 mails each confirmed subscriber once, none unconfirmed; 3 to 2 mails nobody', async () => {
    await changeProduct('1', lighterColours({ available: true, stock: 0 }));
    const [first, second, unconfirmed, unsubscribed] = [freshEmail(), freshEmail(), freshEmail(), freshEmail()];
    for (const email of [first, second, unconfirmed, unsubscribed]) expect((await notifyMe(email, '1', 'Red')).statusCode).toBe(202);
    await confirmFromMail(first);
    await confirmFromMail(second);
    await confirmFromMail(unsubscribed);
    const oneClick = unsubscribeUrls(TEST_ORIGIN, TEST_AUTH_SECRET, unsubscribed).oneClick.slice(TEST_ORIGIN.length);
    expect((await shop.app.inject({ method: 'POST', url: oneClick, payload: {} })).statusCode).toBe(200);
    expect(await waitingSubscribers(shop.database.db, '1')).toEqual({ Red: 3 });
    // The owner's product form asks it; nobody else may.
    const asked = await shop.app.inject({ url: '/api/admin/products/1/waiting', headers: { cookie: owner.cookie } });
    expect(asked.json()).toEqual({ waiting: { Red: 3 } });
    expect((await shop.app.inject({ url: '/api/admin/products/1/waiting' })).statusCode).toBe(401);
    // Still sold out: nothing.
    expect(await mailBackInStock(shop.database.db, TEST_ORIGIN)).toBe(0);

    await changeProduct('1', lighterColours({ available: true, stock: 3 }));
    const other = await secondProcessDatabase(shop.database);
    try {
      const sent = await Promise.all([...Array(3)].flatMap(() => [mailBackInStock(shop.database.db, TEST_ORIGIN), mailBackInStock(other.db, TEST_ORIGIN)]));
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(2);
    } finally {
      await other.close();
    }
    for (const email of [first, second]) {
      const back = (await mailsTo(email)).filter((mail) => mail.kind === MAIL_KINDS.backInStock);
      expect(back).toHaveLength(1);
      expect(back[0]!.data).toEqual({ name: 'Dummy Lighter (Red)', url: `${TEST_ORIGIN}/shop/dummy-lighter?utm_source=back-in-stock&utm_medium=email` });
      expect((await alertOf(email)).notifiedAt).not.toBeNull();
    }
    expect((await mailsTo(unconfirmed)).map((mail) => mail.kind)).toEqual([MAIL_KINDS.stockAlertConfirm]);
    // Unsubscribed after confirming: no mail, and the subscription is gone.
    expect((await mailsTo(unsubscribed)).map((mail) => mail.kind)).toEqual([MAIL_KINDS.stockAlertConfirm]);
    expect(await shop.database.db.select().from(stockAlerts).where(eq(stockAlerts.email, unsubscribed))).toHaveLength(0);
    // Asking again from that address writes nothing.
    expect((await notifyMe(unsubscribed, '1', 'Blue')).statusCode).toBe(202);
    expect(await mailsTo(unsubscribed)).toHaveLength(1);
    expect(await waitingSubscribers(shop.database.db, '1')).toEqual({});

    // In stock: nobody can subscribe, and 3 → 2 mails nobody.
    expect((await notifyMe(freshEmail(), '1', 'Red')).statusCode).toBe(409);
    await changeProduct('1', lighterColours({ available: true, stock: 2 }));
    const outboxBefore = (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n;
    expect(await mailBackInStock(shop.database.db, TEST_ORIGIN)).toBe(0);
    expect((await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n).toBe(outboxBefore);
    // Sold out again: a subscriber who was told may ask again.
    await changeProduct('1', lighterColours({ available: false }));
    expect((await notifyMe(first, '1', 'Red')).statusCode).toBe(202);
  });

  it('a product without colours: sold out, then back, mails its confirmed subscriber', async () => {
    await changeProduct('5', { stock: 0 });
    const email = freshEmail();
    expect((await notifyMe(email, '5', null)).statusCode).toBe(202);
    const alert = await alertOf(email);
    await shop.app.inject({ method: 'POST', url: `/api/stock-alerts/${alert.id}/confirm`, payload: { key: reminderKey('stock-alert-confirm', TEST_AUTH_SECRET, alert.id) } });
    expect(await mailBackInStock(shop.database.db, TEST_ORIGIN)).toBe(0);
    await changeProduct('5', { stock: 4 });
    expect(await mailBackInStock(shop.database.db, TEST_ORIGIN)).toBe(1);
    expect((await mailsTo(email)).map((mail) => mail.kind)).toEqual([MAIL_KINDS.stockAlertConfirm, MAIL_KINDS.backInStock]);
    await changeProduct('5', { stock: null });
  });

  it('forgets an unconfirmed subscription and an ended one 7 days on', async () => {
    const email = freshEmail();
    await changeProduct('5', { stock: 0 });
    await notifyMe(email, '5', null);
    await shop.database.db.execute(sql`update stock_alerts set created_at = now() - interval '8 days' where email = ${email}`);
    await mailBackInStock(shop.database.db, TEST_ORIGIN);
    expect(await shop.database.db.select().from(stockAlerts).where(eq(stockAlerts.email, email))).toHaveLength(0);
    await changeProduct('5', { stock: null });
  });
});
