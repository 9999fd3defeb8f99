import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { visitSalts, visitViews, visitVisitors } from '../../../db/schema/visits';
import { addDays } from '../../../domain/calendar';
import { bucharestDay } from '../../../domain/locale';
import { sampleOrder } from '../../../testing/sampleOrder';
import { setUpCountingTestApp } from '../../../testing/visits';
import { VisitCounter } from './counter';

// Visitors and the funnel, counted on the server with no cookie and no IP address kept (issue 34); on the embedded
// database or PostgreSQL. The app's counter is the test's, so the test writes its batches when it wants.

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const shop = setUpCountingTestApp();

// (No user agent at all is a bot's too: domain/visits.test.ts; the test client always sends one.)
const visit = (path: string, ip: string, userAgent = PHONE, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url: '/api/visits', payload: { path }, remoteAddress: ip, headers: { 'user-agent': userAgent, ...headers } });
const today = bucharestDay(new Date());
const visitorsOf = async (step: string) =>
  (
    await shop.database.db
      .select()
      .from(visitVisitors)
      .where(eq(visitVisitors.step, step as 'landing'))
  ).filter((row) => row.day === today);

describe('counting visits', () => {
  it('counts each visitor once a day per step however many pages they open, and every view; not bots, prefetches or other pages', async () => {
    for (let i = 0; i < 3; i += 1) expect((await visit('/', '10.0.0.1')).statusCode).toBe(204);
    await visit('/', '10.0.0.1', LAPTOP);
    await visit('/', '10.0.0.2');
    await visit('/', '10.0.0.3', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await visit('/', '10.0.0.5', PHONE, { 'sec-purpose': 'prefetch' });
    await visit('/privacy', '10.0.0.6');
    await visit('/shop/dummy-lighter', '10.0.0.1');
    await visit('/shop/dummy-lighter', '10.0.0.2');
    await visit('/checkout?step=email', '10.0.0.1');
    expect(await visitorsOf('landing')).toHaveLength(0);
    await shop.counter.flush();

    // Three visitors on the landing page: two addresses, and one of them with two browsers.
    expect(await visitorsOf('landing')).toHaveLength(3);
    expect(await visitorsOf('product')).toHaveLength(2);
    expect(await visitorsOf('email')).toHaveLength(1);
    const views = await shop.database.db.select().from(visitViews).where(eq(visitViews.day, today));
    expect(views.find((row) => row.step === 'landing')!.views).toBe(5);
    expect(views.find((row) => row.step === 'product')).toMatchObject({ page: 'dummy-lighter', views: 2 });
    // Nothing that names anyone: a hash, no address or browser.
    for (const row of await visitorsOf('landing')) {
      expect(row.visitor).toMatch(/^[0-9a-f]{32}$/);
      expect(row.visitor).not.toContain('10.0.0');
    }
  });

  it('counts a visitor once across processes (the day’s salt is shared), and forgets the salt once its day is over', async () => {
    const other = new VisitCounter(shop.database.db);
    await shop.counter.count('shop', '', { ip: '10.1.0.1', userAgent: PHONE });
    await other.count('shop', '', { ip: '10.1.0.1', userAgent: PHONE });
    await Promise.all([shop.counter.flush(), other.flush()]);
    expect(await visitorsOf('shop')).toHaveLength(1);

    await other.flush(new Date(Date.now() + 2 * 86_400_000));
    expect(await shop.database.db.select().from(visitSalts).where(eq(visitSalts.day, today))).toHaveLength(0);
  });

  it('refuses a body that is not a page, counting nothing', async () => {
    const bad = await shop.app.inject({ method: 'POST', url: '/api/visits', payload: { path: 'x'.repeat(600) }, headers: { 'user-agent': PHONE } });
    expect(bad.statusCode).toBe(400);
    // Not a path of this shop (another host's, or no URL at all: it was a 500 to any visitor): 400, nothing counted.
    await shop.counter.flush();
    const viewsBefore = (await shop.database.db.select().from(visitViews)).length;
    for (const path of ['//[', '//evil.example/', 'shop', 'http://shop.example/']) {
      const answer = await visit(path, '10.0.0.9');
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().message).toBe('path must be a page of this shop, like /shop.');
    }
    await shop.counter.flush();
    expect((await shop.database.db.select().from(visitViews)).length).toBe(viewsBefore);
  });
});

describe('the dashboard’s visitors', () => {
  it('shows visitors, orders and the conversion for today, 7 and 30 days, each day, the funnel with its drop-offs and the top products', async () => {
    for (const quantity of [2, 1]) {
      const placed = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ lines: [{ productId: '1', quantity, colour: 'Black' }] }) });
      expect(placed.statusCode).toBe(201);
    }
    const stats = await shop.app.inject({ url: '/api/admin/visits', headers: { cookie: shop.owner.cookie } });
    expect(stats.statusCode).toBe(200);
    const body = stats.json();
    // Three on the landing page, one on the shop (from the test before), two on a product page, one at the email step.
    const visitors = 4;
    expect(body.periods).toEqual([
      { days: 1, visitors, orders: 2, conversion: 50 },
      { days: 7, visitors, orders: 2, conversion: 50 },
      { days: 30, visitors, orders: 2, conversion: 50 },
    ]);
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({ day: today, visitors, orders: 2 });
    expect(body.daily[0].day).toBe(addDays(today, -29));
    expect(body.funnel).toEqual([
      { step: 'landing', visitors: 3, dropOff: null },
      { step: 'shop', visitors: 1, dropOff: 66.7 },
      { step: 'product', visitors: 2, dropOff: 0 },
      { step: 'cart', visitors: 0, dropOff: 100 },
      { step: 'email', visitors: 1, dropOff: null },
      { step: 'shipping', visitors: 0, dropOff: 100 },
      { step: 'payment', visitors: 0, dropOff: null },
      { step: 'order', visitors: 2, dropOff: null },
    ]);
    expect(body.topViewed).toEqual([{ name: 'Dummy Lighter', views: 2 }]);
    expect(body.topOrdered).toEqual([{ name: 'Dummy Lighter', units: 3 }]);
    expect((await shop.app.inject({ url: '/api/admin/visits' })).statusCode).toBe(401);
  });
});
