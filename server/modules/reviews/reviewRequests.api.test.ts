import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../db/schema/outbox';
import { reviewRequests } from '../../../db/schema/reviews';
import { setUpTestApp, signUpOwner, TEST_AUTH_SECRET, TEST_SHOP } from '../../../testing/app';
import { deliveredDaysAgo, deliveredOrder, moveOrder, placeOrder } from '../../../testing/deliveredOrder';
import { unsubscribeUrls } from '../mail/optOut';
import { renderOutboxMail } from '../mail/rendering';
import { MAIL_KINDS } from '../mail/service';
import { anonymiseOrders } from '../orders/anonymise';
import { orderMailSource } from '../orders/mailData';
import { requestReviews } from './requests';

// Issue 49: the one mail asking for a review, REVIEW_REQUEST_DAYS after delivery, on both databases.

const shop = setUpTestApp();
let owner: string;
const DAYS = 7;

beforeAll(async () => {
  owner = (await signUpOwner(shop.app, shop.database.db)).cookie;
}, 300_000);

const oneClickPath = (email: string) => unsubscribeUrls(TEST_SHOP.url, TEST_AUTH_SECRET, email).oneClick.slice(TEST_SHOP.url.length);

const requestsFor = async (ids: string[]) =>
  (await shop.database.db.select().from(outbox).where(inArray(outbox.orderId, ids))).filter((mail) => mail.kind === MAIL_KINDS.reviewRequest).map((mail) => mail.orderId);

/** Every order this test made that is due is asked now: rounds until one asks none. */
async function roundsUntilDone() {
  let asked = 0;
  for (let round = 0; round < 10; round++) {
    const now = await requestReviews(shop.database.db, DAYS);
    if (now === 0) return asked;
    asked += now;
  }
  throw new Error('the rounds never ended');
}

