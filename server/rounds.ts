import type { FastifyInstance } from 'fastify';

/** A background job's rounds: stopped once the round under way has finished. */
export interface Rounds {
  stop(): Promise<void>;
}

/**
 * Runs `round` now (or, with firstRound 'after', first after `everyMs`) and every `everyMs` after, one at a time (a
 * round still running when the next is due skips it), until stopped; a round that fails is handed to `failed` and the
 * next one tries again.
 */
export function everyFewSeconds(round: () => Promise<unknown>, everyMs: number, failed: (error: unknown) => void, options: { firstRound?: 'now' | 'after' } = {}): Rounds {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = round()
      .then(() => undefined, failed)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  if (options.firstRound !== 'after') run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** Runs a job's rounds while the app is up: from when it is ready until it closes. */
export function whileUp(app: FastifyInstance, start: () => Rounds | Promise<Rounds>): void {
  let rounds: Rounds | undefined;
  app.addHook('onReady', async () => {
    rounds = await start();
  });
  app.addHook('onClose', async () => rounds?.stop());
}

/**
 * A lease's heartbeat: every `everyMs` (a third of the lease), renews the leases of the rows still being worked on
 * (`working`: ids removed as each is done) so a slow batch never outlives them; nothing while none is left. A failed
 * renewal goes to `failed`: the next may still come before the lease runs out. Returns stop().
 */
export function renewWhileWorking<Id>(working: Set<Id>, renew: (ids: Id[]) => PromiseLike<unknown>, everyMs: number, failed: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    if (working.size === 0) return;
    Promise.resolve(renew([...working])).then(undefined, failed);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
