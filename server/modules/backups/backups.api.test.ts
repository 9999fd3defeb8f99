import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveDatabase, restoreBackup } from '../../../db/backup';
import { type Database, openPglite, openPostgres } from '../../../db/client';
import { backups } from '../../../db/schema/operations';
import { orders } from '../../../db/schema/orders';
import { seedCatalog } from '../../../db/seed';
import { orderRequestSchema } from '../../../domain/checkout';
import { createPostgresDatabase } from '../../../testing/database';
import { ownerCommand } from '../../../testing/ownerCommand';
import { sampleOrder } from '../../../testing/sampleOrder';
import { housekeeping } from '../admin/housekeeping';
import { placeOrder } from '../orders/place';
import { NO_COURIERS } from '../shipping/couriers';
import { backUpIfDue } from './schedule';
import type { Backups, S3Target } from './settings';

/**
 * The daily backup on the database the test runs on (TEST_DATABASE): PGlite's dump of a data folder, or pg_dump; sent
 * to an S3-compatible server the test starts itself (s3rver, from npm), and restored into an empty database.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const folder = mkdtempSync(path.join(tmpdir(), 'shop-backups-'));
const quiet = { info: () => undefined, warn: () => undefined };
const dropped: (() => Promise<void>)[] = [];
let database: Database;
let live: LiveDatabase;
let s3server: S3rver;
let s3: S3Target;

/** 2026-11-29 at `time`, Bucharest (UTC+2 in winter). */
const bucharest = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`);

beforeAll(async () => {
  if (onPostgres) {
    const made = await createPostgresDatabase();
    dropped.push(made.drop);
    database = await openPostgres({ connectionString: made.url });
    live = { kind: 'postgres', url: made.url };
  } else {
    database = await openPglite(path.join(folder, 'data', 'pglite'));
    live = { kind: 'pglite', dumpDataDir: database.dumpDataDir! };
  }
  await seedCatalog(database.db);
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(folder, 's3'), configureBuckets: [{ name: 'shop-backups', configs: [] }] });
  const { port } = await s3server.run();
  s3 = { bucket: 'shop-backups', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'nightly/', pathStyle: true };
}, 60_000);
afterAll(async () => {
  await database?.close();
  await s3server?.close();
  for (const drop of dropped) await drop();
  rmSync(folder, { recursive: true, force: true });
});

const settings = (overrides: Partial<Backups> = {}): Backups => ({ hour: 3, dir: path.join(folder, 'backups'), keepDays: 14, s3, database: live, ...overrides });

const client = () => new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });

async function inStorage(): Promise<Map<string, Buffer>> {
  const storage = client();
  const listed = await storage.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: s3.prefix }));
  const objects = new Map<string, Buffer>();
  for (const object of listed.Contents ?? []) {
    const body = await storage.send(new GetObjectCommand({ Bucket: s3.bucket, Key: object.Key! }));
    objects.set(object.Key!.slice(s3.prefix.length), Buffer.from(await body.Body!.transformToByteArray()));
  }
  storage.destroy();
  return objects;
}

const ledger = async (db: Database['db']) => (await db.select({ count: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::int` }).from(orders))[0];

const upkeep = (now: Date) => housekeeping(database.db, { backupsOn: true, anaf: null, shipping: NO_COURIERS }, now);

