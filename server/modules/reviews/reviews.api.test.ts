import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderLines } from '../../../db/schema/orders';
import { reviewHidings, reviews } from '../../../db/schema/reviews';
import { productLd } from '../../../domain/structuredData';
import { alteredKey, setUpTestApp, signUpCustomer, signUpOwner, TEST_AUTH_SECRET, TEST_ORIGIN } from '../../../testing/app';
import { deliveredOrder, placeOrder } from '../../../testing/deliveredOrder';
import { orderAccessToken, orderReviewKey } from '../orders/accessToken';

// Issue 49: reviews from verified buyers, on both databases: the signed link, one review per line, the product pages'
// reviews and structured data (from the catalogue they are rendered with), the owner's hiding and its log, erasure.

const shop = setUpTestApp();
let owner: { cookie: string; email: string };
const ROMANIAN = { 'accept-language': 'ro-RO,ro;q=0.9' };

beforeAll(async () => {
  owner = await signUpOwner(shop.app, shop.database.db);
}, 300_000);

const key = (id: string) => orderReviewKey(TEST_AUTH_SECRET, id);
const openPage = (id: string, given = key(id)) => shop.app.inject({ url: `/api/orders/${id}/review?key=${encodeURIComponent(given)}` });
const review = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url: `/api/orders/${id}/reviews`, payload: { key: key(id), ...body }, headers });
const linesOf = async (id: string) => (await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, id))).sort((a, b) => a.id - b.id);
const reviewsOf = async (id: string) => shop.database.db.select().from(reviews).where(eq(reviews.orderId, id));
const asOwner = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  shop.app.inject({
    method,
    url,
    payload: payload === undefined ? undefined : JSON.stringify(payload),
    headers: { cookie: owner.cookie, origin: TEST_ORIGIN, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
  });
/** The product's reviews as its page is rendered with them: the catalogue's, reloaded when they change. */
const pageReviews = (productId: string) => shop.app.catalogue.current().en.reviews.get(productId);
const product = (id: string) => shop.app.catalogue.current().en.products.find((candidate) => candidate.id === id)!;
const structuredData = (productId: string) => productLd(product(productId), { name: 'Shop', url: TEST_ORIGIN, logo: '/l.svg', sameAs: [] }, pageReviews(productId)) as Record<string, never>;
const publishedCount = async (productId: string) => (await shop.database.db.select().from(reviews).where(eq(reviews.productId, productId))).filter((row) => row.hiddenAt === null).length;

describe('the review link', () => {
  it('opens the page of a delivered order’s lines with its own key; any other key finds no order (404) and nothing changes', async () => {
    const order = await deliveredOrder(shop.app, owner.cookie, { firstName: 'maria', lastName: 'popescu', county: 'CJ' });
    const other = await deliveredOrder(shop.app, owner.cookie);
    const page = await openPage(order.id);
    expect(page.statusCode, page.body).toBe(200);
    const lines = await linesOf(order.id);
    expect(page.json()).toEqual({
      number: order.number,
      shownName: 'Maria P.',
      county: 'Cluj',
      lines: lines.map((line) => ({ lineId: line.id, name: line.name, colour: line.colourLabel ?? line.colour, reviewable: true, review: null })),
    });
    for (const wrong of [alteredKey(key(order.id)), key(other.id), orderAccessToken(TEST_AUTH_SECRET, order.id), '']) {
      const refused = await openPage(order.id, wrong);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('No such order.');
      const posted = await review(order.id, { key: wrong, lineId: lines[0]!.id, rating: 5 });
      expect(posted.statusCode).toBe(404);
    }
    expect(await reviewsOf(order.id)).toEqual([]);
  });

  it('refuses an order not delivered (409, saying why), and a line of another order (404)', async () => {
    const placed = await placeOrder(shop.app);
    const notYet = await openPage(placed.id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(`Order ${placed.number} is not delivered (or was sent back): only products of a delivered order can be reviewed.`);
    const [line] = await linesOf(placed.id);
    expect((await review(placed.id, { lineId: line!.id, rating: 5 })).statusCode).toBe(409);
    const delivered = await deliveredOrder(shop.app, owner.cookie);
    const foreign = await review(delivered.id, { lineId: line!.id, rating: 4 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Choose a product of your order as the page lists it.');
    expect(await reviewsOf(placed.id)).toEqual([]);
    expect(await reviewsOf(delivered.id)).toEqual([]);
  });
});

describe('a buyer’s review', () => {
  it('is published at once under the first name, last initial and county; a second review of the same line is a 409 that says so', async () => {
    const order = await deliveredOrder(shop.app, owner.cookie, { firstName: 'Ștefan', lastName: 'Țăranu', county: 'IS', city: 'Iași', postalCode: '700259' });
    const [lighter, fifth] = await linesOf(order.id);
    const before = await publishedCount(lighter!.productId!);
    const first = await review(order.id, { lineId: lighter!.id, rating: 1, text: '  Broke after a week.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ productId: lighter!.productId, rating: 1, text: 'Broke after a week.', name: 'Ștefan Ț.', county: 'Iași', language: 'en' });
    // Nothing of the order or the address in it.
    expect(first.body).not.toMatch(/Țăranu|Memorandumului|400114|example\.ro/);

    const again = await review(order.id, { lineId: lighter!.id, rating: 5, text: 'Changed my mind.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`You have already reviewed ${lighter!.name}: each product of an order is reviewed once.`);
    const inRomanian = await review(order.id, { lineId: lighter!.id, rating: 5 }, ROMANIAN);
    expect(inRomanian.json().message).toBe(`Ați evaluat deja ${lighter!.name}: fiecare produs dintr-o comandă se evaluează o singură dată.`);
    expect(await reviewsOf(order.id)).toHaveLength(1);

    // Stars alone, in Romanian.
    expect((await review(order.id, { lineId: fifth!.id, rating: 4 }, ROMANIAN)).json()).toMatchObject({ rating: 4, text: null, language: 'ro' });
    // The page shows both as written; the one-star review is published like any other.
    expect((await openPage(order.id)).json().lines.map((line: { review: unknown }) => line.review)).toEqual([
      { rating: 1, text: 'Broke after a week.' },
      { rating: 4, text: null },
    ]);
    expect(await publishedCount(lighter!.productId!)).toBe(before + 1);
    expect(pageReviews(lighter!.productId!)?.reviews.map((shown) => shown.id)).toContain(first.json().id);
  });

  it('refuses bad input with a 400 that says what is wrong, and writes nothing', async () => {
    const order = await deliveredOrder(shop.app, owner.cookie);
    const [line] = await linesOf(order.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ lineId: line!.id, rating: 0 }, 'Choose a rating from 1 to 5 stars.'],
      [{ lineId: line!.id, rating: 6 }, 'Choose a rating from 1 to 5 stars.'],
      [{ lineId: line!.id }, 'Choose a rating from 1 to 5 stars.'],
      [{ lineId: line!.id, rating: 5, text: 'x'.repeat(1001) }, 'The review is too long (at most 1000 characters).'],
      [{ lineId: 'one', rating: 5 }, 'Choose a product of your order as the page lists it.'],
    ];
    for (const [body, message] of cases) {
      const refused = await review(order.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect(await reviewsOf(order.id)).toEqual([]);
  });
});

describe('the product page’s reviews and structured data', () => {
  it('counts exactly the published reviews, and a hidden one leaves the page and the structured data, with a log entry', async () => {
    const productId = '3';
    const written: number[] = [];
    for (const [rating, text] of [
      [5, 'Works great.'],
      [2, 'You idiot sellers.'],
      [4, 'Good.'],
    ] as const) {
      const order = await deliveredOrder(shop.app, owner.cookie, { lines: [{ productId, quantity: 1 }] });
      const [line] = await linesOf(order.id);
      written.push((await review(order.id, { lineId: line!.id, rating, text })).json().id);
    }
    const data = () => structuredData(productId) as { aggregateRating?: { ratingCount: number; reviewCount: number; ratingValue: string }; review?: { reviewBody?: string }[] };
    expect(pageReviews(productId)?.summary.count).toBe(await publishedCount(productId));
    expect(data().aggregateRating).toMatchObject({ ratingCount: await publishedCount(productId), reviewCount: await publishedCount(productId) });
    expect(data().review).toHaveLength(await publishedCount(productId));
    const countBefore = await publishedCount(productId);

    // Hiding needs a listed reason.
    for (const body of [{}, { reason: 'bad for sales' }]) {
      const refused = await asOwner('POST', `/api/admin/reviews/${written[1]}/hide`, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Choose why the review is hidden: insults, personal data or off-topic.');
    }
    const hidden = await asOwner('POST', `/api/admin/reviews/${written[1]}/hide`, { reason: 'insults' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ id: written[1], hidden: { reason: 'insults' } });
    const log = await shop.database.db.select().from(reviewHidings).where(eq(reviewHidings.reviewId, written[1]!));
    expect(log).toEqual([expect.objectContaining({ action: 'hidden', reason: 'insults', ownerId: expect.any(String) })]);
    expect((await asOwner('GET', '/api/admin/reviews')).json().log[0]).toMatchObject({ reviewId: written[1], action: 'hidden', reason: 'insults', by: owner.email });

    expect(await publishedCount(productId)).toBe(countBefore - 1);
    expect(pageReviews(productId)?.reviews.map((shown) => shown.id)).not.toContain(written[1]);
    expect(data().aggregateRating).toMatchObject({ ratingCount: countBefore - 1, reviewCount: countBefore - 1 });
    expect(JSON.stringify(data())).not.toContain('You idiot sellers.');

    // Shown again: back, logged too.
    expect((await asOwner('POST', `/api/admin/reviews/${written[1]}/show`)).json().hidden).toBeNull();
    expect(pageReviews(productId)?.summary.count).toBe(countBefore);
    expect((await shop.database.db.select().from(reviewHidings).where(eq(reviewHidings.reviewId, written[1]!))).map((entry) => entry.action).sort()).toEqual(['hidden', 'shown']);
    expect((await asOwner('POST', '/api/admin/reviews/999999999/hide', { reason: 'offTopic' })).statusCode).toBe(404);
  });

  it('a product without reviews has no rating in its structured data', async () => {
    const unreviewed = shop.app.catalogue.current().en.products.find((candidate) => !pageReviews(candidate.id));
    expect(unreviewed).toBeDefined();
    expect(structuredData(unreviewed!.id)).not.toHaveProperty('aggregateRating');
  });
});

describe('who may moderate', () => {
  it.each([
    ['GET', '/api/admin/reviews'],
    ['POST', '/api/admin/reviews/1/hide'],
    ['POST', '/api/admin/reviews/1/show'],
  ] as const)('%s %s: 401 for a visitor, 403 for a customer', async (method, url) => {
    const customer = await signUpCustomer(shop.app);
    const payload = method === 'POST' ? { reason: 'insults' } : undefined;
    expect((await shop.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN } })).statusCode).toBe(401);
    expect((await shop.app.inject({ method, url, payload, headers: { cookie: customer.cookie, origin: TEST_ORIGIN } })).statusCode).toBe(403);
  });
});

describe('erasure and the landing', () => {
  it('a review of an order whose details are erased stays, without the name, on the page too; the order can no longer be reviewed', async () => {
    const order = await deliveredOrder(shop.app, owner.cookie, {
      firstName: 'Ioana',
      lastName: 'Vasilescu',
      lines: [
        { productId: '2', quantity: 1 },
        { productId: '4', quantity: 1 },
      ],
    });
    const [first, second] = await linesOf(order.id);
    const written = (await review(order.id, { lineId: first!.id, rating: 5, text: 'Discreet and solid.' })).json();
    expect(written.name).toBe('Ioana V.');
    // Their copy of what the shop holds about them lists it (GDPR art. 15).
    const copy = await shop.app.inject({ url: `/api/orders/${order.id}/data?token=${orderAccessToken(TEST_AUTH_SECRET, order.id)}` });
    expect(copy.json().reviews).toEqual([
      { orderNumber: order.number, product: first!.name, rating: 5, text: 'Discreet and solid.', shownName: 'Ioana V.', county: 'CJ', writtenAt: expect.any(String), hidden: false },
    ]);
    const erased = await shop.app.inject({ method: 'POST', url: `/api/orders/${order.id}/erase?token=${orderAccessToken(TEST_AUTH_SECRET, order.id)}` });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await reviewsOf(order.id)).toEqual([expect.objectContaining({ id: written.id, name: null, county: 'CJ', text: 'Discreet and solid.' })]);
    expect(pageReviews(first!.productId!)?.reviews.find((shown) => shown.id === written.id)).toMatchObject({ name: null, county: 'Cluj' });
    const after = await review(order.id, { lineId: second!.id, rating: 5 });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(`The personal data of order ${order.number} was erased: it can no longer be reviewed.`);
  });

  it('the landing shows reviews with words once six are published; the owner’s testimonials until then', async () => {
    await shop.database.db.delete(reviews);
    const landing = async () => (await shop.app.inject({ url: '/api/testimonials' })).json().testimonials as { source: string; rating?: number }[];
    expect((await landing()).every((item) => item.source !== 'review')).toBe(true);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const order = await deliveredOrder(shop.app, owner.cookie, { lines: [{ productId: '5', quantity: 1 }] });
      ids.push(order.id);
      const [line] = await linesOf(order.id);
      expect((await review(order.id, { lineId: line!.id, rating: 1 + (i % 5), text: i < 5 ? `Review ${i}` : undefined })).statusCode).toBe(201);
    }
    // Six published, five with words: not yet.
    expect((await landing()).some((item) => item.source === 'review')).toBe(false);
    const last = await deliveredOrder(shop.app, owner.cookie, { lines: [{ productId: '5', quantity: 1 }] });
    const [line] = await linesOf(last.id);
    await review(last.id, { lineId: line!.id, rating: 3, text: 'Sixth with words.' });
    const shown = await landing();
    expect(shown).toHaveLength(6);
    expect(shown.every((item) => item.source === 'review')).toBe(true);
    expect(JSON.stringify(shown)).not.toMatch(/Popescu|example\.ro/);
    // A moderation takes one away: back to the testimonials.
    const [one] = await shop.database.db
      .select()
      .from(reviews)
      .where(inArray(reviews.orderId, [last.id]));
    await asOwner('POST', `/api/admin/reviews/${one!.id}/hide`, { reason: 'offTopic' });
    expect((await landing()).some((item) => item.source === 'review')).toBe(false);
  });
});
