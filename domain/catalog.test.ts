import { describe, expect, it } from 'vitest';
import { cartLineName, colourLabel, defaultColour, lineName, productPath, productStockView, productTrail, SLUG_MAX_LENGTH, SLUG_PATTERN, slugify, stockViewChanges } from './catalog';

describe('stock as the storefront shows it', () => {
  it('shows each colour available unless switched off or none left, with how many when few are', () => {
    const view = productStockView(null, [
      { name: 'Black', available: true, stock: 3 },
      { name: 'Blue', available: true },
      { name: 'Green', available: true, stock: 40 },
      { name: 'Red', available: false, stock: 10 },
      { name: 'White', available: true, stock: 0 },
    ]);
    expect(view.colourOptions).toEqual([
      { name: 'Black', label: 'Black', available: true, stockLeft: 3 },
      { name: 'Blue', label: 'Blue', available: true, stockLeft: null },
      { name: 'Green', label: 'Green', available: true, stockLeft: null },
      { name: 'Red', label: 'Red', available: false, stockLeft: null },
      { name: 'White', label: 'White', available: false, stockLeft: 0 },
    ]);
    expect(view).toMatchObject({ soldOut: false, stockLeft: null });
  });

  it('is sold out as a whole when no colour can be chosen, or when the product itself has none left', () => {
    expect(
      productStockView(null, [
        { name: 'Black', available: true, stock: 0 },
        { name: 'Red', available: false },
      ]).soldOut,
    ).toBe(true);
    expect(productStockView(0, [{ name: 'Black', available: true }]).soldOut).toBe(true);
    expect(productStockView(4, [])).toEqual({ soldOut: false, stockLeft: 4, colourOptions: [] });
    expect(productStockView(null, []).soldOut).toBe(false);
  });

  it('adds in the first colour that can be chosen, and names a line with its colour', () => {
    expect(
      defaultColour({
        colourOptions: [
          { name: 'Red', available: false },
          { name: 'Black', available: true },
        ],
      }),
    ).toBe('Black');
    expect(defaultColour({ colourOptions: [] })).toBeNull();
    expect(lineName('Dummy Lighter', 'Black')).toBe('Dummy Lighter (Black)');
    expect(lineName('Dummy Lighter', null)).toBe('Dummy Lighter');
  });
});

describe('stockViewChanges', () => {
  it('is true only when the storefront would say something else', () => {
    expect(stockViewChanges(100, 99)).toBe(false);
    expect(stockViewChanges(7, 6)).toBe(false);
    expect(stockViewChanges(6, 5)).toBe(true);
    expect(stockViewChanges(5, 4)).toBe(true);
    expect(stockViewChanges(1, 0)).toBe(true);
    expect(stockViewChanges(0, 0)).toBe(false);
    expect(stockViewChanges(null, null)).toBe(false);
    expect(stockViewChanges(null, 3)).toBe(true);
    expect(stockViewChanges(null, 50)).toBe(false);
  });
});

describe('slugify', () => {
  it('makes a lowercase, hyphenated address of a name', () => {
    expect(slugify('Belt with Secret Compartment')).toBe('belt-with-secret-compartment');
    expect(slugify('  Dummy  Lighter!! ')).toBe('dummy-lighter');
    expect(slugify('Brichetă și cheie')).toBe('bricheta-si-cheie');
    expect(slugify('USB-C Charger 2.0')).toBe('usb-c-charger-2-0');
  });

  it('always gives a valid slug, however odd the name', () => {
    for (const name of ['???', '', 'ÄÖÜ', 'a'.repeat(200), `${'word '.repeat(30)}`]) {
      const slug = slugify(name);
      expect(slug, name).toMatch(SLUG_PATTERN);
      expect(slug.length, name).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    }
    expect(slugify('???')).toBe('product');
  });

  it('names the product page, and the way to it', () => {
    expect(productPath({ slug: 'dummy-lighter' })).toBe('/shop/dummy-lighter');
    expect(productTrail({ name: 'Dummy Lighter', slug: 'dummy-lighter' }, { home: 'Acasă', shop: 'Magazin' })).toEqual([
      { name: 'Acasă', path: '/' },
      { name: 'Magazin', path: '/shop' },
      { name: 'Dummy Lighter', path: '/shop/dummy-lighter' },
    ]);
  });
});

describe('a cart line in the page language', () => {
  const lighter = { name: 'Brichetă cu ascunzătoare', colourOptions: [{ name: 'Black', label: 'Negru' }] };
  it('names the colour by its label, and a colour without one as it is', () => {
    expect(cartLineName(lighter, 'Black')).toBe('Brichetă cu ascunzătoare (Negru)');
    expect(colourLabel(lighter, 'Black')).toBe('Negru');
    expect(cartLineName(lighter, 'Green')).toBe('Brichetă cu ascunzătoare (Green)');
    expect(cartLineName(lighter, null)).toBe('Brichetă cu ascunzătoare');
  });
});
