import { and, asc, eq } from 'drizzle-orm';
import { FALLBACK_IMAGE, productStockView, type Product } from '../../../domain/catalog';
import { derivedOldPrice } from '../../../domain/pricing';
import type { Db } from '../../../db/client';
import { productSlugs, products } from '../../../db/schema/catalog';

type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow): Product {
  const image = row.mainImage ?? row.images[0] ?? FALLBACK_IMAGE;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: row.price,
    oldPrice: row.oldPrice ?? derivedOldPrice(row.id, row.price),
    image,
    images: row.images.length > 0 ? row.images : [image],
    stripePriceId: row.stripePriceId,
    keyFeatures: row.keyFeatures,
    ...productStockView(row.stock, row.colourOptions),
  };
}

/** The catalogue the shop sells, oldest first (spec 7: ordered by created_at ascending); hidden products are left out. */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.createdAt), asc(products.id));
  return rows.map(toProduct);
}

/** The slug the active product that had `oldSlug` before has now (its page's address, for a 301), or null. */
export async function currentSlugOf(db: Db, oldSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugs)
    .innerJoin(products, eq(products.id, productSlugs.productId))
    .where(and(eq(productSlugs.slug, oldSlug), eq(products.active, true)));
  return row?.slug ?? null;
}
