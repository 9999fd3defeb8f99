import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../scripts/shopProcess';

const run = promisify(execFile);

/** Debian's PostgreSQL 15, as in production and under pg_virtualenv. */
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A throwaway PostgreSQL 15 cluster that a fault test owns: in a temporary folder, on 127.0.0.1 and
 * a free port, with trust authentication, stopped and started at the test's command. (Stopping the
 * pg_virtualenv cluster instead would pull the database from under every other test.) fsync is
 * off: the faults are process crashes (`stop('immediate')`), whose writes the OS keeps.
 */
export interface PostgresCluster {
  port: number;
  /** A postgres:// URL for `database` on this cluster. */
  url(database: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m <mode>`: immediate is a crash (no checkpoint, connections cut). */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  /** Stops it (immediately) and removes its folder; safe to call twice. */
  destroy(): Promise<void>;
}

/** PostgreSQL refuses to run as root: as root, run its programs as the postgres user. */
async function asOwner(program: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, program), ...args]] : [path.join(BIN, program), args];
  return run(command, commandArgs, { timeout: 60_000 });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout), Number(gid));
  }
  const dataDir = path.join(folder, 'data');
  await asOwner('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = async () => {
    await asOwner('pg_ctl', ['-D', dataDir, '-l', path.join(folder, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  await start();

  let destroyed = false;
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    async stop(mode = 'immediate') {
      await asOwner('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    start,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await asOwner('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '60', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
