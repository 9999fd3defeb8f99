import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { orderLines, orders } from '../db/schema/orders';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-durability-'));
const port = 4400 + Math.floor(Math.random() * 500);
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_ROOT: './no-web-app' },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

// DESIGN.md decision 11: an acknowledged order is never lost, on the embedded database too.
describe('embedded database durability', () => {
  it('keeps an order answered 201 when the server is killed with SIGKILL right after the answer', async () => {
    server = await startServer();
    const response = await fetch(`http://127.0.0.1:${port}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'durable@example.ro',
        firstName: 'Dan',
        lastName: 'Ionescu',
        country: 'Romania',
        city: 'Iași',
        street: 'Bulevardul Carol I',
        streetNumber: '11',
        postalCode: '700506',
        phoneNumber: '0740 000 000',
        lines: [{ productId: '3', quantity: 2 }],
        paymentMethod: 'cod',
        idempotencyKey: randomUUID(),
      }),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    server.kill('SIGKILL');
    await exited(server);

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
