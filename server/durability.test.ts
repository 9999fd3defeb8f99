import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { orderLines, orders } from '../db/schema/orders';
import { startShop, type ShopProcess } from '../scripts/shopProcess';
import { sampleOrder } from '../testing/sampleOrder';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-durability-'));
let shop: ShopProcess | undefined;

afterAll(async () => {
  await shop?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// DESIGN.md decision 11: an acknowledged order is never lost, on the embedded database too.
describe('embedded database durability', () => {
  it('keeps an order answered 201 when the server is killed with SIGKILL right after the answer', async () => {
    shop = await startShop(4400 + Math.floor(Math.random() * 500), { DATA_DIR: dataDir, WEB_ROOT: './no-web-app' });
    const response = await fetch(`${shop.origin}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sampleOrder({ email: 'durable@example.ro', lines: [{ productId: '3', quantity: 2 }] })),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await shop.stop('SIGKILL');

    const database = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
      expect(order?.email).toBe('durable@example.ro');
      const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, id));
      expect(lines.map((line) => [line.productId, line.quantity])).toEqual([['3', 2]]);
    } finally {
      await database.close();
    }
  });
});
