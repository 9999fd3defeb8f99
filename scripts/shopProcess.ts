import { spawn, type ChildProcess } from 'node:child_process';

export interface ShopProcess {
  origin: string;
  child: ChildProcess;
  /** Ends the process (SIGTERM by default) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `server/main.ts` as its own process, as production runs it, and waits until it answers. */
export async function startShop(port: number, env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<ShopProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop('SIGKILL');
  throw new Error(`the shop did not answer ${origin}/api/health within ${timeoutMs} ms`);
}
