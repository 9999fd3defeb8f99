import { and, eq, sql } from 'drizzle-orm';
import { BUILT_IN_PRODUCTS } from '../domain/builtInProducts';
import type { Db, DbOrTx } from './client';
import { priceHistory, products, seeds } from './schema/catalog';

const CATALOG_SEED = 'catalog-v1';
const TRANSLATIONS_SEED = 'catalog-translations-v1';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The seeded history: each product sold at its old price for 60 days, then at its price since 14 days ago. */
export const SEEDED_OLD_PRICE_DAYS = 60;
export const SEEDED_PRICE_DAYS_AGO = 14;

/**
 * Inserts the built-in five products the first time the database starts, and never again, so
 * products the owner later edits or deletes stay that way. The marker row and the products are
 * written in one transaction, with each product's price history: two processes starting together
 * seed once. The history makes the spec's old prices true: each product had its old price for
 * SEEDED_OLD_PRICE_DAYS, then its price started SEEDED_PRICE_DAYS_AGO (fewer than 30), so the
 * reference price of the 30 days before it is the old price and the badges are real reductions.
 */
export async function seedCatalog(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seeds).values({ name: CATALOG_SEED }).onConflictDoNothing().returning();
    if (claimed.length === 0) {
      await seedTranslations(tx);
      return false;
    }
    await tx.insert(seeds).values({ name: TRANSLATIONS_SEED }).onConflictDoNothing();
    // Explicit, increasing created_at keeps the table's order ('1'..'5') for "ordered by created_at".
    const now = Date.now();
    const base = now - (SEEDED_PRICE_DAYS_AGO + SEEDED_OLD_PRICE_DAYS) * DAY_MS;
    const reducedAt = now - SEEDED_PRICE_DAYS_AGO * DAY_MS;
    await tx.insert(products).values(
      BUILT_IN_PRODUCTS.map((product, index) => ({
        id: product.id,
        name: product.name,
        slug: product.slug,
        description: product.description,
        price: product.price,
        mainImage: product.image,
        images: product.images,
        stripePriceId: product.stripePriceId,
        keyFeatures: product.keyFeatures,
        colourOptions: product.colourOptions.map(({ name, available }) => ({ name, available })),
        translations: product.translations,
        createdAt: new Date(base + index * 1000),
      })),
    );
    // Each product's price history: its old price from its creation, its price from reducedAt (changed by nobody: changedBy null).
    await tx.insert(priceHistory).values(
      BUILT_IN_PRODUCTS.flatMap(({ id, price, oldPrice }, index) => {
        const current = { productId: id, price, changedAt: new Date(reducedAt + index * 1000) };
        return oldPrice !== null && oldPrice > price ? [{ productId: id, price: oldPrice, changedAt: new Date(base + index * 1000) }, current] : [current];
      }),
    );
    return true;
  });
}

/**
 * A shop seeded before products had translations gets the built-in products' Romanian texts, once:
 * only on products that still have their built-in English name and no translation of the owner's.
 */
async function seedTranslations(tx: DbOrTx) {
  const claimed = await tx.insert(seeds).values({ name: TRANSLATIONS_SEED }).onConflictDoNothing().returning();
  if (claimed.length === 0) return;
  for (const { id, name, translations } of BUILT_IN_PRODUCTS) {
    await tx
      .update(products)
      .set({ translations })
      .where(and(eq(products.id, id), eq(products.name, name), sql`${products.translations} = '{}'::jsonb`));
  }
}
