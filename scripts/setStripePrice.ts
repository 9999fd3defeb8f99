/**
 * `npm run stripe:price -- <productId> <priceId>`: stores a product's Stripe price id, which names the product in
 * the single-product purchase link (`/stripe-checkout?priceId=`); Stripe is always charged the shop's own price
 * (decision 0027). `-` clears it.
 * Uses the same database settings as the shop (DATABASE_URL, or the embedded one in DATA_DIR,
 * which only one process can open: stop the shop first).
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openPglite, openPostgres } from '../db/client';
import { products } from '../db/schema/catalog';
import { seedCatalog } from '../db/seed';
import { loadConfig } from '../server/env';
import { notifyCatalogueChanged } from '../server/modules/catalog/changes';

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2 !== 0) {
  console.error('usage: npm run stripe:price -- <productId> <priceId|-> [<productId> <priceId|-> ...]');
  process.exit(2);
}

const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
const database = config.DATABASE_URL ? await openPostgres({ connectionString: config.DATABASE_URL, max: 1 }) : await openPglite(path.resolve(config.DATA_DIR, 'pglite'));
let failed = false;
try {
  await seedCatalog(database.db);
  for (let i = 0; i < pairs.length; i += 2) {
    const productId = pairs[i]!;
    const priceId = pairs[i + 1] === '-' ? null : pairs[i + 1]!;
    if (priceId !== null && !/^price_\w+$/.test(priceId)) {
      console.error(`${productId}: "${priceId}" is not a Stripe price id (price_…)`);
      failed = true;
      continue;
    }
    const updated = await database.db.update(products).set({ stripePriceId: priceId }).where(eq(products.id, productId)).returning({ name: products.name });
    if (updated.length === 0) {
      console.error(`${productId}: no such product`);
      failed = true;
    } else console.log(`${productId} ${updated[0]!.name}: ${priceId ?? '(no price id)'}`);
  }
  // Shops running on the same PostgreSQL reload their catalogue (the price id is in it).
  await notifyCatalogueChanged(database.db);
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
