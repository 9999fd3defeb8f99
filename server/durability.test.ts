import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { LOCK_STALE_MS } from '../db/dataFolderLock';
import { freePort, type ShopProcess, startShop } from '../scripts/shopProcess';
import { answered, expectOrdersKept, NO_ORDER_LIMITS, type OrderAttempt, postOrder, streamOrders } from '../testing/orderStream';
import { sampleOrder } from '../testing/sampleOrder';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-durability-'));
const folder = path.join(dataDir, 'pglite');
const env = { DATA_DIR: dataDir, WEB_ROOT: './no-web-app', ...NO_ORDER_LIMITS };
const shops: ShopProcess[] = [];

afterAll(async () => {
  for (const shop of shops) await shop.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/*
 * DESIGN.md decision 11 (an acknowledged order is never lost) and issue 10 on the embedded database:
 * one shop process per data folder, and every order answered 201 survives a SIGKILL. The tests run
 * in order on one data folder: the first shop takes a stream of orders while a second is refused,
 * then it is killed mid-stream, and the next start takes over its stale lock.
 */
describe('embedded database under faults', () => {
  let first: ShopProcess;
  const attempts: OrderAttempt[] = [];

  it('refuses a second process on the same data folder, naming the folder and the holder, while the first takes orders', async () => {
    first = await startShop(await freePort(), env);
    shops.push(first);
    const meanwhile = streamOrders(first.origin, { concurrency: 1, max: 100 });

    const second = startShop(await freePort(), env);
    await expect(second).rejects.toThrow(/exited with code 1 while starting/);
    await expect(second).rejects.toThrow(`The data folder ${folder} is in use by another shop process (pid ${first.child.pid} on`);
    // The refused process left the first one, its orders and its lock alone.
    attempts.push(...(await meanwhile.stop()));
    expect(attempts.filter(answered(201)).length).toBe(attempts.length);
    expect(first.child.exitCode).toBeNull();
    expect(existsSync(`${folder}.lock`)).toBe(true);
  });

  it('keeps every order answered 201 when the process is killed with SIGKILL in the middle of a stream', async () => {
    const stream = streamOrders(first.origin, { concurrency: 4, max: 300 });
    await stream.until((done) => done.filter(answered(201)).length >= 100, 30_000, '100 orders placed');
    await first.stop('SIGKILL');
    const killed = await stream.stop();
    attempts.push(...killed);
    expect(killed.length).toBeLessThan(300);

    // The killed process could not release its lock: the next start waits until it is stale.
    const killedAt = Date.now();
    const restarted = await startShop(await freePort(), env, LOCK_STALE_MS + 30_000);
    shops.push(restarted);
    expect(Date.now() - killedAt).toBeLessThan(LOCK_STALE_MS + 20_000);
    for (let n = 0; n < 5; n++) {
      const attempt = await postOrder(restarted.origin, sampleOrder({ email: `after-restart-${n}@example.ro` }) as OrderAttempt['body']);
      expect(attempt.status).toBe(201);
      attempts.push(attempt);
    }

    // A clean stop closes PGlite and releases the lock, so the folder opens again at once.
    await restarted.stop('SIGTERM');
    expect(restarted.child.exitCode).toBe(0);
    expect(existsSync(`${folder}.lock`)).toBe(false);
    const database = await openPglite(folder);
    try {
      const kept = await expectOrdersKept(database.db, attempts);
      expect(kept.placed).toBe(attempts.filter(answered(201)).length);
    } finally {
      await database.close();
    }
  });
});
