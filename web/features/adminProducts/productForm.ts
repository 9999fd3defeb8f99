import type { AdminProduct } from '../../../domain/contracts/adminProducts';
import { type Bani, toDecimalString } from '../../../domain/money';
import { keyFeaturesFromLines, MAX_COLOURS, MAX_KEY_FEATURES, MAX_PRICE, MAX_STOCK, parseRon, productCreateSchema, type ProductCreate, slugSchema } from '../../../domain/productEdit';
import { ApiError } from '../../lib/api';
import { textFieldProblem } from '../../lib/backOffice';
import type { Translate } from '../../lib/i18n';

/** What the form's messages need of the page's language (useI18n's `t` and `money`). */
export interface FormWords {
  t: Translate;
  money: (amount: Bani) => string;
}

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
export function problemOf(t: Translate, error: unknown): FormProblem {
  if (!(error instanceof ApiError)) return { problem: t('admin.product.problem.notSaved') };
  return error.code === 'slug_taken' ? { problem: error.message, field: 'slug' } : { problem: error.message };
}

/** The product's text fields as the schema's messages name them ("Name is required."). */
const TEXT_FIELDS = {
  name: 'admin.product.form.name',
  description: 'admin.product.form.description',
  keyFeatures: 'admin.product.field.keyFeature',
  colourOptions: 'admin.product.field.colourName',
  stripePriceId: 'admin.product.form.stripePriceId',
  slug: 'admin.product.form.address',
} as const;

type Issue = { path: PropertyKey[]; message: string };

/**
 * The schema's first refusal in the page's language. The domain words its messages in English for the
 * API; the form says the same by the field refused (its path) and what the form sent.
 */
function issueProblem({ t, money }: FormWords, issue: Issue | undefined, sent: ProductCreate): string {
  if (!issue) return t('admin.product.problem.check');
  const [field, , inner] = issue.path;
  const label = TEXT_FIELDS[field as keyof typeof TEXT_FIELDS];
  const textProblem = label ? textFieldProblem(t, issue.message, label) : null;
  if (textProblem) return textProblem;
  switch (field) {
    case 'price':
      return sent.price < 1 ? t('admin.product.problem.priceTooLow', { amount: money(1) }) : t('admin.product.problem.priceTooHigh', { amount: money(MAX_PRICE) });
    case 'stock':
      return t('admin.product.problem.stockTooHigh', { max: MAX_STOCK });
    case 'keyFeatures':
      return t('admin.product.problem.tooManyKeyFeatures', { max: MAX_KEY_FEATURES });
    case 'colourOptions':
      if (inner === 'stock') return t('admin.product.problem.colourStockTooHigh', { max: MAX_STOCK });
      return sent.colourOptions.length > MAX_COLOURS ? t('admin.product.problem.tooManyColours', { max: MAX_COLOURS }) : t('admin.product.problem.colourTwice');
    case 'stripePriceId':
      return t('admin.product.problem.stripePriceId');
    case 'slug':
      return t('admin.product.problem.slug');
    default:
      return t('admin.product.problem.check');
  }
}

/**
 * What the form sends (the API's product, in bani), checked by the same schema as the server's; or
 * the first problem, worded for the form.
 */
export function productFromForm(words: FormWords, values: ProductFormValues): { product: ProductFromForm } | FormProblem {
  const { t } = words;
  const price = parseRon(values.price);
  if (price === null) return { problem: t('admin.product.problem.price') };
  const stock = stockOf(values.stock);
  if (stock === undefined) return { problem: t('admin.product.problem.stock') };
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
    // One paragraph on the storefront: line breaks typed in the box become spaces.
    description: values.description.replace(/\s*[\r\n]+\s*/g, ' '),
    keyFeatures: keyFeaturesFromLines(values.keyFeatures),
    price,
    stock,
    active: values.active,
    stripePriceId: values.stripePriceId.trim() === '' ? null : values.stripePriceId.trim(),
    colourOptions,
  };
  const parsed = productCreateSchema.safeParse(sent);
  if (!parsed.success) return { problem: issueProblem(words, parsed.error.issues[0], sent) };
  if (values.slug === undefined) return { product: parsed.data };
  const slug = slugSchema.safeParse(values.slug);
  if (slug.success) return { product: { ...parsed.data, slug: slug.data } };
  // The address's own schema: its refusals have no path, so they are the slug's.
  const issue = slug.error.issues[0];
  return { problem: issueProblem(words, issue && { message: issue.message, path: ['slug'] }, sent), field: 'slug' };
}
