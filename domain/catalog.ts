import type { ColourOption } from './contracts/catalog';

export type { ColourOption, Product, ProductSafety } from './contracts/catalog';

export const FALLBACK_IMAGE = '/images/products/placeholder.svg';

/** At or below this many units the storefront says how many are left. */
export const LOW_STOCK = 5;

/**
 * A colour as the database keeps it: the owner's Available switch and, optionally, its own stock
 * (absent or null: not counted). Rows written before colours had stock have no `stock` key.
 */
export interface StoredColourOption {
  name: string;
  available: boolean;
  stock?: number | null;
}

/** What the storefront may say about a product's stock (null: not counted, never sold out). */
export function stockView(stock: number | null): { soldOut: boolean; stockLeft: number | null } {
  return { soldOut: stock === 0, stockLeft: stock !== null && stock <= LOW_STOCK ? stock : null };
}

/** Whether stock going from `before` to `after` changes what the storefront says (stockView). */
export function stockViewChanges(before: number | null, after: number | null): boolean {
  const was = stockView(before);
  const is = stockView(after);
  return was.soldOut !== is.soldOut || was.stockLeft !== is.stockLeft;
}

/**
 * A product's stock as the storefront shows it: a colour is available when the owner says so and
 * it is not sold out; a product whose colours are all unavailable is sold out as a whole.
 */
export function productStockView(stock: number | null, colours: readonly StoredColourOption[]): { soldOut: boolean; stockLeft: number | null; colourOptions: ColourOption[] } {
  const colourOptions = colours.map(({ name, available, stock: colourStock = null }) => {
    const view = stockView(colourStock);
    return { name, label: name, available: available && !view.soldOut, stockLeft: view.stockLeft };
  });
  const own = stockView(stock);
  const noColourLeft = colourOptions.length > 0 && colourOptions.every((colour) => !colour.available);
  return { soldOut: own.soldOut || noColourLeft, stockLeft: own.stockLeft, colourOptions };
}

/**
 * What "Notify me" is offered for (decision 0045): each sold-out colour of a product with colours, or the product
 * itself (null) when it has none and is sold out. Empty while everything is in stock.
 */
export function soldOutChoices(product: { soldOut: boolean; colourOptions: readonly ColourOption[] }): (ColourOption | null)[] {
  if (product.colourOptions.length === 0) return product.soldOut ? [null] : [];
  return product.colourOptions.filter((colour) => !colour.available || product.soldOut);
}

/** The colour a product is added in unless another is chosen: its first available one (null: no colours, or none left). */
export function defaultColour(product: { colourOptions: readonly Pick<ColourOption, 'name' | 'available'>[] }): string | null {
  return product.colourOptions.find((colour) => colour.available)?.name ?? null;
}

/** How a line is named wherever it is shown (cart, order pages, mails): "Dummy Lighter (Black)". */
export function lineName(name: string, colour: string | null | undefined): string {
  return colour ? `${name} (${colour})` : name;
}

type Labelled = { name: string; colourOptions: readonly Pick<ColourOption, 'name' | 'label'>[] };

/** A colour of `product` named in the page's language ("Negru"); a cart saved before colours had labels shows it as it is. */
export function colourLabel(product: Labelled, colour: string): string {
  return product.colourOptions.find((option) => option.name === colour)?.label ?? colour;
}

/** A cart line of `product` in `colour`, named in the page's language: "Brichetă cu ascunzătoare (Negru)". */
export function cartLineName(product: Labelled, colour: string | null): string {
  return lineName(product.name, colour && colourLabel(product, colour));
}

/** A product's address on the shop, `/shop/{slug}`: lowercase letters and digits in words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 80;

/** The slug a name gives: "Belt with Secret Compartment" → "belt-with-secret-compartment" (accents dropped: "Brichetă" → "bricheta"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || 'product';
}

/** The page of a product. */
export const productPath = (product: { slug: string }): string => `/shop/${product.slug}`;

/** The way to a product's page, as its breadcrumbs show it and tell search engines: Home › Shop › the product. */
export function productTrail(product: { name: string; slug: string }, labels: { home: string; shop: string }): { name: string; path: string }[] {
  return [
    { name: labels.home, path: '/' },
    { name: labels.shop, path: '/shop' },
    { name: product.name, path: productPath(product) },
  ];
}
