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
