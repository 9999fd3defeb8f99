/** Listening to PostgreSQL's notifications: one connection per process that comes back when it breaks (db/client.ts's Database.listen). */
import pg from 'pg';

/** Stops listening (see Database.listen). */
export type Unlisten = () => Promise<void>;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Refuses what is not a lower-case SQL name: channels are written into LISTEN as they are. */
export function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

export const LISTENER_APPLICATION_NAME = 'shop-listener';

/** Waits between attempts to reconnect the listener: 0.5 s, doubling, at most 15 s. */
export const LISTENER_RETRY_MS = { first: 500, max: 15_000 } as const;

/**
 * One connection per process, outside the pool, that LISTENs for every channel asked for. A pooled
 * connection cannot listen (it is handed to other queries), and one connection is enough for any
 * number of listeners. When it breaks (PostgreSQL restarted, network lost) it is replaced after a
 * growing pause, its channels are listened to again, and every listener is called once for what it
 * may have missed. Errors are reported with the driver's message only.
 */
export class PostgresListener {
  private readonly channels = new Map<string, Set<() => void>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly options: pg.ClientConfig,
    private readonly onError: (error: Error) => void,
  ) {}

  async listen(channel: string, onNotify: () => void): Promise<Unlisten> {
    checkChannel(channel);
    if (this.closed) throw new Error('The database is closed.');
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
      // A failure here is the connection breaking: its 'error' or 'end' reconnects and listens again.
      await this.client?.query(`LISTEN ${channel}`).catch(() => undefined);
    }
    listeners.add(onNotify);
    // The first listener waits for the first attempt to connect; a failed one keeps retrying.
    await this.connect();
    return async () => {
      const set = this.channels.get(channel);
      if (!set?.delete(onNotify) || set.size > 0) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  }

  private connect(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open() {
    clearTimeout(this.retry);
    this.retry = undefined;
    // Named, so it can be told apart in pg_stat_activity.
    const client = new pg.Client({ ...this.options, keepAlive: true, application_name: LISTENER_APPLICATION_NAME });
    let current = false;
    const drop = (error: Error) => {
      if (!current) return;
      current = false;
      this.client = null;
      client.end().catch(() => undefined);
      if (!this.closed) this.scheduleRetry(error);
    };
    // Without an 'error' listener a broken connection would end the process.
    client.on('error', drop);
    client.on('end', () => drop(new Error('The listening connection ended.')));
    client.on('notification', (message) => {
      if (current) for (const onNotify of this.channels.get(message.channel) ?? []) onNotify();
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.end().catch(() => undefined);
      if (!this.closed) this.scheduleRetry(error as Error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = true;
    this.client = client;
    const reconnected = this.failures > 0;
    this.failures = 0;
    if (reconnected) for (const listeners of this.channels.values()) for (const onNotify of listeners) onNotify();
  }

  private scheduleRetry(error: Error) {
    this.onError(error);
    const wait = Math.min(LISTENER_RETRY_MS.first * 2 ** this.failures, LISTENER_RETRY_MS.max);
    this.failures += 1;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), wait);
    this.retry.unref();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    await this.connecting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
