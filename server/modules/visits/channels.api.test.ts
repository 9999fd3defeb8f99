import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { visitSources } from '../../../db/schema/visits';
import { TEST_ORIGIN } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { setUpCountingTestApp } from '../../../testing/visits';
import { changeOrderStatus } from '../orders/status';

// Sales by channel without a cookie or a pixel (issue 49): the visit beacon's touch counts visitors per source and
// campaign, the order keeps its channel, the dashboard puts them side by side for 7 and 30 days; an influencer's code
// counts in its channel. On the embedded database or PostgreSQL.

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const shop = setUpCountingTestApp();

const reel = { source: 'instagram', medium: 'social', campaign: 'reel12', ref: null };
const visit = (path: string, ip: string, touch?: object) =>
  shop.app.inject({ method: 'POST', url: '/api/visits', payload: { path, ...(touch ? { touch } : {}) }, remoteAddress: ip, headers: { 'user-agent': PHONE } });
const place = async (overrides: Record<string, unknown>) => {
  const placed = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder(overrides) });
  expect(placed.statusCode, placed.body).toBe(201);
  expect(placed.headers['set-cookie']).toBeUndefined();
  return placed.json() as { id: string };
};
const channelRows = async (days: number) => {
  const stats = await shop.app.inject({ url: '/api/admin/visits', headers: { cookie: shop.owner.cookie } });
  expect(stats.statusCode, stats.body).toBe(200);
  return (stats.json().channels as { days: number; rows: unknown[] }[]).find((period) => period.days === days)!.rows;
};

describe('sales by channel', () => {
  it('puts a tagged visit’s order and its total in its source / campaign row, beside the direct ones, for 7 and 30 days; no answer sets a cookie', async () => {
    // Two visitors from the reel (one sends its tags as typed: cleaned), one typed the address.
    for (const answer of [
      await visit('/shop?utm_source=instagram&utm_campaign=reel12', '10.0.0.1', reel),
      await visit('/shop/dummy-lighter', '10.0.0.1', reel),
      await visit('/shop', '10.0.0.2', { ...reel, source: ' Instagram ', campaign: 'REEL12' }),
      await visit('/', '10.0.0.3'),
    ]) {
      expect(answer.statusCode).toBe(204);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    await shop.counter.flush();
    // Nothing that names anyone: a hash per source and campaign.
    for (const row of await shop.database.db.select().from(visitSources)) expect(row.visitor).toMatch(/^[0-9a-f]{32}$/);

    const fromReel = await place({ attribution: { first: { source: 'tiktok', medium: null, campaign: null, ref: null }, last: reel } });
    await place({ email: 'ion@example.ro' });
    const [kept] = await shop.database.db
      .select({ channel: orders.channel, campaign: orders.campaign, attribution: orders.attribution, total: orders.totalAmount })
      .from(orders)
      .where(eq(orders.id, fromReel.id));
    expect(kept).toMatchObject({ channel: 'instagram', campaign: 'reel12', attribution: { first: { source: 'tiktok' }, last: reel } });

    for (const days of [7, 30]) {
      expect(await channelRows(days)).toEqual([
        { source: 'instagram', campaign: 'reel12', visitors: 2, orders: 1, revenue: kept!.total, conversion: 50 },
        { source: 'direct', campaign: null, visitors: 1, orders: 1, revenue: kept!.total, conversion: 100 },
      ]);
    }
    // The owner's order page says where it came from.
    const detail = await shop.app.inject({ url: `/api/admin/orders/${fromReel.id}`, headers: { cookie: shop.owner.cookie } });
    expect(detail.json()).toMatchObject({ channel: 'instagram', campaign: 'reel12' });
    // The storefront's pages set no cookie either, tagged or not.
    for (const url of ['/', '/shop?utm_source=instagram&utm_campaign=reel12']) {
      const page = await shop.app.inject({ url, headers: { origin: TEST_ORIGIN } });
      expect(page.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('counts an influencer’s code in its channel whatever the visit’s touch, and leaves a cancelled order out of the revenue', async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: { cookie: shop.owner.cookie, origin: TEST_ORIGIN },
      payload: { code: 'ANDREEA10', kind: 'percent', value: 10, channel: 'TikTok Andreea' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'ANDREEA10', channel: 'tiktok-andreea' });
    const kept = await place({ email: 'maria@example.ro', discountCode: 'andreea10', attribution: { first: reel, last: reel } });
    const cancelled = await place({ email: 'dan@example.ro', discountCode: 'ANDREEA10' });
    await changeOrderStatus(shop.database.db, cancelled.id, 'cancelled', { actor: 'owner' });
    const [row] = await shop.database.db.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, kept.id));
    expect(await channelRows(7)).toContainEqual({ source: 'tiktok-andreea', campaign: 'ANDREEA10', visitors: 0, orders: 2, revenue: row!.total, conversion: null });
  });

  it('counts an order the owner took by phone as phone, and keeps no channel from a touch without a source', async () => {
    const taken = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/orders',
      headers: { cookie: shop.owner.cookie, origin: TEST_ORIGIN },
      payload: { order: sampleOrder({ email: 'radu@example.ro', attribution: { first: reel, last: reel } }), locale: 'ro' },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const [row] = await shop.database.db.select({ channel: orders.channel }).from(orders).where(eq(orders.id, taken.json().id));
    expect(row!.channel).toBe('phone');

    const blank = await place({ email: 'elena@example.ro', attribution: { first: { ...reel, source: '<>' }, last: { ...reel, source: '<>' } } });
    const [kept] = await shop.database.db.select({ channel: orders.channel, attribution: orders.attribution }).from(orders).where(eq(orders.id, blank.id));
    expect(kept).toEqual({ channel: 'direct', attribution: null });
  });
});
