export type { ColourOption, Product } from './contracts/catalog';

export const FALLBACK_IMAGE = '/images/products/placeholder.svg';

/** At or below this many units the storefront says how many are left. */
export const LOW_STOCK = 5;

/** What the storefront may say about a product's stock (null: not counted, never sold out). */
export function stockView(stock: number | null): { soldOut: boolean; stockLeft: number | null } {
  return { soldOut: stock === 0, stockLeft: stock !== null && stock <= LOW_STOCK ? stock : null };
}
