import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PRODUCTS, builtInProductsIn } from './builtInProducts';
import { FALLBACK_IMAGE } from './catalog';
import { productListSchema } from './contracts/catalog';
import { discountPercent } from './pricing';

const publicDir = path.resolve(import.meta.dirname, '../web/public');

describe('built-in products', () => {
  it('fit the catalogue contract the API answers with, so the fallback renders like the live list', () => {
    expect(productListSchema.safeParse({ products: BUILT_IN_PRODUCTS }).success).toBe(true);
    expect(productListSchema.safeParse({ products: [{ ...BUILT_IN_PRODUCTS[0], price: 39.99 }] }).success).toBe(false);
  });

  it("are the spec's five, in its table's order, with its prices", () => {
    expect(BUILT_IN_PRODUCTS.map((p) => [p.id, p.name, p.price, p.oldPrice])).toEqual([
      ['1', 'Dummy Lighter', 3999, 7999],
      ['2', 'Dummy Car Key', 6499, 8999],
      ['3', 'Belt with Secret Compartment', 3999, 6999],
      ['4', 'Dummy Marker', 3999, 5999],
      ['5', 'Dummy Phone Charger', 2499, 4999],
    ]);
    expect(BUILT_IN_PRODUCTS.map((p) => discountPercent(p.price, p.oldPrice))).toEqual([50, 28, 43, 33, 50]);
  });

  it('each have 2 to 4 images that ship in the repo, the main one first', () => {
    for (const product of BUILT_IN_PRODUCTS) {
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      expect(product.images.length).toBeLessThanOrEqual(4);
      expect(product.images[0]).toBe(product.image);
      for (const image of product.images) expect(existsSync(path.join(publicDir, image)), image).toBe(true);
    }
    expect(existsSync(path.join(publicDir, FALLBACK_IMAGE))).toBe(true);
  });

  it('offer colours only for the lighter: Black available, Red and Blue sold out', () => {
    expect(BUILT_IN_PRODUCTS.filter((p) => p.colourOptions.length > 0).map((p) => p.id)).toEqual(['1']);
    expect(BUILT_IN_PRODUCTS[0]!.colourOptions).toEqual([
      { name: 'Black', label: 'Black', available: true },
      { name: 'Red', label: 'Red', available: false },
      { name: 'Blue', label: 'Blue', available: false },
    ]);
  });
});

describe('built-in products in Romanian', () => {
  it('have every text translated, the lighter colours too', () => {
    for (const { translations, keyFeatures, name } of BUILT_IN_PRODUCTS) {
      const ro = translations.ro!;
      expect(ro.name, name).toMatch(/\S/);
      expect(ro.name).not.toBe(name);
      expect(ro.description).toMatch(/\S/);
      expect(ro.keyFeatures).toHaveLength(keyFeatures.length);
    }
    const [lighter] = builtInProductsIn('ro');
    expect(lighter).toMatchObject({ name: 'Brichetă cu ascunzătoare', slug: 'dummy-lighter' });
    expect(lighter!.colourOptions.map((colour) => [colour.name, colour.label])).toEqual([
      ['Black', 'Negru'],
      ['Red', 'Roșu'],
      ['Blue', 'Albastru'],
    ]);
    expect(builtInProductsIn('en')[0]).toMatchObject({ name: 'Dummy Lighter', keyFeatures: BUILT_IN_PRODUCTS[0]!.keyFeatures });
  });
});
