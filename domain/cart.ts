import { defaultColour, type Product } from './catalog';
import { type PricedLine, type Totals, totalsFor } from './pricing';

/** Largest quantity of one product in a cart (and in an order). */
export const MAX_QUANTITY_PER_LINE = 99;

export interface CartLine {
  product: Product;
  /** The colour chosen, for a product that has colours; null otherwise. Two colours of one product are two lines. */
  colour: string | null;
  quantity: number;
}

export interface CartState {
  lines: CartLine[];
}

/** Which line an action is about: a product, and its colour when it has colours (absent: none). */
export interface LineKey {
  productId: string;
  colour?: string | null;
}

export type CartAction =
  | { type: 'add'; product: Product; colour?: string | null }
  | ({ type: 'decrease' } & LineKey)
  | ({ type: 'setQuantity'; quantity: number } & LineKey)
  | ({ type: 'remove' } & LineKey)
  | { type: 'clear' }
  /** Take over a cart changed elsewhere (another tab of the shop). */
  | { type: 'replace'; state: CartState }
  /** Replace each line's product with the catalogue's current one; drop products (and colours) that are gone. */
  | { type: 'revalidate'; catalogue: readonly Product[] };

export const emptyCart: CartState = { lines: [] };

function isLine(line: CartLine, key: LineKey): boolean {
  return line.product.id === key.productId && line.colour === (key.colour ?? null);
}

function withoutLine(state: CartState, key: LineKey): CartState {
  return { lines: state.lines.filter((line) => !isLine(line, key)) };
}

function withQuantity(state: CartState, key: LineKey, quantity: number): CartState {
  return {
    lines: state.lines.map((line) => (isLine(line, key) ? { ...line, quantity: Math.min(quantity, MAX_QUANTITY_PER_LINE) } : line)),
  };
}

/**
 * The line's colour checked against the product as the catalogue has it now: a colour it no longer
 * has drops the line (undefined); a line saved before colours travelled with it gets the first
 * colour that can be chosen.
 */
function colourNow(product: Product, colour: string | null): string | null | undefined {
  if (product.colourOptions.length === 0) return colour === null ? null : undefined;
  if (colour === null) return defaultColour(product) ?? undefined;
  return product.colourOptions.some((option) => option.name === colour) ? colour : undefined;
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const key = { productId: action.product.id, colour: action.colour ?? null };
      const existing = state.lines.find((line) => isLine(line, key));
      if (!existing) return { lines: [...state.lines, { product: action.product, colour: key.colour, quantity: 1 }] };
      return withQuantity(state, key, existing.quantity + 1);
    }
    case 'decrease': {
      const existing = state.lines.find((line) => isLine(line, action));
      if (!existing) return state;
      if (existing.quantity <= 1) return withoutLine(state, action);
      return withQuantity(state, action, existing.quantity - 1);
    }
    case 'setQuantity': {
      const quantity = Math.floor(action.quantity);
      if (!Number.isFinite(quantity) || quantity <= 0) return withoutLine(state, action);
      return withQuantity(state, action, quantity);
    }
    case 'remove':
      return withoutLine(state, action);
    case 'clear':
      return emptyCart;
    case 'replace':
      return action.state;
    case 'revalidate': {
      const byId = new Map(action.catalogue.map((product) => [product.id, product]));
      const lines: CartLine[] = [];
      for (const line of state.lines) {
        const product = byId.get(line.product.id);
        const colour = product ? colourNow(product, line.colour) : undefined;
        if (!product || colour === undefined) continue;
        const twin = lines.find((kept) => isLine(kept, { productId: product.id, colour }));
        if (twin) twin.quantity = Math.min(twin.quantity + line.quantity, MAX_QUANTITY_PER_LINE);
        else lines.push({ product, colour, quantity: line.quantity });
      }
      return { lines };
    }
  }
}

/**
 * How many of a product (in `colour`) a cart may hold as far as the storefront knows: none when it or its
 * colour is sold out, the few left when it says how many, else the most one line takes.
 */
export function unitsLeft(product: Pick<Product, 'soldOut' | 'stockLeft' | 'colourOptions'>, colour: string | null): number {
  const option = product.colourOptions.find((candidate) => candidate.name === colour);
  if (product.soldOut || option?.available === false) return 0;
  return Math.min(MAX_QUANTITY_PER_LINE, product.stockLeft ?? MAX_QUANTITY_PER_LINE, option?.stockLeft ?? MAX_QUANTITY_PER_LINE);
}

export function itemCount(state: CartState): number {
  return state.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** How many of a product (in one colour, for a product with colours) the cart holds. */
export function quantityOf(state: CartState, productId: string, colour: string | null = null): number {
  return state.lines.find((line) => isLine(line, { productId, colour }))?.quantity ?? 0;
}

/** The cart's lines as prices and quantities, as the server prices them. */
export function pricedLines(state: CartState): PricedLine[] {
  return state.lines.map((line) => ({ unitPrice: line.product.price, quantity: line.quantity }));
}

export function cartTotals(state: CartState): Totals {
  return totalsFor(pricedLines(state));
}
