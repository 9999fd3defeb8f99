import { createReadStream } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { S3Target } from './settings';

/** A backup's files, as backUpRunning names them (db/backup.ts): nothing else in the folder or the bucket is touched. */
export const BACKUP_FILE = /^shop-[0-9TZ-]+\.(tar\.gz|dump|dump\.json)$/;

const DAY_MS = 86_400_000;

/** Whether a backup's file is older than `keepDays`, by the moment in its name (shop-2026-11-23T17-20-00-000Z.dump). */
export function isOld(name: string, keepDays: number, now: Date): boolean {
  const match = /^shop-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\./.exec(name);
  if (!match || !BACKUP_FILE.test(name)) return false;
  const made = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return made < now.getTime() - keepDays * DAY_MS;
}

/** Removes the backups in `dir` older than `keepDays`; returns how many files. */
export async function pruneFolder(dir: string, keepDays: number, now: Date): Promise<number> {
  const old = (await readdir(dir)).filter((name) => isOld(name, keepDays, now));
  for (const name of old) await unlink(path.join(dir, name));
  return old.length;
}

/**
 * Sends a backup's files to the S3-compatible storage, then removes the backups there older than `keepDays`. The AWS
 * SDK (@aws-sdk/client-s3) is loaded here only, by the process that backs up.
 */
export async function sendOff(target: S3Target, files: string[], keepDays: number, now: Date): Promise<void> {
  const { S3Client, PutObjectCommand, ListObjectsV2Command, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: target.endpoint,
    region: target.region,
    forcePathStyle: target.pathStyle,
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    // Checksums only where the API requires them: the SDK's default streams uploads in aws-chunked encoding with a CRC
    // trailer, which S3-compatible stores other than AWS (MinIO before 2025, s3rver, some Ceph) store as the file's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    for (const file of files) {
      const { size } = await stat(file);
      await client.send(new PutObjectCommand({ Bucket: target.bucket, Key: `${target.prefix}${path.basename(file)}`, Body: createReadStream(file), ContentLength: size }));
    }
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: target.bucket, Prefix: target.prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && isOld(object.Key.slice(target.prefix.length), keepDays, now)) {
          await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: object.Key }));
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
}
