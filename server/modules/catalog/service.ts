import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { priceHistory, productSlugs, products } from '../../../db/schema/catalog';
import { FALLBACK_IMAGE, type Product, productStockView } from '../../../domain/catalog';
import type { FeedSettings } from '../../../domain/feeds';
import { LOCALES, type Locale } from '../../../domain/locale';
import { type PriceSince, referencePrice } from '../../../domain/pricing';
import { storefrontSafety } from '../../../domain/productSafety';
import { productIn } from '../../../domain/productTexts';

type ProductRow = typeof products.$inferSelect;

/**
 * A product as the storefront shows it, in its own texts (productIn puts it in a language); its old
 * price is the reference its price history gives (null: no real reduction).
 */
function toProduct(row: ProductRow, history: readonly PriceSince[], now: Date): Product {
  const image = row.mainImage ?? row.images[0] ?? FALLBACK_IMAGE;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: row.price,
    oldPrice: referencePrice(row.price, history, now),
    image,
    images: row.images.length > 0 ? row.images : [image],
    stripePriceId: row.stripePriceId,
    keyFeatures: row.keyFeatures,
    ...productStockView(row.stock, row.colourOptions),
  };
}

/** The catalogue the shop sells in each language, and each of its products' feed settings (domain/feeds.ts). */
export interface ListedProducts {
  byLocale: Record<Locale, Product[]>;
  feedSettings: ReadonlyMap<string, FeedSettings>;
}

/**
 * The catalogue the shop sells, in each language, oldest first (spec 7: ordered by created_at
 * ascending); hidden products are left out.
 */
export async function listProducts(db: Db): Promise<ListedProducts> {
  const [rows, history] = await Promise.all([
    db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.createdAt), asc(products.id)),
    db
      .select({ productId: priceHistory.productId, price: priceHistory.price, startedAt: priceHistory.changedAt })
      .from(priceHistory)
      .innerJoin(products, and(eq(products.id, priceHistory.productId), eq(products.active, true)))
      .orderBy(asc(priceHistory.changedAt), asc(priceHistory.id)),
  ]);
  const byProduct = new Map<string, PriceSince[]>();
  for (const row of history) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  const now = new Date();
  // Prices and stock once; then each language's texts, and its safety information (only where the owner gave some).
  const own = rows.map((row) => ({ row, product: toProduct(row, byProduct.get(row.id) ?? [], now) }));
  const inLocale = (locale: Locale) =>
    own.map(({ row, product }) => {
      const translated = productIn(product, row.translations, locale);
      const safety = storefrontSafety(row, row.translations.ro?.safetyInfo, locale);
      return safety ? { ...translated, safety } : translated;
    });
  return {
    byLocale: Object.fromEntries(LOCALES.map((locale) => [locale, inLocale(locale)])) as Record<Locale, Product[]>,
    feedSettings: new Map(rows.map((row) => [row.id, { excluded: row.excludeFromFeeds, title: row.feedTitle }])),
  };
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
