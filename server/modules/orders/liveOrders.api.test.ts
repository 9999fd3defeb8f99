import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../db/client';
import { seedCatalog } from '../../../db/seed';
import { buildTestApp, setUpTestApp, signUpOwner, TEST_ORIGIN, type TestApp } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';

/**
 * The safety poll far off: an event that comes within NOTIFIED_WITHIN came by its notification. Generous, since a
 * transaction still open anywhere on the cluster (another test file's, on the shared PostgreSQL) holds every event back
 * until it ends (liveOrders.ts reads only transactions older than every running one).
 */
const POLL_MS = 60_000;
const NOTIFIED_WITHIN = 30_000;
const shop = setUpTestApp({ livePollMs: POLL_MS });
let baseUrl: string;
let owner: { cookie: string };

beforeAll(async () => {
  owner = await signUpOwner(shop.app, shop.database.db);
  baseUrl = await shop.app.listen({ port: 0, host: '127.0.0.1' });
});

interface StreamEvent {
  id: string;
  event: string;
  data: { kind: 'placed' | 'changed'; order: { id: string; number: number; status: string } };
}

/** An open GET /api/admin/events, as a browser's EventSource reads it; resumed from `from` (a header or the query) if given. */
async function openStream(url: string, cookie: string, from: { lastEventId: string; as: 'header' | 'query' } | null = null) {
  const abort = new AbortController();
  const query = from?.as === 'query' ? `?lastEventId=${from.lastEventId}` : '';
  const response = await fetch(`${url}/api/admin/events${query}`, {
    headers: { cookie, ...(from?.as === 'header' ? { 'last-event-id': from.lastEventId } : {}) },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('x-content-type-options'), 'the security headers every answer has').toBe('nosniff');
  const events: StreamEvent[] = [];
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
          if (fields.event) events.push({ id: fields.id!, event: fields.event, data: JSON.parse(fields.data!) });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    }
    ended = true;
  })();
  return {
    events,
    isEnded: () => ended,
    // Generous: these tests say what comes and in which order; how fast is npm run bench's (20 ms at p95). With four
    // test files at once on PostgreSQL an event once took over 1.5 s.
    async waitFor(count: number, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} events within ${ms} ms, got ${events.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return events;
    },
    async close() {
      abort.abort();
      await reading;
    },
  };
}

async function place(app: TestApp = shop.app) {
  const response = await app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder() });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; number: number };
}

