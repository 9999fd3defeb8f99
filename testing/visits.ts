import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { seedCatalog } from '../db/seed';
import { VisitCounter } from '../server/modules/visits/counter';
import { buildTestApp, signUpOwner, type TestApp } from './app';
import { createTestDatabase } from './database';

/**
 * One test file's app whose visit counter is the test's (`counter`), so the test writes its batches when it wants,
 * with an owner signed in (`owner.cookie`) to read the dashboard. Read its fields inside tests.
 */
export function setUpCountingTestApp() {
  const context = {} as { app: TestApp; database: Database; counter: VisitCounter; owner: { cookie: string } };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    await seedCatalog(context.database.db);
    context.counter = new VisitCounter(context.database.db);
    context.app = await buildTestApp(context.database.db, { listen: context.database.listen, visits: context.counter });
    context.owner = await signUpOwner(context.app, context.database.db);
  }, 60_000);
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}
