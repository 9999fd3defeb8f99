import { createHash } from 'node:crypto';
import { inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedStatement } from '../db/client';
import { rateLimits } from '../db/schema/rateLimits';
import type { Message } from '../locales/messages';
import { AppError } from './errors';
import { dueRows } from './leases';

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

/** What one counting statement returns per key: its count now and the seconds until its window ends. */
export interface CountedRow {
  key: string;
  count: number;
  seconds_left: number;
}

/**
 * The counting as SQL: one hit under each key of the array `keys`, in its order, with the window of the same
 * position in `seconds`; only `when` it holds, if given. A statement that writes other rows can count in the same
 * round trip (an order's rows do).
 */
export function countHitsSql(keys: SQLWrapper, seconds: SQLWrapper, when?: SQL): SQL {
  return sql`
    insert into ${rateLimits} (key, count, window_start, expires_at)
    select hit.key, 1, now(), now() + make_interval(secs => hit.seconds)
    from unnest(${keys}::text[], ${seconds}::int[]) with ordinality as hit(key, seconds, position)
    ${when ? sql`where ${when}` : sql``}
    order by hit.position
    on conflict (key) do update set
      count = case when ${expired} then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${expired} then now() else ${rateLimits.windowStart} end,
      expires_at = case when ${expired} then excluded.expires_at else ${rateLimits.expiresAt} end
    returning key, count, greatest(1, ceil(extract(epoch from (${rateLimits.expiresAt} - now()))))::int as seconds_left`;
}

/** The counting, prepared (every sign-in and reset runs it): the keys, sorted, and each one's window, as arrays. */
const countStatement = preparedStatement<CountedRow>('rate_limit_count', () => countHitsSql(sql.placeholder('keys'), sql.placeholder('seconds')));

/**
 * Hits as one counting statement takes them: the keys, sorted (so two transactions counting the same keys lock
 * them in the same order and cannot deadlock), each one's window, and the limit each key is for. Limits turned
 * off (max 0) are left out.
 */
export interface HitsToCount {
  keys: string[];
  seconds: number[];
  limits: Map<string, Limit>;
}

export function hitsToCount(hits: Hit[]): HitsToCount {
  const limits = new Map<string, Limit>();
  for (const hit of hits) if (hit.limit.max > 0) limits.set(keyOf(hit), hit.limit);
  const keys = [...limits.keys()].sort();
  return { keys, seconds: keys.map((key) => limits.get(key)!.windowSeconds), limits };
}

/** The hits a counting statement put over their limit (empty when all are within). */
export function refusalOf(counted: HitsToCount, rows: CountedRow[]): Refusal {
  return rows.flatMap((row) => {
    const limit = counted.limits.get(row.key)!;
    return row.count > limit.max ? [{ limit, retryAfter: row.seconds_left }] : [];
  });
}

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
  const counted = hitsToCount(hits);
  if (counted.keys.length === 0) return [];
  return refusalOf(counted, await countStatement(db, { keys: counted.keys, seconds: counted.seconds }));
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
    const expired = dueRows(db, { id: rateLimits.key, from: rateLimits, where: lt(rateLimits.expiresAt, sql`now()`), limit: PRUNE_BATCH });
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
