import { BUILT_IN_PRODUCTS } from '../domain/builtInProducts';
import type { Db } from './client';
import { products, seeds } from './schema/catalog';

const CATALOG_SEED = 'catalog-v1';

/**
 * Inserts the built-in five products the first time the database starts, and never again, so
 * products the owner later edits or deletes stay that way. The marker row and the products are
 * written in one transaction: two processes starting together seed once.
 */
export async function seedCatalog(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seeds).values({ name: CATALOG_SEED }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    // Explicit, increasing created_at keeps the table's order ('1'..'5') for "ordered by created_at".
    const base = Date.now();
    await tx.insert(products).values(
      BUILT_IN_PRODUCTS.map((product, index) => ({
        id: product.id,
        name: product.name,
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
    );
    return true;
  });
}
