import { createHash } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedStatement } from '../db/client';
import type { Message } from '../locales/messages';
import { AppError } from './errors';
import { rateLimits } from '../db/schema/rateLimits';

/** One kind of counter: at most `max` hits per key in a fixed window of `windowSeconds`; `max` 0 turns it off. */
export interface Limit {
  /** Prefix of the counter's key, e.g. "order:ip". */
  name: string;
  max: number;
  windowSeconds: number;
}

/** One hit to count: the limit, and whose hit it is (an IP address, an email, a phone number). */
export interface Hit {
  limit: Limit;
  value: string;
}

/** The hits over their limit, with the seconds until each one's window ends (for Retry-After). */
export type Refusal = { limit: Limit; retryAfter: number }[];

/** The stored key: the limit's name and a hash of the value, so the table keeps no address or email in clear. */
function keyOf(hit: Hit): string {
  return `${hit.limit.name}:${createHash('sha256').update(hit.value).digest('base64url').slice(0, 32)}`;
}

const expired = sql`${rateLimits.expiresAt} <= now()`;

/** The counting, prepared (every order, sign-in and reset runs it): the keys, sorted, and each one's window, as arrays. */
const countStatement = preparedStatement<{ key: string; count: number; seconds_left: number }>(
  'rate_limit_count',
  () => sql`
    insert into ${rateLimits} (key, count, window_start, expires_at)
    select hit.key, 1, now(), now() + make_interval(secs => hit.seconds)
    from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('seconds')}::int[]) with ordinality as hit(key, seconds, position)
    order by hit.position
    on conflict (key) do update set
      count = case when ${expired} then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${expired} then now() else ${rateLimits.windowStart} end,
      expires_at = case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end
    returning key, count, greatest(1, ceil(extract(epoch from (${rateLimits.expiresAt} - now()))))::int as seconds_left`,
);

/**
 * Counts one hit under each key, atomically in the database so every process shares the count,
 * in one statement. A key whose window has ended starts a new one. Returns the hits now over
 * their limit (empty when all are within).
 *
 * Inside a transaction the counters stay locked until it ends, and roll back with it: a caller
 * that counts after doing the work, and throws when refused, counts only work that was kept. Keys
 * are locked in a fixed order (sorted), so two such transactions cannot deadlock on them.
 */
export async function countHits(db: DbOrTx, hits: Hit[]): Promise<Refusal> {
  const byKey = new Map<string, Limit>();
  for (const hit of hits) if (hit.limit.max > 0) byKey.set(keyOf(hit), hit.limit);
  if (byKey.size === 0) return [];
  const keys = [...byKey.keys()].sort();

  const rows = await countStatement(db, { keys, seconds: keys.map((key) => byKey.get(key)!.windowSeconds) });
  return rows.flatMap((row) => {
    const limit = byKey.get(row.key)!;
    return row.count > limit.max ? [{ limit, retryAfter: row.seconds_left }] : [];
  });
}

/**
 * Answers refused hits with a 429 whose Retry-After is the longest wait among them; `message` may
 * depend on which limits refused. Does nothing when none did.
 */
export function refuseOverLimit(refused: Refusal, message: Message | ((refused: Refusal) => Message), code: string): void {
  if (refused.length === 0) return;
  const retryAfter = Math.max(...refused.map((refusal) => refusal.retryAfter));
  throw new AppError('too_many_requests', typeof message === 'function' ? message(refused) : message, code, retryAfter);
}

/** How often each process clears expired counters, and how many rows one round deletes at most. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 1000;
const PRUNE_MAX_BATCHES = 20;
const lastPruned = new WeakMap<Db, number>();

/**
 * Deletes expired counters, by the expiry index, in batches. Rows another transaction has locked
 * (a counter being counted right now) are skipped, so pruning never waits and never deadlocks.
 * Returns how many rows it deleted.
 */
export async function pruneExpiredCounters(db: Db): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch += 1) {
    const expired = db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lt(rateLimits.expiresAt, sql`now()`))
      .limit(PRUNE_BATCH)
      .for('update', { skipLocked: true });
    const rows = await db.delete(rateLimits).where(inArray(rateLimits.key, expired)).returning({ key: rateLimits.key });
    deleted += rows.length;
    if (rows.length < PRUNE_BATCH) break;
  }
  return deleted;
}

/**
 * Prunes expired counters at most once a minute per process (and database), on the way of a
 * counted request: no timer to manage, and no table scan per request. A process that counts
 * nothing for a while leaves the work to the next one that does.
 */
export async function pruneExpiredCountersNowAndThen(db: Db, now = Date.now()): Promise<void> {
  const last = lastPruned.get(db);
  if (last !== undefined && now - last < PRUNE_EVERY_MS) return;
  lastPruned.set(db, now);
  await pruneExpiredCounters(db);
}
