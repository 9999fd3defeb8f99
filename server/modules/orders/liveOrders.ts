import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../../db/client';
import type { Unlisten } from '../../../db/listener';
import { orderEvents, orders } from '../../../db/schema/orders';
import type { LiveOrderEvent } from '../../../domain/contracts/admin';
import { orderRowColumns } from './ownerList';

/**
 * The back office's live stream of order events, in the order of order_events' (tx, id): `tx` is
 * the writing transaction's id. Only events of transactions older than every transaction still
 * running are read (`tx < pg_snapshot_xmin(…)`), so an event committed late by an older
 * transaction can never fall behind a cursor that has already passed it: nothing is skipped, and
 * the cursor "tx-id" resumes a stream exactly (Last-Event-ID).
 */
export interface StreamCursor {
  tx: bigint;
  id: number;
}

export const formatCursor = (cursor: StreamCursor) => `${cursor.tx}-${cursor.id}`;

/** "tx-id" as formatCursor writes it; null for anything else. */
export function parseCursor(text: string | undefined): StreamCursor | null {
  const match = /^(\d{1,20})-(\d{1,15})$/.exec(text ?? '');
  if (!match) return null;
  const tx = BigInt(match[1]!);
  return tx < 2n ** 64n ? { tx, id: Number(match[2]) } : null;
}

const after = (a: StreamCursor, b: StreamCursor) => a.tx > b.tx || (a.tx === b.tx && a.id > b.id);

/** Only transactions older than every one still running: their events are all committed and visible. */
const finished = sql`${orderEvents.tx} < pg_snapshot_xmin(pg_current_snapshot())`;

/** Where the stream stands now: the last event that every reader can already see. */
export async function currentCursor(db: Db): Promise<StreamCursor> {
  const [row] = await db
    .select({ tx: sql<string>`${orderEvents.tx}::text`, id: orderEvents.id })
    .from(orderEvents)
    .where(finished)
    .orderBy(desc(orderEvents.tx), desc(orderEvents.id))
    .limit(1);
  return row ? { tx: BigInt(row.tx), id: Number(row.id) } : { tx: 0n, id: 0 };
}

export interface DeliveredEvent {
  cursor: StreamCursor;
  event: LiveOrderEvent;
}

/**
 * Events after `cursor` that can be sent (at most `limit`), each with its order's row as it is now, and whether a
 * committed event past them is held back by an older transaction still running. In (tx, id) order every finished
 * event comes before every held-back one, so one read tells both.
 */
export async function eventsAfter(db: Db, cursor: StreamCursor, limit: number): Promise<{ events: DeliveredEvent[]; heldBack: boolean }> {
  const rows = await db
    .select({
      tx: sql<string>`${orderEvents.tx}::text`,
      eventId: orderEvents.id,
      fromStatus: orderEvents.fromStatus,
      finished: sql<boolean>`${finished}`,
      order: orderRowColumns,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(sql`(${orderEvents.tx}, ${orderEvents.id}) > (${cursor.tx.toString()}::xid8, ${cursor.id})`)
    .orderBy(asc(orderEvents.tx), asc(orderEvents.id))
    .limit(limit);
  const events = rows
    .filter((row) => row.finished)
    .map((row) => ({
      cursor: { tx: BigInt(row.tx), id: Number(row.eventId) },
      event: { kind: row.fromStatus === null ? ('placed' as const) : ('changed' as const), order: row.order },
    }));
  return { events, heldBack: events.length < rows.length };
}

/** The notification channel order_events' trigger NOTIFYs on every insert (migration 0006). */
export const ORDER_EVENTS_CHANNEL = 'order_events';
/** Read again every few seconds while anyone watches, in case a notification was lost. */
export const SAFETY_POLL_MS = 5_000;
/** While committed events are held back: look again every HELD_BACK_RETRY_MS, at most this many times in a row. */
const HELD_BACK_RETRY_MS = 250;
const HELD_BACK_TRIES = 120;
const BATCH = 500;

interface Subscriber {
  cursor: StreamCursor;
  send(events: DeliveredEvent[]): void;
}

/**
 * One per process: one LISTEN for order_events, fanned out to every open stream. A notification
 * (or the safety poll) wakes one reader, which reads from the oldest cursor among the streams and
 * gives each stream what lies past its own cursor. Reads never overlap.
 */
export class LiveOrders {
  private readonly subscribers = new Set<Subscriber>();
  private listening: Promise<Unlisten | null> | null = null;
  private poll: NodeJS.Timeout | undefined;
  private reading = false;
  private readAgain = false;
  /**
   * How many more times the reader looks again shortly while committed events are held back by an older transaction
   * still running (`finished`), anywhere on the cluster, rather than at the safety poll; reset once none is.
   */
  private heldBackTries = HELD_BACK_TRIES;
  private heldBackTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly listen: Database['listen'],
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = SAFETY_POLL_MS,
  ) {}

  /** Sends `send` every event after `cursor`, now and as they come; returns the way to stop. */
  async subscribe(cursor: StreamCursor, send: Subscriber['send']): Promise<() => void> {
    this.listening ??= this.listen(ORDER_EVENTS_CHANNEL, () => this.wake()).catch((err: unknown) => {
      this.log.warn({ err }, 'listening for order events failed; the live stream polls instead');
      return null;
    });
    await this.listening;
    this.poll ??= setInterval(() => this.wake(), this.pollMs).unref();
    const subscriber = { cursor, send };
    this.subscribers.add(subscriber);
    this.wake();
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) {
        clearInterval(this.poll);
        this.poll = undefined;
      }
    };
  }

  private wake() {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    void this.read();
  }

  private async read() {
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        if (this.subscribers.size === 0) break;
        const from = [...this.subscribers].map((subscriber) => subscriber.cursor).reduce((a, b) => (after(a, b) ? b : a));
        const { events, heldBack } = await eventsAfter(this.db, from, BATCH);
        // Committed, yet held back by an older transaction still running: look again shortly, not at the next poll
        // (its own notification came before and may have been read already, as when a stream resumes past it).
        if (!heldBack) this.heldBackTries = HELD_BACK_TRIES;
        else if (this.heldBackTries > 0) {
          this.heldBackTries -= 1;
          clearTimeout(this.heldBackTimer);
          this.heldBackTimer = setTimeout(() => this.wake(), HELD_BACK_RETRY_MS).unref();
        }
        for (const subscriber of this.subscribers) {
          const due = events.filter((delivered) => after(delivered.cursor, subscriber.cursor));
          if (due.length === 0) continue;
          subscriber.cursor = due.at(-1)!.cursor;
          subscriber.send(due);
        }
        if (events.length === BATCH) this.readAgain = true;
      } while (this.readAgain);
    } catch (err) {
      this.log.warn({ err }, 'reading order events failed; trying again at the next poll');
    } finally {
      this.reading = false;
    }
  }

  async close() {
    this.subscribers.clear();
    clearTimeout(this.heldBackTimer);
    clearInterval(this.poll);
    this.poll = undefined;
    const unlisten = await this.listening;
    this.listening = null;
    await unlisten?.().catch(() => undefined);
  }
}
