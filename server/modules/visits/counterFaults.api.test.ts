import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../../db/client';
import { visitViews, visitVisitors } from '../../../db/schema/visits';
import { bucharestDay } from '../../../domain/locale';
import { type PostgresCluster, startPostgresCluster } from '../../../testing/postgresCluster';
import { VisitCounter } from './counter';

// The visit counter's batches when the database goes away (decision 0035): a batch that cannot be written is kept and
// written with the next one once PostgreSQL is back, nothing counted twice. On a PostgreSQL cluster of this file's own,
// stopped for real (stopping the shared one would pull the database from under the other test files).

describe.skipIf(process.env.TEST_DATABASE !== 'postgres')('visit counts while PostgreSQL is down', () => {
  let cluster: PostgresCluster;
  let database: Database;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    database = await openPostgres(
      { connectionString: await cluster.createDatabase('visits'), connectionTimeoutMillis: 2_000 },
      { onConnectionError: () => undefined, onListenerError: () => undefined },
    );
  }, 120_000);

  afterAll(async () => {
    await database?.close().catch(() => undefined);
    await cluster?.destroy();
  });

  it('keeps a batch PostgreSQL could not take and writes it, with what came since, once it is back', async () => {
    const counter = new VisitCounter(database.db);
    const phone = { ip: '10.1.1.1', userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile' };
    const laptop = { ip: '10.1.1.2', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0' };
    // The day's salt is read while the database is up; counting itself never touches it.
    await counter.count('landing', '/', phone);
    await counter.count('landing', '/', phone);
    await counter.count('shop', '/shop', laptop);

    await cluster.stop('immediate');
    await expect(counter.flush()).rejects.toThrow();
    // Counted while it is down, and another batch lost to the outage.
    await counter.count('landing', '/', laptop);
    await expect(counter.flush()).rejects.toThrow();

    await cluster.start();
    let written = false;
    for (let attempt = 0; attempt < 50 && !written; attempt += 1) {
      written = await counter.flush().then(
        () => true,
        () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 200)),
      );
    }
    expect(written).toBe(true);
    // Written once: a batch after it adds nothing.
    await counter.flush();

    const today = bucharestDay(new Date());
    const views = (await database.db.select().from(visitViews)).filter((row) => row.day === today);
    expect(views.map(({ step, page, views: count }) => ({ step, page, count })).sort((a, b) => a.step.localeCompare(b.step))).toEqual([
      { step: 'landing', page: '/', count: 3 },
      { step: 'shop', page: '/shop', count: 1 },
    ]);
    const visitors = (await database.db.select().from(visitVisitors)).filter((row) => row.day === today);
    expect(visitors.filter((row) => row.step === 'landing')).toHaveLength(2);
    expect(visitors.filter((row) => row.step === 'shop')).toHaveLength(1);
  }, 120_000);
});
