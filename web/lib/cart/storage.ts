import { type CartLine, type CartState, emptyCart, MAX_QUANTITY_PER_LINE } from '../../../domain/cart';
import type { Product } from '../../../domain/catalog';

export const CART_STORAGE_KEY = 'secret-stash.cart.v1';

function isProduct(value: unknown): value is Product {
  const p = value as Partial<Product> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.id === 'string' &&
    typeof p.name === 'string' &&
    typeof p.price === 'number' &&
    (p.oldPrice === null || typeof p.oldPrice === 'number') &&
    typeof p.image === 'string' &&
    Array.isArray(p.images)
  );
}

function isLine(value: unknown): value is CartLine {
  const line = value as Partial<CartLine> | null;
  return (
    typeof line === 'object' &&
    line !== null &&
    isProduct(line.product) &&
    (line.colour == null || typeof line.colour === 'string') &&
    Number.isInteger(line.quantity) &&
    line.quantity! >= 1 &&
    line.quantity! <= MAX_QUANTITY_PER_LINE
  );
}

/**
 * The cart saved by an earlier visit. Anything unreadable is dropped rather than trusted; prices
 * are refreshed from the catalogue afterwards and never trusted by the server anyway.
 */
export function loadCart(): CartState {
  try {
    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { lines?: unknown } | null;
    if (!saved || !Array.isArray(saved.lines)) return emptyCart;
    // A cart saved before colours travelled with lines has none: revalidation gives it the first available one.
    return { lines: saved.lines.filter(isLine).map((line) => ({ ...line, colour: line.colour ?? null })) };
  } catch {
    return emptyCart;
  }
}

export function saveCart(state: CartState) {
  try {
    if (state.lines.length === 0) localStorage.removeItem(CART_STORAGE_KEY);
    else localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Private mode or a full quota: the cart still works for this visit.
  }
}
