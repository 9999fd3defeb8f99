import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { productImages } from '../../../db/schema/catalog';
import { AppError } from '../../errors';
import { IMMUTABLE } from '../pages/webApp';

/** The widths each uploaded image is stored at (never wider than the original: no upscaling). */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
/** The width the product's `images` list names; the others sit beside it with their own width in the name. */
export const LISTED_WIDTH = 800;
/** Where uploads are served from, and the folder under UPLOADS_DIR that caches product images. */
export const UPLOADS_PREFIX = '/uploads/';
const PRODUCTS_FOLDER = 'products';
/** A 8000 × 6000 photo; more pixels than that is refused before it is decoded (a small file can be a huge image). */
const MAX_INPUT_PIXELS = 48_000_000;

type Format = 'jpeg' | 'png' | 'webp';

/** The format the bytes are, by their signature; the name and declared type of an upload mean nothing. */
export function imageFormatOf(bytes: Buffer): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

// Not logged as an error: a wrong file is the owner's everyday mistake, not the shop's.
const refused = () => new AppError('bad_request', { id: 'admin.error.imageRefused' }, 'not_an_image');

/** Writes a file under its final name only once it is whole, so another process never serves half of it. */
async function writeWhole(file: string, data: Buffer) {
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  // Names come from the content: a file already there is this very image.
  if (exists) return;
  const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await writeFile(partial, data);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Checks that `bytes` are a JPEG, PNG or WebP image sharp can read, and stores it as WebP at each of
 * IMAGE_WIDTHS (turned upright by its EXIF orientation, its metadata, such as a phone's GPS
 * position, dropped) in the database (product_images), so every process serves it. Names come from a hash of
 * the upload, so the same picture uploaded twice is stored once and can be cached forever. Returns the address
 * of its LISTED_WIDTH version.
 */
export async function storeProductImage(db: Db, bytes: Buffer): Promise<string> {
  const format = imageFormatOf(bytes);
  if (!format) throw refused();
  let variants: { width: number; data: Buffer }[];
  // Loaded at the first upload: its image library takes memory that a shop mostly serving never needs.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    if (metadata.format !== format) throw new Error(`signature says ${format}, content is ${metadata.format}`);
    variants = await Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        data: await image.clone().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
  } catch {
    throw refused();
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  await db
    .insert(productImages)
    .values(variants.map(({ width, data }) => ({ name: `${hash}-${width}.webp`, data })))
    .onConflictDoNothing();
  return `${UPLOADS_PREFIX}${PRODUCTS_FOLDER}/${hash}-${LISTED_WIDTH}.webp`;
}

/** The name of one stored size of an upload (what follows /uploads/products/). */
const IMAGE_NAME = new RegExp(`^[0-9a-f]{32}-(${IMAGE_WIDTHS.join('|')})\\.webp$`);

/**
 * The bytes of a stored image by its name, or null: from the cache folder (UPLOADS_DIR/products) when this
 * process has it, else from the database, then kept in the cache for next time (a cache that cannot be
 * written is only a slower next time).
 */
export async function productImage(db: Db, uploadsDir: string, name: string): Promise<Buffer | null> {
  if (!IMAGE_NAME.test(name)) return null;
  const cached = path.join(uploadsDir, PRODUCTS_FOLDER, name);
  const fromCache = await readFile(cached).catch(() => null);
  if (fromCache) return fromCache;
  const [row] = await db.select({ data: productImages.data }).from(productImages).where(eq(productImages.name, name));
  if (!row) return null;
  await mkdir(path.dirname(cached), { recursive: true })
    .then(() => writeWhole(cached, row.data))
    .catch(() => undefined);
  return row.data;
}

/**
 * Images uploaded before they were kept in the database (decision 0031), from the folder they were written to:
 * put in the database at start, once (those already there are left as they are).
 */
export async function importUploadedImages(db: Db, uploadsDir: string): Promise<number> {
  const folder = path.join(uploadsDir, PRODUCTS_FOLDER);
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => IMAGE_NAME.test(name));
  if (names.length === 0) return 0;
  const stored = new Set((await db.select({ name: productImages.name }).from(productImages).where(inArray(productImages.name, names))).map((row) => row.name));
  const missing = names.filter((name) => !stored.has(name));
  for (const name of missing) {
    await db
      .insert(productImages)
      .values({ name, data: await readFile(path.join(folder, name)) })
      .onConflictDoNothing();
  }
  return missing.length;
}

/**
 * Serves the uploaded product images: from the database, through this process's cache folder, so every process serves
 * every image; named by their content, so cached forever like the build's assets (decision 0031).
 */
export async function serveUploadedImages(app: FastifyInstance, db: Db, uploadsDir: string): Promise<void> {
  await mkdir(uploadsDir, { recursive: true });
  await importUploadedImages(db, uploadsDir);
  app.get<{ Params: { name: string } }>(`${UPLOADS_PREFIX}products/:name`, async (request, reply) => {
    const image = await productImage(db, uploadsDir, request.params.name);
    if (!image) return reply.callNotFound();
    return reply.header('Content-Type', 'image/webp').header('Cache-Control', IMMUTABLE).send(image);
  });
}
