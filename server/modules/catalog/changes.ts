import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** Every process LISTENs here and reloads its catalogue (catalogue.ts) when notified. */
export const CATALOGUE_CHANNEL = 'catalog_changed';

/**
 * Tells every process, this one too, that what the storefront shows has changed. Inside a
 * transaction PostgreSQL delivers it at commit, and never on rollback, so a reload always sees the
 * change. Sent by the code that makes the change (no trigger: the app knows which changes matter).
 */
export async function notifyCatalogueChanged(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}
