/**
 * The embedded cluster runs with settings for one process (PGLITE_SETTINGS): 16 MB of shared buffers and 5
 * connections, not PostgreSQL's stock 128 MB and 100, in a new folder and in one made before (moved over once
 * with ALTER SYSTEM, so any tool that opens it later gets them too).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, PGLITE_SETTINGS } from './client';

const root = mkdtempSync(path.join(tmpdir(), 'shop-pglite-settings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function settingsOf(client: PGlite) {
  const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
    `SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'max_connections') ORDER BY name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.unit === '8kB' ? `${(Number(row.setting) * 8) / 1024}MB` : row.setting]));
}

/** The folder as any tool opens it: PGlite with its own defaults, nothing from the shop. */
async function asAnyToolSees(folder: string) {
  const client = new PGlite(folder);
  try {
    return await settingsOf(client);
  } finally {
    await client.close();
  }
}

describe('the embedded database settings', () => {
  it('gives a new data folder 16 MB of shared buffers and 5 connections', async () => {
    const folder = path.join(root, 'new');
    const database = await openPglite(folder);
    const result = await database.db.execute(sql`SELECT current_setting('shared_buffers') AS shared_buffers, current_setting('max_connections') AS max_connections`);
    await database.close();
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual(PGLITE_SETTINGS);
    expect(await asAnyToolSees(folder)).toEqual({ max_connections: '5', shared_buffers: '16MB' });
  });

  it('moves a folder made with the stock settings over to them, once', async () => {
    const folder = path.join(root, 'old');
    expect(await asAnyToolSees(folder)).toEqual({ max_connections: '100', shared_buffers: '128MB' });
    const database = await openPglite(folder);
    await database.close();
    expect(await asAnyToolSees(folder)).toEqual({ max_connections: '5', shared_buffers: '16MB' });
  });
});
