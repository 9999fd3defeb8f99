import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database';
import type { Database } from './client';
import { LISTENER_APPLICATION_NAME } from './listener';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Resolves when `count()` reaches `n`, or fails after `ms`. */
async function until(what: string, check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Database.listen', () => {
  it('calls back on every NOTIFY of its channel until it stops listening', async () => {
    let calls = 0;
    let others = 0;
    const unlisten = await database.listen('shop_test_channel', () => {
      calls += 1;
    });
    const unlistenOther = await database.listen('shop_other_channel', () => {
      others += 1;
    });
    await database.db.execute(sql`select pg_notify('shop_test_channel', 'anything')`);
    await until('the first notification', () => calls === 1);
    await database.db.execute(sql`select pg_notify('shop_test_channel', '')`);
    await until('the second notification', () => calls === 2);
    await unlisten();
    await database.db.execute(sql`select pg_notify('shop_test_channel', '')`);
    await database.db.execute(sql`select pg_notify('shop_other_channel', '')`);
    await until('the other channel', () => others === 1);
    expect(calls).toBe(2);
    await unlistenOther();
  });

  it('refuses a channel name that is not a plain SQL name', async () => {
    await expect(database.listen('x; drop table orders', () => undefined)).rejects.toThrow(/Not a channel name/);
  });

  it.runIf(process.env.TEST_DATABASE === 'postgres')('on PostgreSQL: a killed listening connection comes back, calls back once for what it missed, and listens again', async () => {
    let calls = 0;
    const unlisten = await database.listen('shop_reconnect', () => {
      calls += 1;
    });
    const killed = await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`);
    expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    // The callback for what may have been missed while it was down.
    await until('the call after reconnecting', () => calls === 1);
    await database.db.execute(sql`select pg_notify('shop_reconnect', '')`);
    await until('a notification on the new connection', () => calls === 2);
    await unlisten();
  });
});
