import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

const folder = path.resolve(import.meta.dirname, '../db/migrations');
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.sql'))
  .sort();

async function run(client: PGlite, file: string) {
  for (const statement of readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint')) await client.exec(statement);
}

/**
 * A data migration under test (the migration file named `…_<name>.sql`): `before` runs every migration
 * before it on `client` (the test then writes rows as older releases did), `apply` runs it.
 */
export function migrationUnderTest(name: string) {
  const at = files.findIndex((file) => file.endsWith(`_${name}.sql`));
  if (at < 1) throw new Error(`no migration named ${name} after the first`);
  return {
    before: async (client: PGlite) => {
      for (const file of files.slice(0, at)) await run(client, file);
    },
    apply: (client: PGlite) => run(client, files[at]!),
  };
}
