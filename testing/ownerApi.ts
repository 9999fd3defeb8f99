/**
 * The back office's API as a test calls it: requests as the owner (or as `who`: another account, or nobody), and a
 * guest's cash order placed through the shop's own API.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { orders } from '../db/schema/orders';
import { TEST_ORIGIN, type TestApp } from './app';
import { sampleOrder } from './sampleOrder';

export type Who = { cookie: string } | null;

export function ownerApi(shop: { app: TestApp; database: Database }, owner: () => Who) {
  function get(url: string, who: Who = owner(), headers: Record<string, string> = {}) {
    return shop.app.inject({ method: 'GET', url, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });
  }
  function post(url: string, payload: unknown, who: Who = owner(), origin: string | null = TEST_ORIGIN) {
    return shop.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(who ? { cookie: who.cookie } : {}), ...(origin ? { origin } : {}) } });
  }
  /** Places a cash order as a guest; returns its id and number. */
  async function place(overrides: Record<string, unknown> = {}) {
    const response = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder(overrides) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; number: number };
  }
  async function version(id: string) {
    const [row] = await shop.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, id));
    return row!.version;
  }
  return { get, post, place, version };
}
