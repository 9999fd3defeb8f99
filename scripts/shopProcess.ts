import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export interface ShopProcess {
  origin: string;
  child: ChildProcess;
  /** Ends the process (SIGTERM by default) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves once the process has exited and its stderr is drained. */
  exited: Promise<void>;
  /** The last 8 KB it wrote to stderr. */
  stderr(): string;
}

/**
 * The Node flags `npm start` runs the shop with (package.json): PGlite's WebAssembly on V8's baseline compiler only
 * (decision 0029), and a young generation of at most 2 MB a half (V8 grows it to 16 MB under load and keeps it:
 * about 25 MB resident for nothing a small shop needs).
 */
export const SHOP_NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=2'] as const;

/** A port on 127.0.0.1 that is free right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the shop as its own process, as production runs it (the build: run `npm run build` first), and waits until it answers.
 * Its stderr is passed through and, when it exits while starting, quoted in the error.
 */
export async function startShop(port: number, env: NodeJS.ProcessEnv, timeoutMs = 30_000, options: { cpus?: string; cwd?: string; nodeArgs?: string[] } = {}): Promise<ShopProcess> {
  // `nodeArgs`: e.g. --cpu-prof to profile it (Node refuses that one in NODE_OPTIONS). The build, as `npm start`
  // runs it; a checkout from before the build (a benchmark's baseline) from its sources, as it ran then.
  const built = existsSync(path.join(options.cwd ?? '.', 'scripts/launch.mjs'));
  const [flags, entry] = built ? [[...SHOP_NODE_FLAGS], ['scripts/launch.mjs', 'main']] : [[], ['--import', 'tsx', 'server/main.ts']];
  const command = [process.execPath, ...flags, ...(options.nodeArgs ?? []), ...entry];
  // Benchmarks pin the shop to its own cores (taskset execs the command: same pid).
  const [file, ...args] = options.cpus ? ['taskset', '-c', options.cpus, ...command] : command;
  // `cwd`: another checkout of the shop (a benchmark's baseline).
  const child = spawn(file!, args, {
    cwd: options.cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BACKUP_HOUR: 'off', ...env },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-8192);
  });
  // 'close' comes after 'exit' once stderr is drained, so the last words are in `stderr`.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await exited;
      throw new Error(`the shop exited with code ${child.exitCode} while starting: ${stderr.trim()}`);
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, child, stop, exited, stderr: () => stderr };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop('SIGKILL');
  throw new Error(`the shop did not answer ${origin}/api/health within ${timeoutMs} ms`);
}

/**
 * Stops a process group (started with `detached: true`: npm, its shell and the shop) with SIGTERM, as a service
 * manager does, and waits until every process in it is gone (the shop has then let go of its data folder).
 */
export async function stopProcessGroup(pid: number, timeoutMs = 30_000): Promise<void> {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`process group ${pid} did not stop within ${timeoutMs} ms`);
}
