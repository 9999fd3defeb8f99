import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors';

/** The widths each uploaded image is stored at (never wider than the original: no upscaling). */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
/** The width the product's `images` list names; the others sit beside it with their own width in the name. */
export const LISTED_WIDTH = 800;
/** Where uploads are served from, and the folder under UPLOADS_DIR that holds product images. */
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
 * position, dropped). Files are named by a hash of the upload, so the same picture uploaded twice
 * is stored once and can be cached forever. Returns the address of its LISTED_WIDTH version.
 */
export async function storeProductImage(uploadsDir: string, bytes: Buffer): Promise<string> {
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
  const folder = path.join(uploadsDir, PRODUCTS_FOLDER);
  await mkdir(folder, { recursive: true });
  await Promise.all(variants.map(({ width, data }) => writeWhole(path.join(folder, `${hash}-${width}.webp`), data)));
  return `${UPLOADS_PREFIX}${PRODUCTS_FOLDER}/${hash}-${LISTED_WIDTH}.webp`;
}
