import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client';
import type { Catalogue } from './catalogue';

/** Every process LISTENs here and reloads its catalogue (catalogue.ts) when notified. */
export const CATALOGUE_CHANNEL = 'catalog_changed';

/** How many changes this process has notified so far (reloadBeforeAnswering compares it across a request). */
let changesNotified = 0;

/**
 * Tells every process, this one too, that what the storefront shows has changed. Inside a
 * transaction PostgreSQL delivers it at commit, and never on rollback, so a reload always sees the
 * change. Sent by the code that makes the change (no trigger: the app knows which changes matter).
 * The request that sends it is answered only once this process has reloaded (reloadBeforeAnswering).
 */
export async function notifyCatalogueChanged(db: DbOrTx): Promise<void> {
  changesNotified += 1;
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}

/**
 * A request during which this process notified a change (an order that took the last unit, a cancellation, the
 * owner's edit: that request, or rarely another at the same moment) is answered only once this process's catalogue
 * has reloaded: a request it answers afterwards never gets what the storefront showed before (a 304 to the old ETag,
 * a page without Sold Out), as it could while the NOTIFY was on its way. Other processes follow when the NOTIFY
 * reaches them (decision 0018). Two plain counter reads a request: no per-request context is carried through the
 * request's promises (an AsyncLocalStorage scope cost the order path 0.7 ms of CPU an order on Node 20).
 */
export function reloadBeforeAnswering(app: FastifyInstance, catalogue: Pick<Catalogue, 'reload'>): void {
  const notifiedBefore = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    notifiedBefore.set(request, changesNotified);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (notifiedBefore.get(request) === changesNotified) return done(null, payload);
    void catalogue.reload().then(() => done(null, payload));
  });
}
