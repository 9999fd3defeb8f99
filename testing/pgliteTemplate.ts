import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterTarball } from '../db/client';

/**
 * Vitest's global set-up: one in-memory cluster with every migration applied, dumped once, that each test file's
 * database starts from (testing/database.ts), instead of running initdb and the migrations again per file.
 * Made before the test processes start, which find it through SHOP_TEST_PGLITE_TEMPLATE.
 */
export default async function pgliteTemplate() {
  if (process.env.TEST_DATABASE === 'postgres') return undefined;
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-test-template-'));
  const file = path.join(folder, 'migrated.tar');
  const tarball = await clusterTarball({ migrated: true, compression: 'none' });
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  process.env.SHOP_TEST_PGLITE_TEMPLATE = file;
  return () => rmSync(folder, { recursive: true, force: true });
}
