import { describe, expect, it } from 'vitest';
import type { Product } from './contracts/catalog';
import { canSubscribe, inStock, restoreLines } from './reminders';

const product = (over: Partial<Product>): Product => ({
  id: '1',
  name: 'Dummy Lighter',
  slug: 'dummy-lighter',
  description: '',
  price: 3999,
  oldPrice: null,
  image: '',
  images: [],
  stripePriceId: null,
  keyFeatures: [],
  colourOptions: [],
  soldOut: false,
  stockLeft: null,
  ...over,
});

const lighter = product({
  colourOptions: [
    { name: 'Black', label: 'Negru', available: true, stockLeft: 2 },
    { name: 'Red', label: 'Roșu', available: false },
  ],
});

describe('restoreLines', () => {
  it('takes today’s product (today’s price), drops what is sold out or gone, and gives no more than the few left', () => {
    const key = product({ id: '2', name: 'Dummy Car Key', price: 6999 });
    const belt = product({ id: '3', name: 'Belt', soldOut: true });
    const restored = restoreLines(
      [
        { productId: '1', colour: 'Black', quantity: 5 },
        { productId: '1', colour: 'Red', quantity: 1 },
        { productId: '2', colour: null, quantity: 1 },
        { productId: '3', colour: null, quantity: 1 },
        { productId: '9', colour: null, quantity: 1 },
      ],
      [lighter, key, belt],
    );
    expect(restored.lines).toEqual([
      { product: lighter, colour: 'Black', quantity: 2 },
      { product: key, colour: null, quantity: 1 },
    ]);
    expect(restored.lines[1]!.product.price).toBe(6999);
    expect(restored.dropped).toEqual([
      { name: 'Dummy Lighter', colour: 'Roșu' },
      { name: 'Belt', colour: null },
      { name: null, colour: null },
    ]);
  });

  it('drops a line without a colour of a product that now has colours, and one in a colour it no longer has', () => {
    expect(restoreLines([{ productId: '1', colour: null, quantity: 1 }], [lighter]).lines).toEqual([]);
    expect(restoreLines([{ productId: '1', colour: 'Green', quantity: 1 }], [lighter]).dropped).toEqual([{ name: 'Dummy Lighter', colour: 'Green' }]);
  });
});

describe('inStock and canSubscribe', () => {
  const stored = (red: { available: boolean; stock?: number | null }, over: { active?: boolean; stock?: number | null } = {}) => ({
    active: true,
    stock: null,
    colourOptions: [
      { name: 'Black', available: true },
      { name: 'Red', ...red },
    ],
    ...over,
  });

  it('a colour is back when switched on and above 0, its product shown and not at 0', () => {
    expect(inStock(stored({ available: true, stock: 0 }), 'Red')).toBe(false);
    expect(inStock(stored({ available: true, stock: 3 }), 'Red')).toBe(true);
    expect(inStock(stored({ available: true }), 'Red')).toBe(true);
    expect(inStock(stored({ available: false, stock: 3 }), 'Red')).toBe(false);
    expect(inStock(stored({ available: true, stock: 3 }, { stock: 0 }), 'Red')).toBe(false);
    expect(inStock(stored({ available: true, stock: 3 }, { active: false }), 'Red')).toBe(false);
    expect(inStock(stored({ available: true }), 'Green')).toBe(false);
    expect(inStock({ active: true, stock: 0, colourOptions: [] }, null)).toBe(false);
    expect(inStock({ active: true, stock: 1, colourOptions: [] }, null)).toBe(true);
  });

  it('only a sold-out colour, or a sold-out product without colours, takes a subscription', () => {
    expect(canSubscribe(lighter, 'Red')).toBe(true);
    expect(canSubscribe(lighter, 'Black')).toBe(false);
    expect(canSubscribe(lighter, null)).toBe(false);
    expect(canSubscribe(lighter, 'Green')).toBe(false);
    expect(canSubscribe(product({ soldOut: true }), null)).toBe(true);
    expect(canSubscribe(product({}), null)).toBe(false);
  });
});
