import path from 'node:path';
import { z } from 'zod';
import type { LiveDatabase } from '../../../db/backup';
import type { Database } from '../../../db/client';
import type { Config } from '../../env';

/**
 * The daily backup's settings (issue 48): part of the one schema of every setting in env.ts (server/env.ts), kept here
 * with the backups they set.
 */
export const backupSettings = {
  /** The hour (Bucharest, 0–23) from which each day's backup is made; `off`: none (back up another way). */
  BACKUP_HOUR: z.union([z.literal('off'), z.coerce.number({ error: 'must be an hour from 0 to 23, or off' }).int().min(0).max(23)]).default(3),
  /** The folder the backups go to (DATA_DIR/backups by default). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many days of backups are kept, in BACKUP_DIR and in the S3 storage; older ones are removed. */
  BACKUP_KEEP_DAYS: z.coerce.number({ error: 'must be a number of days' }).int('must be whole days').min(1).max(3650).default(14),
  /** Any S3-compatible storage each backup is also sent to (AWS S3, Backblaze B2, Cloudflare R2, MinIO…): its bucket… */
  BACKUP_S3_BUCKET: z.string().min(1).optional(),
  /** …its address, when not AWS's (https://s3.eu-central-003.backblazeb2.com, https://<account>.r2.cloudflarestorage.com)… */
  BACKUP_S3_ENDPOINT: z.string().url().optional(),
  /** …its region (`auto` for R2)… */
  BACKUP_S3_REGION: z.string().min(1).default('us-east-1'),
  /** …a key allowed to write, list and delete in the bucket… */
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** …the folder in the bucket, and path-style addresses (MinIO and most self-hosted stores need them). */
  BACKUP_S3_PREFIX: z.string().default('shop-backups/'),
  BACKUP_S3_PATH_STYLE: z.enum(['true', 'false']).default('false'),
};

type Settings = Pick<Config, keyof typeof backupSettings | 'DATA_DIR' | 'DATABASE_URL'>;

export interface S3Target {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
  pathStyle: boolean;
}

/** The daily backup of this process's database, as the settings say; null with BACKUP_HOUR=off. */
export interface Backups {
  hour: number;
  dir: string;
  keepDays: number;
  s3: S3Target | null;
  database: LiveDatabase;
}

export function backupsFrom(config: Settings, database: Pick<Database, 'kind' | 'dumpDataDir'>): Backups | null {
  if (config.BACKUP_HOUR === 'off') return null;
  const live: LiveDatabase | null =
    database.kind === 'postgres' && config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : database.dumpDataDir ? { kind: 'pglite', dumpDataDir: database.dumpDataDir } : null;
  if (!live) return null;
  const s3 = config.BACKUP_S3_BUCKET;
  if (s3 && !(config.BACKUP_S3_ACCESS_KEY_ID && config.BACKUP_S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration: BACKUP_S3_BUCKET needs BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY.');
  }
  return {
    hour: config.BACKUP_HOUR,
    dir: path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups')),
    keepDays: config.BACKUP_KEEP_DAYS,
    database: live,
    s3: s3
      ? {
          bucket: s3,
          endpoint: config.BACKUP_S3_ENDPOINT,
          region: config.BACKUP_S3_REGION,
          accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID!,
          secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY!,
          prefix: config.BACKUP_S3_PREFIX,
          pathStyle: config.BACKUP_S3_PATH_STYLE === 'true',
        }
      : null,
  };
}
