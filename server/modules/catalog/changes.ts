import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client';
import type { Catalogue } from './catalogue';

/** Every process LISTENs here and reloads its catalogue (catalogue.ts) when notified. */
export const CATALOGUE_CHANNEL = 'catalog_changed';

/** Whether the request being handled has notified a change (app.ts reloads this process's catalogue before answering it). */
const requestScope = new AsyncLocalStorage<{ changed: boolean }>();

/**
 * Tells every process, this one too, that what the storefront shows has changed. Inside a
 * transaction PostgreSQL delivers it at commit, and never on rollback, so a reload always sees the
 * change. Sent by the code that makes the change (no trigger: the app knows which changes matter).
 * The request that sends it is answered only once this process has reloaded (reloadBeforeAnswering).
 */
export async function notifyCatalogueChanged(db: DbOrTx): Promise<void> {
  const scope = requestScope.getStore();
  if (scope) scope.changed = true;
  await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}

/**
 * A request that notified a change (an order that took the last unit, a cancellation, the owner's edit) is answered
 * only once this process's catalogue has reloaded: a request it answers afterwards never gets what the storefront
 * showed before (a 304 to the old ETag, a page without Sold Out), as it could while the NOTIFY was on its way.
 * Other processes follow when the NOTIFY reaches them (decision 0018).
 */
export function reloadBeforeAnswering(app: FastifyInstance, catalogue: Pick<Catalogue, 'reload'>): void {
  const scopes = new WeakMap<FastifyRequest, { changed: boolean }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const scope = { changed: false };
    scopes.set(request, scope);
    requestScope.run(scope, done);
  });
  app.addHook('onSend', async (request) => {
    if (scopes.get(request)?.changed) await catalogue.reload();
  });
}
