import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** The job (server/jobs.ts) whose start is running: the rounds it starts tell it of each round they finish. */
const startingJob = new AsyncLocalStorage<(at: Date) => void>();

/** Runs a job's start so that every round it starts (everyFewSeconds) calls `finished` when one ends without failing. */
export function inJob<T>(finished: (at: Date) => void, start: () => T): T {
  return startingJob.run(finished, start);
}

/** A background job's rounds: stopped once the round under way has finished. */
export interface Rounds {
  stop(): Promise<void>;
}

/** A job's rounds that can also be woken: a round now, or right after the one under way. */
export interface WakeableRounds extends Rounds {
  wake(): void;
}

/**
 * Runs `round` now (or, with firstRound 'after', first after `everyMs`) and every `everyMs` after, one at a time (a
 * round still running when the next is due skips it), until stopped; a round that fails is handed to `failed` and the
 * next one tries again. wake() runs a round now, or right after the one under way (a wake is never lost). A round
 * that loops reads `stopping` to end early once stop() is called.
 */
export function everyFewSeconds(
  round: (state: { readonly stopping: boolean }) => Promise<unknown>,
  everyMs: number,
  failed: (error: unknown) => void,
  options: { firstRound?: 'now' | 'after' } = {},
): WakeableRounds {
  const finished = startingJob.getStore();
  let running: Promise<void> | null = null;
  let stopped = false;
  let wokenMeanwhile = false;
  const state = {
    get stopping() {
      return stopped;
    },
  };
  const run = () => {
    if (running || stopped) return;
    running = round(state)
      .then(() => finished?.(new Date()), failed)
      .finally(() => {
        running = null;
        if (wokenMeanwhile) {
          wokenMeanwhile = false;
          run();
        }
      });
  };
  const timer = setInterval(run, everyMs);
  if (options.firstRound !== 'after') run();
  return {
    wake() {
      if (running) wokenMeanwhile = true;
      else run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      // A round started by a wake right after this one is not started (stopped), so one wait is enough.
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
