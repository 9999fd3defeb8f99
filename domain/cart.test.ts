import { describe, expect, it } from 'vitest';
import { builtInProductsIn } from './builtInProducts';
import { type CartState, cartReducer, cartTotals, emptyCart, itemCount, MAX_QUANTITY_PER_LINE, quantityOf, unitsLeft } from './cart';
import type { Product } from './catalog';

const [lighter, carKey, belt] = builtInProductsIn('en') as [Product, Product, Product];

function apply(...actions: Parameters<typeof cartReducer>[1][]): CartState {
  return actions.reduce(cartReducer, emptyCart);
}

describe('cart reducer', () => {
  it('adds a new line with quantity 1', () => {
    const state = apply({ type: 'add', product: lighter });
    expect(state.lines).toEqual([{ product: lighter, colour: null, quantity: 1 }]);
  });

  it('adds one more when the product is already in the cart', () => {
    const state = apply({ type: 'add', product: lighter }, { type: 'add', product: carKey }, { type: 'add', product: lighter });
    expect(state.lines.map((l) => [l.product.id, l.quantity])).toEqual([
      ['1', 2],
      ['2', 1],
    ]);
    expect(itemCount(state)).toBe(3);
  });

  it('decreases by one and removes the line at quantity 1', () => {
    let state = apply({ type: 'add', product: lighter }, { type: 'add', product: lighter });
    state = cartReducer(state, { type: 'decrease', productId: '1' });
    expect(quantityOf(state, '1')).toBe(1);
    state = cartReducer(state, { type: 'decrease', productId: '1' });
    expect(state.lines).toEqual([]);
  });

  it('ignores a decrease for a product not in the cart', () => {
    const state = apply({ type: 'add', product: lighter });
    expect(cartReducer(state, { type: 'decrease', productId: '9' })).toBe(state);
  });

  it('sets a quantity, and removes the line for 0 or less', () => {
    let state = apply({ type: 'add', product: lighter }, { type: 'add', product: belt });
    state = cartReducer(state, { type: 'setQuantity', productId: '1', quantity: 4 });
    expect(quantityOf(state, '1')).toBe(4);
    state = cartReducer(state, { type: 'setQuantity', productId: '1', quantity: 0 });
    expect(quantityOf(state, '1')).toBe(0);
    state = cartReducer(state, { type: 'setQuantity', productId: '3', quantity: -2 });
    expect(state.lines).toEqual([]);
  });

  it('never goes above the per-line maximum', () => {
    let state = apply({ type: 'add', product: lighter });
    state = cartReducer(state, { type: 'setQuantity', productId: '1', quantity: 500 });
    expect(quantityOf(state, '1')).toBe(MAX_QUANTITY_PER_LINE);
    state = cartReducer(state, { type: 'add', product: lighter });
    expect(quantityOf(state, '1')).toBe(MAX_QUANTITY_PER_LINE);
  });

  it('removes one line and clears all', () => {
    let state = apply({ type: 'add', product: lighter }, { type: 'add', product: carKey });
    state = cartReducer(state, { type: 'remove', productId: '1' });
    expect(state.lines.map((l) => l.product.id)).toEqual(['2']);
    expect(cartReducer(state, { type: 'clear' })).toEqual(emptyCart);
  });

  it('takes over a cart changed in another tab', () => {
    const elsewhere = apply({ type: 'add', product: belt });
    expect(cartReducer(apply({ type: 'add', product: lighter }), { type: 'replace', state: elsewhere })).toBe(elsewhere);
  });

  it('revalidates against the catalogue: current prices, removed products dropped', () => {
    const state = apply({ type: 'add', product: lighter }, { type: 'add', product: carKey }, { type: 'add', product: carKey });
    const cheaperKey = { ...carKey, price: 5999 };
    const next = cartReducer(state, { type: 'revalidate', catalogue: [cheaperKey, belt] });
    expect(next.lines).toEqual([{ product: cheaperKey, colour: null, quantity: 2 }]);
  });

  it('totals the lines with shipping', () => {
    const state = apply({ type: 'add', product: lighter }, { type: 'add', product: carKey });
    expect(cartTotals(state)).toEqual({ subtotal: 10498, discount: 0, shipping: 1999, total: 12497 });
  });
});

describe('cart lines with colours', () => {
  const twoColours: Product = {
    ...lighter,
    colourOptions: [
      { name: 'Black', label: 'Black', available: true },
      { name: 'Blue', label: 'Blue', available: true },
      { name: 'Red', label: 'Red', available: false },
    ],
  };

  it('keeps two colours of one product as two lines, each with its own quantity', () => {
    let state = apply({ type: 'add', product: twoColours, colour: 'Black' }, { type: 'add', product: twoColours, colour: 'Blue' }, { type: 'add', product: twoColours, colour: 'Black' });
    expect(state.lines.map((line) => [line.colour, line.quantity])).toEqual([
      ['Black', 2],
      ['Blue', 1],
    ]);
    expect(quantityOf(state, '1', 'Black')).toBe(2);
    expect(quantityOf(state, '1', 'Blue')).toBe(1);
    expect(itemCount(state)).toBe(3);
    state = cartReducer(state, { type: 'decrease', productId: '1', colour: 'Blue' });
    expect(state.lines.map((line) => line.colour)).toEqual(['Black']);
    state = cartReducer(state, { type: 'setQuantity', productId: '1', colour: 'Black', quantity: 5 });
    expect(quantityOf(state, '1', 'Black')).toBe(5);
    expect(cartReducer(state, { type: 'remove', productId: '1', colour: 'Black' }).lines).toEqual([]);
    // Another colour's key leaves the line alone.
    expect(cartReducer(state, { type: 'remove', productId: '1', colour: 'Red' })).toEqual(state);
  });

  it('revalidation drops a colour the product no longer has, and gives a colourless line (an older cart) the first available colour', () => {
    const saved: CartState = {
      lines: [
        { product: twoColours, colour: null, quantity: 2 },
        { product: twoColours, colour: 'Black', quantity: 1 },
        { product: twoColours, colour: 'Green', quantity: 1 },
        { product: carKey, colour: 'Black', quantity: 1 },
        { product: belt, colour: null, quantity: 1 },
      ],
    };
    const next = cartReducer(saved, { type: 'revalidate', catalogue: [twoColours, carKey, belt] });
    expect(next.lines.map((line) => [line.product.id, line.colour, line.quantity])).toEqual([
      ['1', 'Black', 3],
      ['3', null, 1],
    ]);
  });
});

describe('unitsLeft', () => {
  it('is none for a sold-out product or colour, the few left when the shop says, else the most a line takes', () => {
    expect(unitsLeft(carKey, null)).toBe(MAX_QUANTITY_PER_LINE);
    expect(unitsLeft({ ...carKey, stockLeft: 3 }, null)).toBe(3);
    expect(unitsLeft({ ...carKey, soldOut: true, stockLeft: 0 }, null)).toBe(0);
    // The lighter's Red is sold out in the seed; Black is not.
    expect(unitsLeft(lighter, 'Red')).toBe(0);
    expect(unitsLeft(lighter, 'Black')).toBe(MAX_QUANTITY_PER_LINE);
    const fewBlack = { ...lighter, colourOptions: lighter.colourOptions.map((colour) => (colour.name === 'Black' ? { ...colour, stockLeft: 2 } : colour)) };
    expect(unitsLeft({ ...fewBlack, stockLeft: 4 }, 'Black')).toBe(2);
  });
});
