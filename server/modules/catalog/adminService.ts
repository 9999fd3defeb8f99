import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, like, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { priceHistory, productSlugs, products } from '../../../db/schema/catalog';
import { slugify } from '../../../domain/catalog';
import type { AdminProduct, AdminProductDetail } from '../../../domain/contracts/adminProducts';
import { referencePrice } from '../../../domain/pricing';
import { keepLiveStock, MAX_IMAGES, type ProductChange, type ProductCreate } from '../../../domain/productEdit';
import { lacksRomanianWarnings } from '../../../domain/productSafety';
import { AppError } from '../../errors';
import { notifyCatalogueChanged } from './changes';
import { storeProductImage } from './images';

type ProductRow = typeof products.$inferSelect;

const NO_SUCH_PRODUCT = { id: 'admin.error.noSuchProduct' } as const;

function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: row.price,
    stock: row.stock,
    weightGrams: row.weightGrams,
    packedSizeCm: row.packedSizeCm,
    active: row.active,
    images: row.images,
    stripePriceId: row.stripePriceId,
    keyFeatures: row.keyFeatures,
    colourOptions: row.colourOptions.map(({ name, available, stock = null }) => ({ name, available, stock })),
    manufacturer: row.manufacturer,
    responsiblePerson: row.responsiblePerson,
    model: row.model,
    safetyInfo: row.safetyInfo,
    excludeFromFeeds: row.excludeFromFeeds,
    feedTitle: row.feedTitle,
    translations: row.translations,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every product, hidden ones too, in the storefront's order. */
export async function listAllProducts(db: Db): Promise<AdminProduct[]> {
  const rows = await db.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
  return rows.map(toAdminProduct);
}

async function detailOf(db: DbOrTx, row: ProductRow): Promise<AdminProductDetail> {
  const history = await db.select().from(priceHistory).where(eq(priceHistory.productId, row.id)).orderBy(desc(priceHistory.changedAt), desc(priceHistory.id));
  return {
    product: toAdminProduct(row),
    priceHistory: history.map((change) => ({ price: change.price, changedAt: change.changedAt.toISOString(), changedBy: change.changedBy })),
    referencePrice: referencePrice(
      row.price,
      history.map((change) => ({ price: change.price, startedAt: change.changedAt })),
      new Date(),
    ),
  };
}

/** A product with its price history, newest first; 404 when there is no such product. */
export async function findProductForOwner(db: Db, id: string): Promise<AdminProductDetail> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw new AppError('not_found', NO_SUCH_PRODUCT);
  return detailOf(db, row);
}

/** The product's row, locked until the transaction ends (changes to one product happen one at a time). */
async function lockedProduct(tx: DbOrTx, id: string): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw new AppError('not_found', NO_SUCH_PRODUCT);
  return row;
}

/*
 * Every change below NOTIFYs the storefront's catalogue (changes.ts) in its own transaction, so
 * every process reloads it once the change is committed.
 */

