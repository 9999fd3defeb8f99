import type { AdminProduct } from '../../../domain/contracts/adminProducts';
import { toDecimalString } from '../../../domain/money';
import { keyFeaturesFromLines, type ProductCreate, parseRon, productCreateSchema, type StockSeen, slugSchema } from '../../../domain/productEdit';
import type { ProductTexts } from '../../../domain/productTexts';
import { ApiError } from '../../lib/api';
import { firstProblem } from '../../lib/backOffice';
import type { Translate } from '../../lib/i18n';
import { oneParagraph, type SafetyFormValues, safetyFromForm, safetyValuesOf } from './safetyForm';

/** The edit form's fields as typed: amounts in RON, key features one per line, stock empty when not counted. */
export interface ProductFormValues {
  name: string;
  /** The product's address, /shop/{slug}; absent for a new product (it gets one from its name). */
  slug?: string;
  description: string;
  keyFeatures: string;
  price: string;
  stock: string;
  /** Grams as typed; empty: the shop's default weight. */
  weightGrams: string;
  /** Centimetres as typed; all three empty: the shop's default size. */
  packedSizeCm: { length: string; width: string; height: string };
  active: boolean;
  stripePriceId: string;
  /** Each colour's stock as typed, like the product's: empty when not counted. */
  colourOptions: ColourFormValues[];
  /** The Romanian texts (domain/productTexts): empty when not translated. */
  nameRo: string;
  descriptionRo: string;
  keyFeaturesRo: string;
  /** What the law asks its page to say of its safety (its warnings in English and Romanian among them). */
  safety: SafetyFormValues;
  /** In the catalogue feeds: left out, and the neutral title (empty: its name). */
  feeds: FeedFormValues;
}

export interface FeedFormValues {
  exclude: boolean;
  title: string;
}

export interface ColourFormValues {
  name: string;
  available: boolean;
  stock: string;
  /** Its name in Romanian; empty when not translated. */
  nameRo: string;
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
  const ro = product?.translations.ro;
  return {
    name: product?.name ?? '',
    ...(product ? { slug: product.slug } : {}),
    description: product?.description ?? '',
    keyFeatures: product?.keyFeatures.join('\n') ?? '',
    price: product ? toDecimalString(product.price) : '',
    stock: stockAsText(product?.stock ?? null),
    weightGrams: stockAsText(product?.weightGrams ?? null),
    packedSizeCm: {
      length: stockAsText(product?.packedSizeCm?.length ?? null),
      width: stockAsText(product?.packedSizeCm?.width ?? null),
      height: stockAsText(product?.packedSizeCm?.height ?? null),
    },
    active: product?.active ?? false,
    stripePriceId: product?.stripePriceId ?? '',
    colourOptions: product?.colourOptions.map((colour) => ({ ...colour, stock: stockAsText(colour.stock), nameRo: ro?.colours?.[colour.name] ?? '' })) ?? [],
    nameRo: ro?.name ?? '',
    descriptionRo: ro?.description ?? '',
    keyFeaturesRo: ro?.keyFeatures?.join('\n') ?? '',
    safety: safetyValuesOf(product),
    feeds: { exclude: product?.excludeFromFeeds ?? false, title: product?.feedTitle ?? '' },
  };
}

/** What the form sends: a new product, or an existing one with its address. */
export type ProductFromForm = ProductCreate & { slug?: string };

/** The stock a form shows or sent: the product's own and each colour's, by name (see keepLiveStock). */
export function stockSeenOf(product: { stock: number | null; colourOptions: readonly { name: string; stock?: number | null }[] }): StockSeen {
  return { stock: product.stock, colours: Object.fromEntries(product.colourOptions.map((colour) => [colour.name, colour.stock ?? null])) };
}

/** A problem to show: next to the Address field (`field: 'slug'`), or under the form. */
export interface FormProblem {
  problem: string;
  field?: 'slug';
}