const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/admin/events', () => {
  it('sends an order placed while the stream is open by its notification (long before the safety poll), with its list row', async () => {
    // Before the stream: not sent, unless a transaction older than it still runs somewhere on the cluster (then it was
    // not finished when the stream started, and comes too: never twice, never out of order).
    const before = await place();
    const stream = await openStream(baseUrl, owner.cookie);
    const started = Date.now();
    const order = await place();
    const ours = () => stream.events.find((event) => event.data.order.id === order.id);
    while (!ours() && Date.now() - started < NOTIFIED_WITHIN) await quiet(10);
    expect(Date.now() - started).toBeLessThan(POLL_MS);
    const event = ours()!;
    expect(event.event).toBe('order');
    expect(event.id).toMatch(/^\d+-\d+$/);
    expect(event.data).toMatchObject({ kind: 'placed', order: { id: order.id, number: order.number, status: 'pending', firstName: 'Ana', city: 'Cluj-Napoca', total: 12496 } });
    await quiet(300);
    const sent = stream.events.map((sentEvent) => sentEvent.data.order.id);
    expect([[order.id], [before.id, order.id]]).toContainEqual(sent);
    await stream.close();
  });

  it('resumes from Last-Event-ID with exactly the events missed, in order, once', async () => {
    const first = await openStream(baseUrl, owner.cookie);
    const a = await place();
    const [seen] = await first.waitFor(1);
    await first.close();

    const b = await place();
    const c = await place();
    const change = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${a.id}/status`,
      payload: { to: 'confirmed', version: 1 },
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
    });
    expect(change.statusCode).toBe(200);

    for (const as of ['header', 'query'] as const) {
      const again = await openStream(baseUrl, owner.cookie, { lastEventId: seen!.id, as });
      const events = await again.waitFor(3);
      await quiet(300);
      expect(events.map((event) => [event.data.kind, event.data.order.id])).toEqual([
        ['placed', b.id],
        ['placed', c.id],
        ['changed', a.id],
      ]);
      expect(events[2]!.data.order.status).toBe('confirmed');
      await again.close();
    }
  });

  it('ends open streams when the app closes', async () => {
    const { database } = shop;
    const app = await buildTestApp(database.db, { listen: database.listen });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(url, owner.cookie);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.isEnded()).toBe(true);
  });
});

/** The test's PostgreSQL database, for a second connection to it (node-postgres answers `{ rows }`). */
async function databaseName() {
  const result = (await shop.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  return result.rows[0]!.name;
}

describe.runIf(process.env.TEST_DATABASE === 'postgres')('on PostgreSQL', () => {
  it('two app processes on one database: an order placed through one appears on the other’s stream', async () => {
    const other = await openPostgres({ database: await databaseName(), max: 5 });
    const otherApp = await buildTestApp(other.db, { listen: other.listen });
    try {
      await seedCatalog(other.db);
      const url = await otherApp.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(url, owner.cookie);
      const order = await place(shop.app);
      const [event] = await stream.waitFor(1, 10_000);
      expect(event!.data.order.id).toBe(order.id);
      await stream.close();
    } finally {
      await otherApp.close();
      await other.close();
    }
  });

  it('never sends an event past one of an older transaction that commits later; both come, in transaction order', async () => {
    const stream = await openStream(baseUrl, owner.cookie);
    const slow = new pg.Client({ database: await databaseName() });
    await slow.connect();
    try {
      const existing = await place();
      await stream.waitFor(1);
      // An older transaction writes an event and holds on to it…
      await slow.query('begin');
      await slow.query(`insert into order_events (order_id, actor, from_status, to_status, note) values ($1, 'system', 'pending', 'pending', 'late')`, [existing.id]);
      // …while a younger one commits an order.
      const younger = await place();
      await quiet(700);
      expect(stream.events).toHaveLength(1);
      await slow.query('commit');
      const events = await stream.waitFor(3, 10_000);
      expect(events.map((event) => [event.data.kind, event.data.order.id])).toEqual([
        ['placed', existing.id],
        ['changed', existing.id],
        ['placed', younger.id],
      ]);
    } finally {
      await slow.end();
      await stream.close();
    }
  });

  it('sends an event held back by an older transaction that writes none as soon as that one ends, not at the safety poll', async () => {
    const stream = await openStream(baseUrl, owner.cookie);
    const older = new pg.Client({ database: 'postgres' });
    await older.connect();
    try {
      // A transaction of another database on the cluster (a report, a backup) takes an id before the order's.
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const order = await place();
      await quiet(700);
      expect(stream.events).toHaveLength(0);
      // It ends without a notification of its own; the order's comes within moments, far from the 60 s poll.
      const ended = Date.now();
      await older.query('commit');
      const [event] = await stream.waitFor(1, 10_000);
      expect(Date.now() - ended).toBeLessThan(POLL_MS / 4);
      expect(event!.data.order.id).toBe(order.id);
    } finally {
      await older.end();
      await stream.close();
    }
  });

  it('a stream resumed past events, the later of them held back, gets those as soon as the older transaction ends, not at the poll', async () => {
    const first = await openStream(baseUrl, owner.cookie);
    await place();
    const [seen] = await first.waitFor(1);
    await first.close();
    const visible = await place();
    const older = new pg.Client({ database: 'postgres' });
    await older.connect();
    try {
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const held = await place();
      // Its notification comes while no stream is open (a clean-clone CI run met this with another test file's
      // transaction on the cluster: the resumed stream got the events before and waited for the poll for the rest).
      await quiet(300);
      const resumed = await openStream(baseUrl, owner.cookie, { lastEventId: seen!.id, as: 'header' });
      try {
        await resumed.waitFor(1);
        await quiet(700);
        expect(resumed.events.map((event) => event.data.order.id)).toEqual([visible.id]);
        const ended = Date.now();
        await older.query('commit');
        const events = await resumed.waitFor(2, 10_000);
        expect(Date.now() - ended).toBeLessThan(POLL_MS / 4);
        expect(events.map((event) => event.data.order.id)).toEqual([visible.id, held.id]);
      } finally {
        await resumed.close();
      }
    } finally {
      await older.end();
    }
  });
});
