import { describe, expect, it } from 'vitest';
import type { Product } from './catalog';
import { type FeedLabels, feedItems } from './feeds';

const labels: FeedLabels = { safety: 'Safety', manufacturer: 'Maker', responsiblePerson: 'EU person', model: 'Model', warnings: 'Warnings' };

const product: Product = {
  id: 'p1',
  name: 'Lighter',
  slug: 'lighter',
  description: 'Looks like a lighter.',
  price: 3999,
  oldPrice: null,
  image: '/images/products/lighter.svg',
  images: ['/images/products/lighter.svg', '/images/products/lighter-open.svg'],
  stripePriceId: null,
  keyFeatures: [],
  colourOptions: [
    { name: 'Black', label: 'Negru', available: true, stockLeft: null },
    { name: 'Red', label: 'Roșu', available: false, stockLeft: null },
  ],
  soldOut: false,
  stockLeft: null,
};

const items = (products: Product[], settings = new Map()) => feedItems(products, { publicUrl: 'https://shop.example', channel: 'google', labels, settings });

describe('the feed items', () => {
  it('are one per colour, grouped by the product, each colour in stock or not, with absolute links tagged for the channel', () => {
    const [black, red] = items([product]);
    expect(black).toMatchObject({
      groupId: 'p1',
      title: 'Lighter (Negru)',
      color: 'Negru',
      inStock: true,
      link: 'https://shop.example/shop/lighter?utm_source=google&utm_medium=catalog',
      imageLink: 'https://shop.example/images/products/lighter.svg',
      additionalImageLinks: ['https://shop.example/images/products/lighter-open.svg'],
      price: '39.99 RON',
      salePrice: null,
      shippingPrice: '19.99 RON',
      details: [],
    });
    expect(red).toMatchObject({ inStock: false, color: 'Roșu' });
    // Ids: within Google's 50 characters, different per colour, the same whatever the colours' order.
    expect(black!.id).not.toBe(red!.id);
    expect(items([{ ...product, colourOptions: [...product.colourOptions].reverse() }]).map((item) => item.id)).toEqual([red!.id, black!.id]);
    expect(`${'x'.repeat(36)}${black!.id.slice(2)}`.length).toBeLessThanOrEqual(50);
  });

  it('a product without colours is one item; sold out, it is out of stock', () => {
    expect(items([{ ...product, colourOptions: [], soldOut: true }])).toEqual([expect.objectContaining({ id: 'p1', groupId: null, color: null, inStock: false })]);
    expect(items([{ ...product, soldOut: true }]).map((item) => item.inStock)).toEqual([false, false]);
  });

  it('price the reference price with the current one as sale price only when the storefront strikes it through; ship free from 200 RON', () => {
    expect(items([{ ...product, oldPrice: 7999 }])[0]).toMatchObject({ price: '79.99 RON', salePrice: '39.99 RON' });
    expect(items([{ ...product, price: 20000, colourOptions: [] }])[0]).toMatchObject({ price: '200.00 RON', salePrice: null, shippingPrice: '0.00 RON' });
  });

  it('leave out an excluded product, use the neutral title, and give the safety information that fits', () => {
    const settings = new Map([
      ['p1', { excluded: true, title: null }],
      ['p2', { excluded: false, title: 'Neutral' }],
    ]);
    const safety = { manufacturer: { name: 'Maker Ltd', address: '1 Road', email: 'm@example.com' }, model: 'M-1', warnings: 'x'.repeat(1001) };
    const listed = items([product, { ...product, id: 'p2', colourOptions: [], safety }], settings);
    expect(listed.map((item) => [item.id, item.title])).toEqual([['p2', 'Neutral']]);
    expect(listed[0]!.details).toEqual([
      { section: 'Safety', name: 'Maker', value: 'Maker Ltd, 1 Road, m@example.com' },
      { section: 'Safety', name: 'Model', value: 'M-1' },
    ]);
  });
});
