import type { Product } from './catalog';
import { totalsFor, type Totals } from './pricing';

/** Largest quantity of one product in a cart (and in an order). */
export const MAX_QUANTITY_PER_LINE = 99;

export interface CartLine {
  product: Product;
  quantity: number;
}

export interface CartState {
  lines: CartLine[];
}

export type CartAction =
  | { type: 'add'; product: Product }
  | { type: 'decrease'; productId: string }
  | { type: 'setQuantity'; productId: string; quantity: number }
  | { type: 'remove'; productId: string }
  | { type: 'clear' }
  /** Take over a cart changed elsewhere (another tab of the shop). */
  | { type: 'replace'; state: CartState }
  /** Replace each line's product with the catalogue's current one; drop products that are gone. */
  | { type: 'revalidate'; catalogue: readonly Product[] };

export const emptyCart: CartState = { lines: [] };

function withoutLine(state: CartState, productId: string): CartState {
  return { lines: state.lines.filter((line) => line.product.id !== productId) };
}

function withQuantity(state: CartState, productId: string, quantity: number): CartState {
  return {
    lines: state.lines.map((line) =>
      line.product.id === productId ? { ...line, quantity: Math.min(quantity, MAX_QUANTITY_PER_LINE) } : line,
    ),
  };
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const existing = state.lines.find((line) => line.product.id === action.product.id);
      if (!existing) return { lines: [...state.lines, { product: action.product, quantity: 1 }] };
      return withQuantity(state, action.product.id, existing.quantity + 1);
    }
    case 'decrease': {
      const existing = state.lines.find((line) => line.product.id === action.productId);
      if (!existing) return state;
      if (existing.quantity <= 1) return withoutLine(state, action.productId);
      return withQuantity(state, action.productId, existing.quantity - 1);
    }
    case 'setQuantity': {
      const quantity = Math.floor(action.quantity);
      if (!Number.isFinite(quantity) || quantity <= 0) return withoutLine(state, action.productId);
      return withQuantity(state, action.productId, quantity);
    }
    case 'remove':
      return withoutLine(state, action.productId);
    case 'clear':
      return emptyCart;
    case 'replace':
      return action.state;
    case 'revalidate': {
      const byId = new Map(action.catalogue.map((product) => [product.id, product]));
      const lines: CartLine[] = [];
      for (const line of state.lines) {
        const product = byId.get(line.product.id);
        if (product) lines.push({ product, quantity: line.quantity });
      }
      return { lines };
    }
  }
}

export function itemCount(state: CartState): number {
  return state.lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function quantityOf(state: CartState, productId: string): number {
  return state.lines.find((line) => line.product.id === productId)?.quantity ?? 0;
}

export function cartTotals(state: CartState): Totals {
  return totalsFor(state.lines.map((line) => ({ unitPrice: line.product.price, quantity: line.quantity })));
}
