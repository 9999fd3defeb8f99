import { BUILT_IN_PRODUCTS } from '../domain/builtInProducts';
import type { Db } from './client';
import { priceHistory, products, seeds } from './schema/catalog';

const CATALOG_SEED = 'catalog-v1';

/**
 * Inserts the built-in five products the first time the database starts, and never again, so
 * products the owner later edits or deletes stay that way. The marker row and the products are
 * written in one transaction, with the first row of each product's price history: two processes
 * starting together seed once.
 */
export async function seedCatalog(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seeds).values({ name: CATALOG_SEED }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    // Explicit, increasing created_at keeps the table's order ('1'..'5') for "ordered by created_at".
    const base = Date.now();
    const inserted = await tx.insert(products).values(
      BUILT_IN_PRODUCTS.map((product, index) => ({
        id: product.id,
        name: product.name,
        slug: product.slug,
        description: product.description,
        price: product.price,
        oldPrice: product.oldPrice,
        mainImage: product.image,
        images: product.images,
        stripePriceId: product.stripePriceId,
        keyFeatures: product.keyFeatures,
        colourOptions: product.colourOptions,
        createdAt: new Date(base + index * 1000),
      })),
    ).returning({ id: products.id, price: products.price, oldPrice: products.oldPrice, createdAt: products.createdAt });
    // Each product's price history starts with its seeded price (changed by nobody: changedBy null).
    await tx.insert(priceHistory).values(inserted.map((row) => ({ productId: row.id, price: row.price, oldPrice: row.oldPrice, changedAt: row.createdAt })));
    return true;
  });
}
