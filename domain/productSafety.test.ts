import { describe, expect, it } from 'vitest';
import type { Product } from './catalog';
import { lacksRomanianWarnings, type StoredSafety, storefrontSafety } from './productSafety';
import { productLd } from './structuredData';

const maker = { name: 'Hidden Goods Ltd', address: '5 Harbour Road, Shenzhen, China', email: 'safety@hidden.example' };
const representative = { name: 'Import Sigur SRL', address: 'Strada Lungă 3, Brașov, România', email: 'gpsr@import.example' };
const nothing: StoredSafety = { manufacturer: null, responsiblePerson: null, model: null, safetyInfo: null };

describe('a product’s safety information on the storefront', () => {
  it('is absent when the owner gave none of it, so the product’s JSON carries nothing more', () => {
    expect(storefrontSafety(nothing, undefined, 'en')).toBeUndefined();
    expect(storefrontSafety(nothing, '', 'ro')).toBeUndefined();
  });

  it('holds only the parts given', () => {
    expect(storefrontSafety({ ...nothing, model: 'LX-200' }, undefined, 'en')).toEqual({ model: 'LX-200' });
    expect(storefrontSafety({ ...nothing, manufacturer: maker, responsiblePerson: representative }, undefined, 'ro')).toEqual({ manufacturer: maker, responsiblePerson: representative });
  });

  it('gives each page its own language’s warnings, and the English page the Romanian ones (marked) when there are no English ones', () => {
    const both = { ...nothing, safetyInfo: 'Not a toy.' };
    expect(storefrontSafety(both, 'Nu este o jucărie.', 'en')).toEqual({ warnings: 'Not a toy.' });
    expect(storefrontSafety(both, 'Nu este o jucărie.', 'ro')).toEqual({ warnings: 'Nu este o jucărie.' });
    expect(storefrontSafety(nothing, 'Nu este o jucărie.', 'en')).toEqual({ warnings: 'Nu este o jucărie.', warningsLang: 'ro' });
    expect(storefrontSafety(nothing, 'Nu este o jucărie.', 'ro')).toEqual({ warnings: 'Nu este o jucărie.' });
  });

  it('refuses English warnings without the Romanian ones, never the Romanian alone', () => {
    expect(lacksRomanianWarnings('Not a toy.', undefined)).toBe(true);
    expect(lacksRomanianWarnings('Not a toy.', '')).toBe(true);
    expect(lacksRomanianWarnings('Not a toy.', 'Nu este o jucărie.')).toBe(false);
    expect(lacksRomanianWarnings(null, 'Nu este o jucărie.')).toBe(false);
    expect(lacksRomanianWarnings(null, undefined)).toBe(false);
  });
});

describe('the product page’s structured data', () => {
  const shop = { name: 'Secret Stash', url: 'https://shop.example.ro', logo: '/favicon.svg', sameAs: [] };
  const product: Product = {
    id: '1',
    name: 'Dummy Lighter',
    slug: 'dummy-lighter',
    description: 'Looks like a lighter.',
    price: 3999,
    oldPrice: null,
    image: '/images/products/dummy-lighter.svg',
    images: ['/images/products/dummy-lighter.svg'],
    stripePriceId: null,
    keyFeatures: [],
    colourOptions: [],
    soldOut: false,
    stockLeft: null,
  };

  it('names the manufacturer as an Organization with its address and email, and the model', () => {
    const data = productLd({ ...product, safety: { manufacturer: maker, model: 'LX-200', warnings: 'Not a toy.' } }, shop);
    expect(data.manufacturer).toEqual({ '@type': 'Organization', name: maker.name, address: maker.address, email: maker.email });
    expect(data.model).toBe('LX-200');
  });

  it('says nothing of them when they are not given', () => {
    const data = productLd(product, shop);
    expect(data).not.toHaveProperty('manufacturer');
    expect(data).not.toHaveProperty('model');
    expect(productLd({ ...product, safety: { warnings: 'Not a toy.' } }, shop)).not.toHaveProperty('manufacturer');
  });
});