describe('the review requests’ round', () => {
  it('asks an order delivered REVIEW_REQUEST_DAYS ago once, and none that is not delivered, too young, returned, erased, too old or unsubscribed', async () => {
    const due = await deliveredOrder(shop.app, owner);
    // Its customer unsubscribed from such mails (with the link of an earlier one), in other letters' case.
    const unsubscribed = await deliveredOrder(shop.app, owner, { email: `Gone-${Date.now()}@Example.ro` });
    const [unsubscribedEmail] = (await shop.database.db.select({ email: outbox.recipient }).from(outbox).where(eq(outbox.orderId, unsubscribed.id))).map((row) => row.email);
    const stop = await shop.app.inject({ method: 'POST', url: oneClickPath(unsubscribedEmail!), payload: {} });
    expect(stop.statusCode, stop.body).toBeLessThan(300);
    const young = await deliveredOrder(shop.app, owner);
    const placed = await placeOrder(shop.app);
    const shipped = await placeOrder(shop.app);
    await moveOrder(shop.app, owner, shipped.id, 'confirmed', 1);
    await moveOrder(shop.app, owner, shipped.id, 'shipped', 2, { carrier: 'Sameday', trackingNumber: 'AWB1' });
    // Refused at the door: shipped, then returned, never delivered.
    const returned = await placeOrder(shop.app);
    await moveOrder(shop.app, owner, returned.id, 'confirmed', 1);
    await moveOrder(shop.app, owner, returned.id, 'shipped', 2, { carrier: 'Sameday', trackingNumber: 'AWB2' });
    await moveOrder(shop.app, owner, returned.id, 'returned', 3);
    const erased = await deliveredOrder(shop.app, owner);
    await shop.database.db.transaction((tx) => anonymiseOrders(tx, [erased.id]));
    const old = await deliveredOrder(shop.app, owner);
    for (const order of [due, erased, unsubscribed]) await deliveredDaysAgo(shop.database.db, order.id, DAYS);
    await deliveredDaysAgo(shop.database.db, young.id, DAYS - 1);
    // Delivered long before the requests were turned on: never asked (REQUEST_WINDOW_DAYS).
    await deliveredDaysAgo(shop.database.db, old.id, DAYS + 30);
    const all = [due, young, placed, shipped, returned, erased, old, unsubscribed].map((order) => order.id);

    await roundsUntilDone();
    expect(await requestsFor(all)).toEqual([due.id]);
    // Never again, however many rounds.
    expect(await roundsUntilDone()).toBe(0);
    expect(await requestsFor(all)).toEqual([due.id]);

    // The young one's day comes: asked then, once.
    await deliveredDaysAgo(shop.database.db, young.id, DAYS);
    await roundsUntilDone();
    expect((await requestsFor(all)).sort()).toEqual([due.id, young.id].sort());
  });

  it('asks each order once when two processes run the round at the same moment', async () => {
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await deliveredOrder(shop.app, owner));
    for (const order of orders) await deliveredDaysAgo(shop.database.db, order.id, DAYS + 1);
    const ids = orders.map((order) => order.id);
    // Two rounds racing, twice over: each order claimed by one of them (its review_requests row), the other writing nothing for it.
    for (let race = 0; race < 2; race++) await Promise.all([requestReviews(shop.database.db, DAYS), requestReviews(shop.database.db, DAYS), requestReviews(shop.database.db, DAYS)]);
    expect((await requestsFor(ids)).sort()).toEqual([...ids].sort());
    expect(await shop.database.db.select().from(reviewRequests).where(inArray(reviewRequests.orderId, ids))).toHaveLength(3);
  });

  it('the mail links to the order’s signed review page and says how the review is shown; nothing once the order is erased', async () => {
    const order = await deliveredOrder(shop.app, owner, { firstName: 'Maria', lastName: 'Popescu' });
    await deliveredDaysAgo(shop.database.db, order.id, DAYS);
    await roundsUntilDone();
    const [row] = (await shop.database.db.select().from(outbox).where(eq(outbox.orderId, order.id))).filter((mail) => mail.kind === MAIL_KINDS.reviewRequest);
    const settings = { shop: TEST_SHOP, ownerEmail: null, ownerLocale: 'en' as const, secret: TEST_AUTH_SECRET };
    const source = orderMailSource(shop.database.db, TEST_AUTH_SECRET, TEST_SHOP.url);
    const mail = await renderOutboxMail(shop.database.db, settings, row!, source);
    expect(mail.subject).toBe(`How was order ${order.number}?`);
    const link = mail.text.match(/http:\/\/shop\.test\/orders\/[^\s]+\/review\?key=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    const page = await shop.app.inject({ url: `/api/orders/${order.id}/review?key=${new URL(link!).searchParams.get('key')}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(mail.text).toContain('never your full name or your address');
    // Every such mail can be stopped: the link in its footer, and the one-click header's (RFC 8058).
    const links = unsubscribeUrls(TEST_SHOP.url, TEST_AUTH_SECRET, row!.recipient);
    expect(mail.html).toContain(links.page.replace(/&/g, '&amp;'));
    expect(mail.unsubscribeUrl).toBe(links.oneClick);
    expect(mail.html).not.toContain('Popescu');

    // Erased before it was sent: it is not sent (the mail is made from the order as it is then).
    await shop.database.db.transaction((tx) => anonymiseOrders(tx, [order.id]));
    await expect(renderOutboxMail(shop.database.db, settings, row!, source)).rejects.toThrow(/nothing to say for review_request/);
    // Unsubscribed before it was sent: not sent either.
    const other = await deliveredOrder(shop.app, owner);
    await deliveredDaysAgo(shop.database.db, other.id, DAYS);
    await roundsUntilDone();
    const [otherRow] = (await shop.database.db.select().from(outbox).where(eq(outbox.orderId, other.id))).filter((mail) => mail.kind === MAIL_KINDS.reviewRequest);
    expect((await shop.app.inject({ method: 'POST', url: oneClickPath(otherRow!.recipient), payload: {} })).statusCode).toBeLessThan(300);
    await expect(renderOutboxMail(shop.database.db, settings, otherRow!, source)).rejects.toThrow(/unsubscribed/);
  });
});