/** `wanted`, or `wanted-2`, `wanted-3`… : the first that no product has now or had before. */
async function freeSlug(tx: DbOrTx, wanted: string): Promise<string> {
  // A slug is only letters, digits and hyphens: nothing in it is special to LIKE.
  const current = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(like(products.slug, `${wanted}%`));
  const old = await tx
    .select({ slug: productSlugs.slug })
    .from(productSlugs)
    .where(like(productSlugs.slug, `${wanted}%`));
  const taken = new Set([...current, ...old].map((row) => row.slug));
  for (let n = 1; ; n++) {
    const slug = n === 1 ? wanted : `${wanted}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/** Creates a product, with the first row of its price history, in one transaction. */
export async function createProduct(db: Db, input: ProductCreate, ownerId: string): Promise<AdminProductDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...input, id: randomUUID(), slug: await freeSlug(tx, slugify(input.name)), images: [], mainImage: null })
      .returning();
    await tx.insert(priceHistory).values({ productId: row!.id, price: row!.price, changedBy: ownerId });
    await notifyCatalogueChanged(tx);
    return detailOf(tx, row!);
  });
}

/**
 * Before the product `from` moves to `slug`: refused (409) when another product's page has that
 * address. Its current address becomes an old one, kept for redirects; `slug` stops being anyone's
 * old address (the product's own, reused, or another product's, which the new owner takes over).
 */
async function moveSlug(tx: DbOrTx, from: ProductRow, slug: string) {
  const [other] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), ne(products.id, from.id)));
  if (other) throw new AppError('conflict', { id: 'admin.error.slugTaken' }, 'slug_taken');
  await tx.delete(productSlugs).where(eq(productSlugs.slug, slug));
  await tx.insert(productSlugs).values({ slug: from.slug, productId: from.id });
}

/**
 * Changes the fields given. A change of price is recorded in the price history (from now: when the
 * new price started), and a change of address keeps the old one (moveSlug), in the same transaction.
 */
export async function updateProduct(db: Db, id: string, { stockSeen, ...asSent }: ProductChange, ownerId: string): Promise<AdminProductDetail> {
  return db.transaction(async (tx) => {
    const current = await lockedProduct(tx, id);
    const change = keepLiveStock(asSent, stockSeen, current);
    // Checked on the product as it would be: the English warnings and the Romanian ones may come in different changes.
    const safetyInfo = change.safetyInfo !== undefined ? change.safetyInfo : current.safetyInfo;
    if (lacksRomanianWarnings(safetyInfo, (change.translations ?? current.translations).ro?.safetyInfo)) {
      throw new AppError('bad_request', { id: 'admin.product.problem.safetyInRomanian' }, 'safety_info_in_romanian');
    }
    const price = change.price ?? current.price;
    if (change.slug !== undefined && change.slug !== current.slug) await moveSlug(tx, current, change.slug);
    const [row] = await tx.update(products).set(change).where(eq(products.id, id)).returning();
    if (price !== current.price) await tx.insert(priceHistory).values({ productId: id, price, changedBy: ownerId });
    await notifyCatalogueChanged(tx);
    return detailOf(tx, row!);
  });
}

/** Saves a new list of images; the first is the main one. */
async function saveImages(tx: DbOrTx, id: string, images: string[]): Promise<AdminProductDetail> {
  const [row] = await tx
    .update(products)
    .set({ images, mainImage: images[0] ?? null })
    .where(eq(products.id, id))
    .returning();
  await notifyCatalogueChanged(tx);
  return detailOf(tx, row!);
}

/**
 * Checks and stores an uploaded image (images.ts) and adds it as the product's last image. The
 * product is looked up first, so nothing is stored for an unknown one; the same picture twice is
 * kept once.
 */
export async function addProductImage(db: Db, id: string, bytes: Buffer): Promise<AdminProductDetail> {
  const [exists] = await db.select({ id: products.id, images: products.images }).from(products).where(eq(products.id, id));
  if (!exists) throw new AppError('not_found', NO_SUCH_PRODUCT);
  if (exists.images.length >= MAX_IMAGES) throw new AppError('conflict', { id: 'admin.error.tooManyImages', values: { max: MAX_IMAGES } }, 'too_many_images');
  const image = await storeProductImage(db, bytes);
  return db.transaction(async (tx) => {
    const current = await lockedProduct(tx, id);
    if (current.images.includes(image)) return detailOf(tx, current);
    if (current.images.length >= MAX_IMAGES) throw new AppError('conflict', { id: 'admin.error.tooManyImages', values: { max: MAX_IMAGES } }, 'too_many_images');
    return saveImages(tx, id, [...current.images, image]);
  });
}

/** The last part of an image's address: what DELETE …/images/:name names it by. */
export const imageName = (image: string) => image.slice(image.lastIndexOf('/') + 1);

/**
 * Takes an image off the product. Its sizes stay stored (product_images): they are named by their content,
 * so another product may show the same picture, and pages already open still load it.
 */
export async function removeProductImage(db: Db, id: string, name: string): Promise<AdminProductDetail> {
  return db.transaction(async (tx) => {
    const current = await lockedProduct(tx, id);
    if (!current.images.some((image) => imageName(image) === name)) throw new AppError('not_found', { id: 'admin.error.noSuchImage' }, 'unknown_image');
    return saveImages(
      tx,
      id,
      current.images.filter((image) => imageName(image) !== name),
    );
  });
}

/** Puts the product's images in a new order: the same images, each once; the first becomes the main one. */
export async function reorderProductImages(db: Db, id: string, images: string[]): Promise<AdminProductDetail> {
  return db.transaction(async (tx) => {
    const current = await lockedProduct(tx, id);
    const same = images.length === current.images.length && new Set(images).size === images.length && images.every((image) => current.images.includes(image));
    if (!same) {
      throw new AppError('conflict', { id: 'admin.error.imagesChanged' }, 'images_changed');
    }
    return saveImages(tx, id, images);
  });
}