/** The server's refusal as the form shows it: an address another product has goes next to the Address field. */
export function problemOf(t: Translate, error: unknown): FormProblem {
  if (!(error instanceof ApiError)) return { problem: t('admin.product.problem.notSaved') };
  return error.code === 'slug_taken' ? { problem: error.message, field: 'slug' } : { problem: error.message };
}

/** The schema's first refusal in the page's language (firstProblem). */
const issueProblem = (t: Translate, issue: { message: string } | undefined) => firstProblem(t, issue, 'admin.product.problem.check');

/** The Romanian texts the owner typed; those left empty are left out (the English shows). */
function romanianOf(values: ProductFormValues): ProductTexts {
  const colours = Object.fromEntries(values.colourOptions.filter((colour) => colour.nameRo.trim() !== '').map((colour) => [colour.name.trim(), colour.nameRo]));
  const keyFeatures = keyFeaturesFromLines(values.keyFeaturesRo);
  return {
    ...(values.nameRo.trim() !== '' ? { name: values.nameRo } : {}),
    ...(values.descriptionRo.trim() !== '' ? { description: oneParagraph(values.descriptionRo) } : {}),
    ...(keyFeatures.length > 0 ? { keyFeatures } : {}),
    ...(Object.keys(colours).length > 0 ? { colours } : {}),
    ...(values.safety.safetyInfoRo.trim() !== '' ? { safetyInfo: oneParagraph(values.safety.safetyInfoRo) } : {}),
  };
}

/**
 * What the form sends (the API's product, in bani), checked by the same schema as the server's; or
 * the first problem, worded for the form.
 */
export function productFromForm(t: Translate, values: ProductFormValues): { product: ProductFromForm } | FormProblem {
  const price = parseRon(values.price);
  if (price === null) return { problem: t('admin.product.problem.price') };
  const stock = stockOf(values.stock);
  if (stock === undefined) return { problem: t('admin.product.problem.stock') };
  // A whole number, or empty: read as stock is.
  const weightGrams = stockOf(values.weightGrams);
  if (weightGrams === undefined) return { problem: t('admin.product.problem.weight') };
  // All three sides, or none (the shop's default size).
  const sides = [values.packedSizeCm.length, values.packedSizeCm.width, values.packedSizeCm.height].map(stockOf);
  const [length, width, height] = sides;
  const noSize = sides.every((side) => side === null);
  if (!noSize && !sides.every((side) => typeof side === 'number' && side >= 1)) return { problem: t('admin.product.problem.packedSize') };
  const packedSizeCm = noSize ? null : { length: length!, width: width!, height: height! };
  const colourOptions = [];
  for (const colour of values.colourOptions) {
    const colourStock = stockOf(colour.stock);
    if (colourStock === undefined) {
      const name = colour.name.trim();
      return { problem: name ? t('admin.product.problem.colourStock', { colour: name }) : t('admin.product.problem.unnamedColourStock') };
    }
    colourOptions.push({ name: colour.name, available: colour.available, stock: colourStock });
  }
  const sent: ProductCreate = {
    name: values.name,
    description: oneParagraph(values.description),
    keyFeatures: keyFeaturesFromLines(values.keyFeatures),
    price,
    stock,
    weightGrams,
    packedSizeCm,
    active: values.active,
    stripePriceId: values.stripePriceId.trim() === '' ? null : values.stripePriceId.trim(),
    colourOptions,
    ...safetyFromForm(values.safety),
    excludeFromFeeds: values.feeds.exclude,
    feedTitle: values.feeds.title.trim() === '' ? null : values.feeds.title,
    translations: { ro: romanianOf(values) },
  };
  const parsed = productCreateSchema.safeParse(sent);
  if (!parsed.success) return { problem: issueProblem(t, parsed.error.issues[0]) };
  if (values.slug === undefined) return { product: parsed.data };
  const slug = slugSchema.safeParse(values.slug);
  if (slug.success) return { product: { ...parsed.data, slug: slug.data } };
  return { problem: issueProblem(t, slug.error.issues[0]), field: 'slug' };
}
