import type { Product } from './contracts/catalog';
import type { Locale } from './locale';

/**
 * A product's own texts (its name, description, key features and colour names) are written in the
 * specification's language, English; each other language has its translations beside them. A text
 * not translated shows as written.
 */
export const PRODUCT_TEXTS_LOCALE = 'en' satisfies Locale;
export type TranslationLocale = Exclude<Locale, typeof PRODUCT_TEXTS_LOCALE>;
export const TRANSLATION_LOCALES = ['ro'] as const satisfies readonly TranslationLocale[];

/** A product's texts in one other language; an absent or empty one shows the product's own. */
export interface ProductTexts {
  name?: string;
  description?: string;
  keyFeatures?: string[];
  /** Each colour's name in this language, by the colour's own name (which orders and stock go by). */
  colours?: Record<string, string>;
  /** Its warnings and safety information (domain/productSafety.ts: required in Romanian when given in English). */
  safetyInfo?: string;
}

/** What products.translations holds: each other language's texts. */
export type ProductTranslations = Partial<Record<TranslationLocale, ProductTexts>>;

const textsOf = (translations: ProductTranslations, locale: Locale): ProductTexts => (locale === PRODUCT_TEXTS_LOCALE ? {} : (translations[locale] ?? {}));

/** A colour's name in `locale` (its own when not translated). */
export function colourNameIn(colour: string, translations: ProductTranslations, locale: Locale): string {
  return textsOf(translations, locale).colours?.[colour] || colour;
}

/** A product's name in `locale` (its own when not translated): what an order line keeps. */
export function productNameIn(name: string, translations: ProductTranslations, locale: Locale): string {
  return textsOf(translations, locale).name || name;
}

/** The storefront's product in `locale`: its texts translated where they are, each colour named there (`label`). */
export function productIn(product: Product, translations: ProductTranslations, locale: Locale): Product {
  const texts = textsOf(translations, locale);
  return {
    ...product,
    name: texts.name || product.name,
    description: texts.description || product.description,
    keyFeatures: texts.keyFeatures?.length ? texts.keyFeatures : product.keyFeatures,
    colourOptions: product.colourOptions.map((colour) => ({ ...colour, label: colourNameIn(colour.name, translations, locale) })),
  };
}