describe('the daily backup', () => {
  let made: string;

  it('is made once a day from BACKUP_HOUR, however many processes try, sent to the S3 storage, and told on the dashboard', async () => {
    for (const email of ['ana@example.ro', 'ion@example.ro']) await placeOrder(database.db, orderRequestSchema.parse(sampleOrder({ email })));
    expect((await upkeep(bucharest('2026-11-29', '02:00'))).backupWarning).toBe('none_yet');

    expect(await backUpIfDue(database.db, settings(), quiet, bucharest('2026-11-29', '02:59'))).toBe('not due');
    const at = bucharest('2026-11-29', '03:00');
    const tries = await Promise.all([backUpIfDue(database.db, settings(), quiet, at), backUpIfDue(database.db, settings(), quiet, at)]);
    expect(tries.sort()).toEqual(['done', 'not due']);
    expect(await backUpIfDue(database.db, settings(), quiet, bucharest('2026-11-29', '23:59'))).toBe('not due');

    const [row] = await database.db.select().from(backups);
    expect(row).toMatchObject({ day: '2026-11-29', status: 'done', offsite: 'uploaded', error: null, attempts: 1 });
    made = path.join(settings().dir, row!.file!);
    const files = (await readdir(settings().dir)).sort();
    expect(files).toEqual(onPostgres ? [row!.file, `${row!.file}.json`] : [row!.file]);
    expect(row!.file).toMatch(onPostgres ? /^shop-2026-11-29T01-00-00-000Z\.dump$/ : /^shop-2026-11-29T01-00-00-000Z\.tar\.gz$/);
    // The same bytes in the storage.
    const stored = await inStorage();
    expect([...stored.keys()].sort()).toEqual(files);
    for (const file of files) expect(stored.get(file)!.equals(readFileSync(path.join(settings().dir, file))), file).toBe(true);

    const told = await upkeep(bucharest('2026-11-29', '09:00'));
    expect(told).toMatchObject({ backupsOn: true, backupWarning: null, lastBackup: { status: 'done', file: row!.file, offsite: 'uploaded' }, lateJobs: [] });
    // A day and more later with no new backup: stale.
    expect((await upkeep(bucharest('2026-11-30', '05:00'))).backupWarning).toBe('stale');
  });

  it('restores into an empty database and passes the same check as db:move', async () => {
    const target = onPostgres ? { url: await emptyPostgres() } : { pgliteDir: path.join(folder, 'restored', 'pglite') };
    const restored = await restoreBackup(made, target);
    expect(restored.found).toEqual([]);
    expect(restored.contents.tables['public.orders']!.rows).toBe(2);
    const copy = 'url' in target ? await openPostgres({ connectionString: target.url }) : await openPglite(target.pgliteDir);
    try {
      expect(await ledger(copy.db)).toEqual(await ledger(database.db));
    } finally {
      await copy.close();
    }
    // Into a database that is not empty: refused.
    if ('url' in target) await expect(restoreBackup(made, target)).rejects.toThrow('The PostgreSQL database is not empty');
  });

  it.skipIf(!onPostgres)('npm run restore puts a pg_dump backup into an empty database and says it passed the check', async () => {
    const restored = ownerCommand('restore', [made], { DATABASE_URL: await emptyPostgres(), DATA_DIR: path.join(folder, 'cli') }, { timeoutMs: 120_000 });
    const { output } = restored;
    expect(output).toContain('Restored the PostgreSQL database from');
    expect(output).toMatch(/ {2}orders: 2 rows \(/);
    expect(output).toContain('Checked against the backup: every table’s rows, sums and contents, the next invoice number and every image match.');
    expect(restored.status).toBe(0);
  });

  it('a failed backup is told and tried again an hour later; a storage that is down is told; old backups go, here and there', async () => {
    const blocked = path.join(folder, 'not-a-folder');
    writeFileSync(blocked, 'a file where the folder should be');
    expect(await backUpIfDue(database.db, settings({ dir: blocked }), quiet, bucharest('2026-11-30', '03:10'))).toBe('failed');
    const [failed] = await database.db.select().from(backups).where(eq(backups.day, '2026-11-30'));
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('EEXIST') });
    expect((await upkeep(bucharest('2026-11-30', '03:20'))).backupWarning).toBe('failed');
    expect(await backUpIfDue(database.db, settings(), quiet, bucharest('2026-11-30', '03:40'))).toBe('not due');
    expect(await backUpIfDue(database.db, settings(), quiet, bucharest('2026-11-30', '04:15'))).toBe('done');
    expect((await upkeep(bucharest('2026-11-30', '04:20'))).backupWarning).toBeNull();

    // The storage cannot be reached: the backup is made, and the dashboard says it stayed on this machine.
    const away = { ...s3, endpoint: 'http://127.0.0.1:1' };
    expect(await backUpIfDue(database.db, settings({ s3: away }), quiet, bucharest('2026-12-01', '03:00'))).toBe('done');
    const [local] = await database.db.select().from(backups).where(eq(backups.day, '2026-12-01'));
    expect(local).toMatchObject({ status: 'done', offsite: 'failed', error: expect.stringContaining('sending it to the S3 storage failed') });
    expect((await upkeep(bucharest('2026-12-01', '04:00'))).backupWarning).toBe('offsite_failed');

    // Fifteen days after the first: the backups older than BACKUP_KEEP_DAYS (14) leave the folder and the storage.
    expect(await backUpIfDue(database.db, settings(), quiet, bucharest('2026-12-14', '03:00'))).toBe('done');
    const kept = (await readdir(settings().dir)).filter((name) => !name.endsWith('.json'));
    expect(kept.map((name) => name.slice(5, 15)).sort()).toEqual(['2026-11-30', '2026-12-01', '2026-12-14']);
    expect(
      [...(await inStorage()).keys()]
        .filter((name) => !name.endsWith('.json'))
        .map((name) => name.slice(5, 15))
        .sort(),
    ).toEqual(['2026-11-30', '2026-12-14']);
  }, 60_000);
});

async function emptyPostgres(): Promise<string> {
  const made = await createPostgresDatabase();
  dropped.push(made.drop);
  return made.url;
}
