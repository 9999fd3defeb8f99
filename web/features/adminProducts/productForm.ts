import type { AdminProduct } from '../../../domain/contracts/adminProducts';
import { toDecimalString } from '../../../domain/money';
import { keyFeaturesFromLines, parseRon, productCreateSchema, type ProductCreate, slugSchema } from '../../../domain/productEdit';
import { ApiError } from '../../lib/api';

/** The edit form's fields as typed: amounts in RON, key features one per line, stock empty when not counted. */
export interface ProductFormValues {
  name: string;
  /** The product's address, /shop/{slug}; absent for a new product (it gets one from its name). */
  slug?: string;
  description: string;
  keyFeatures: string;
  price: string;
  stock: string;
  active: boolean;
  stripePriceId: string;
  /** Each colour's stock as typed, like the product's: empty when not counted. */
  colourOptions: ColourFormValues[];
}

export interface ColourFormValues {
  name: string;
  available: boolean;
  stock: string;
}

const stockAsText = (stock: number | null) => (stock != null ? String(stock) : '');

/** Units typed as a whole number, or empty for "not counted" (null); undefined when it is neither. */
function stockOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** A new product starts hidden: it is shown once it has its pictures. */
export function formValuesOf(product?: AdminProduct): ProductFormValues {
  return {
    name: product?.name ?? '',
    ...(product ? { slug: product.slug } : {}),
    description: product?.description ?? '',
    keyFeatures: product?.keyFeatures.join('\n') ?? '',
    price: product ? toDecimalString(product.price) : '',
    stock: stockAsText(product?.stock ?? null),
    active: product?.active ?? false,
    stripePriceId: product?.stripePriceId ?? '',
    colourOptions: product?.colourOptions.map((colour) => ({ ...colour, stock: stockAsText(colour.stock) })) ?? [],
  };
}

/** What the form sends: a new product, or an existing one with its address. */
export type ProductFromForm = ProductCreate & { slug?: string };

/** A problem to show: next to the Address field (`field: 'slug'`), or under the form. */
export interface FormProblem {
  problem: string;
  field?: 'slug';
}

/** The server's refusal as the form shows it: an address another product has goes next to the Address field. */
export function problemOf(error: unknown): FormProblem {
  if (!(error instanceof ApiError)) return { problem: 'The product could not be saved. Check your connection and try again.' };
  return error.code === 'slug_taken' ? { problem: error.message, field: 'slug' } : { problem: error.message };
}

/**
 * What the form sends (the API's product, in bani), checked by the same schema as the server's; or
 * the first problem, worded for the form.
 */
export function productFromForm(values: ProductFormValues): { product: ProductFromForm } | FormProblem {
  const price = parseRon(values.price);
  if (price === null) return { problem: 'Price must be an amount in RON, like 39.99.' };
  const stock = stockOf(values.stock);
  if (stock === undefined) return { problem: 'Stock must be a whole number of units, or empty when not counted.' };
  const colourOptions = [];
  for (const colour of values.colourOptions) {
    const colourStock = stockOf(colour.stock);
    if (colourStock === undefined) return { problem: `Stock of ${colour.name.trim() || 'a colour'} must be a whole number of units, or empty when not counted.` };
    colourOptions.push({ name: colour.name, available: colour.available, stock: colourStock });
  }
  const parsed = productCreateSchema.safeParse({
    name: values.name,
    // One paragraph on the storefront: line breaks typed in the box become spaces.
    description: values.description.replace(/\s*[\r\n]+\s*/g, ' '),
    keyFeatures: keyFeaturesFromLines(values.keyFeatures),
    price,
    stock,
    active: values.active,
    stripePriceId: values.stripePriceId.trim() === '' ? null : values.stripePriceId.trim(),
    colourOptions,
  });
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Please check the product’s details.' };
  if (values.slug === undefined) return { product: parsed.data };
  const slug = slugSchema.safeParse(values.slug);
  return slug.success ? { product: { ...parsed.data, slug: slug.data } } : { problem: slug.error.issues[0]?.message ?? 'Please check the address.', field: 'slug' };
}
