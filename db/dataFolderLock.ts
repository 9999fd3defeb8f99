import { readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';

/**
 * A lock nobody refreshed for this long belongs to a process that died without releasing it
 * (SIGKILL, power loss): the next start takes it over. The holder refreshes it every
 * LOCK_REFRESH_MS, so a start after a crash waits at most this long.
 */
export const LOCK_STALE_MS = 10_000;
const LOCK_REFRESH_MS = 2_000;
/** How often a start that found the lock taken looks again while waiting for it to go stale. */
const RETRY_EVERY_MS = 250;

/** Who holds the lock, written next to it so the process that is refused can name the holder. */
interface Holder {
  pid: number;
  host: string;
  since: string;
}

/** Another process holds the data folder: the shop must not open it (two writers corrupt PGlite). */
export class DataFolderInUseError extends Error {
  constructor(folder: string, holder: Holder | null) {
    const who = holder ? `another shop process (pid ${holder.pid} on ${holder.host}, since ${holder.since})` : 'another shop process';
    super(
      `The data folder ${folder} is in use by ${who}. Only one process can use an embedded database: stop the other one, ` +
        'or give this one another DATA_DIR (several processes need PostgreSQL, DATABASE_URL).',
    );
    this.name = 'DataFolderInUseError';
  }
}

/** Where `npm run db:move` records that a folder's database now lives in PostgreSQL (db/move.ts markMoved). */
export const movedMarkerOf = (folder: string) => `${folder}.moved.json`;

/** The folder's database was moved to PostgreSQL: opening it would take orders into a database nobody reads. */
export class DataFolderMovedError extends Error {
  constructor(folder: string, moved: { movedAt?: string; to?: string }) {
    super(
      `The embedded database in ${folder} was moved to PostgreSQL (${moved.to ?? 'see DATABASE_URL'}) on ${moved.movedAt ?? 'an earlier day'} by npm run db:move. ` +
        'Start the shop with DATABASE_URL set to that database. The folder is kept unchanged, as a record; it is no longer used.',
    );
    this.name = 'DataFolderMovedError';
  }
}

/** Throws DataFolderMovedError when the folder was moved. */
export async function refuseMoved(folder: string) {
  const marker = await readFile(movedMarkerOf(folder), 'utf8').catch(() => null);
  if (marker !== null) throw new DataFolderMovedError(folder, JSON.parse(marker) as { movedAt?: string; to?: string });
}

async function readHolder(file: string): Promise<Holder | null> {
  try {
    const holder = JSON.parse(await readFile(file, 'utf8')) as Holder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/** True only when the holder is certainly a running process other than this one, on this machine. */
function isRunningElsewhere(holder: Holder | null): boolean {
  if (!holder || holder.host !== hostname() || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the exclusive lock on an embedded database folder (`<folder>.lock`, a directory whose mtime
 * the holder keeps fresh) and records the holder in `<folder>.holder.json`. Resolves with the
 * release function.
 *
 * A lock whose holder is running on this machine is refused at once. Otherwise (the holder was
 * killed, or runs on another machine sharing the folder) this waits until the lock is stale and
 * takes it over, or refuses when it stays fresh. Liveness only ever speeds up a refusal, never a
 * takeover: a takeover always needs the holder to have stopped refreshing the lock.
 *
 * `onCompromised` runs when the lock is lost while held (its directory removed or refreshed by
 * someone else, or not refreshable within LOCK_STALE_MS): the caller must stop writing at once.
 */
export async function lockDataFolder(folder: string, onCompromised: (error: Error) => void): Promise<() => Promise<void>> {
  const holderFile = `${folder}.holder.json`;
  const deadline = Date.now() + LOCK_STALE_MS + 2 * LOCK_REFRESH_MS;
  for (;;) {
    try {
      const release = await lockfile.lock(folder, { stale: LOCK_STALE_MS, update: LOCK_REFRESH_MS, realpath: false, onCompromised });
      const holder: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
      await writeFile(holderFile, `${JSON.stringify(holder)}\n`);
      return async () => {
        await rm(holderFile, { force: true });
        await release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const holder = await readHolder(holderFile);
      if (isRunningElsewhere(holder) || Date.now() > deadline) throw new DataFolderInUseError(folder, holder);
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
    }
  }
}
