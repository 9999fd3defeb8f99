import { createServer } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/app';
import { sampleOrder } from '../testing/sampleOrder';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from './errors';
import { translate } from './i18n';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a dual-stack refusal', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool giving up', new Error('timeout exceeded when trying to connect')],
    ['an administrator shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['a crash shutdown', withCode('terminating connection because of crash of another server process', '57P02')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['one wrapped by Drizzle', new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') })],
  ])('recognises %s', (_case, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selct"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
  ])('does not take %s for an outage', (_case, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

/** A port on 127.0.0.1 that nothing listens on: every connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('answers while the database cannot be reached', () => {
  let pool: pg.Pool;
  let app: TestApp;
  beforeAll(async () => {
    pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'shop', database: 'shop', connectionTimeoutMillis: 1000 });
    app = await buildTestApp(drizzle({ client: pool }));
  });
  afterAll(async () => {
    await app?.close();
    await pool?.end();
  });

  it('answers an order 503 with Retry-After and says it was not placed', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder() });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({ error: 'unavailable', message: translate('en', 'message.orderUnavailable'), code: 'database_unavailable' });
  });

  it('answers other routes 503 with the general text, and the health check says the database is down', async () => {
    const products = await app.inject({ method: 'GET', url: '/api/products' });
    expect(products.statusCode).toBe(503);
    expect(products.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(products.json().message).toBe(translate('en', 'message.shopUnavailable'));

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(health.json().message).toBe(translate('en', 'message.databaseDown'));
  });
});
