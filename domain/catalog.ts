export type { ColourOption, Product } from './contracts/catalog';

export const FALLBACK_IMAGE = '/images/products/placeholder.svg';

/** At or below this many units the storefront says how many are left. */
export const LOW_STOCK = 5;

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
