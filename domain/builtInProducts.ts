import { type Product, slugify } from './catalog';

const img = (file: string) => `/images/products/${file}`;

/**
 * The spec's built-in five products (section 3), in its table's order with ids '1'..'5'.
 * They seed the database on first start and are the storefront's fallback when the
 * catalogue cannot be loaded (DESIGN.md decision 4).
 */
export const BUILT_IN_PRODUCTS: readonly Product[] = (
  [
  {
    id: '1',
    name: 'Dummy Lighter',
    description:
      'Looks and feels like an ordinary pocket lighter. The base slides off to reveal a dry compartment for cash, a key or a memory card.',
    price: 3999,
    oldPrice: 7999,
    image: img('dummy-lighter.svg'),
    images: [img('dummy-lighter.svg'), img('dummy-lighter-open.svg'), img('dummy-lighter-pocket.svg')],
    stripePriceId: null,
    keyFeatures: [
      'Real lighter shell, indistinguishable at a glance',
      'Hidden compartment in the base',
      'Fits a rolled banknote, a key or a microSD card',
      'Silent, snug sliding lid',
    ],
    colourOptions: [
      { name: 'Black', available: true },
      { name: 'Red', available: false },
      { name: 'Blue', available: false },
    ],
  },
  {
    id: '2',
    name: 'Dummy Car Key',
    description:
      'A convincing car key fob with a twist-open body. Keep it on your key ring; nobody looks twice at a car key.',
    price: 6499,
    oldPrice: 8999,
    image: img('dummy-car-key.svg'),
    images: [img('dummy-car-key.svg'), img('dummy-car-key-open.svg')],
    stripePriceId: null,
    keyFeatures: [
      'Realistic fob with buttons and key ring',
      'Twist-open body with a padded cavity',
      'Holds folded cash, pills or a small flash drive',
      'Sturdy ABS shell',
    ],
    colourOptions: [],
  },
  {
    id: '3',
    name: 'Belt with Secret Compartment',
    description:
      'A classic belt with a zipped pocket along the inside of the strap. Carry spare cash while travelling, invisible when worn.',
    price: 3999,
    oldPrice: 6999,
    image: img('belt.svg'),
    images: [img('belt.svg'), img('belt-open.svg'), img('belt-buckle.svg')],
    stripePriceId: null,
    keyFeatures: [
      'Hidden zip along the inner side of the strap',
      'Holds up to ten folded banknotes',
      'Metal buckle that passes airport checks like any belt',
      'Adjustable length, cut to fit',
    ],
    colourOptions: [],
  },
  {
    id: '4',
    name: 'Dummy Marker',
    description:
      'A permanent marker on the outside, a storage tube on the inside. It sits in a pen cup or a pencil case without a second glance.',
    price: 3999,
    oldPrice: 5999,
    image: img('dummy-marker.svg'),
    images: [img('dummy-marker.svg'), img('dummy-marker-open.svg')],
    stripePriceId: null,
    keyFeatures: [
      'Looks like a standard permanent marker',
      'Screw-off end opens a hollow barrel',
      'Room for rolled notes or small items',
      'Cap clicks shut like the real thing',
    ],
    colourOptions: [],
  },
  {
    id: '5',
    name: 'Dummy Phone Charger',
    description:
      'A wall charger that never charges: its casing opens to a hidden compartment. Leave it plugged into a power strip in plain sight.',
    price: 2499,
    oldPrice: 4999,
    image: img('dummy-charger.svg'),
    images: [img('dummy-charger.svg'), img('dummy-charger-open.svg')],
    stripePriceId: null,
    keyFeatures: [
      'Looks like a common USB wall charger',
      'No electronics inside: safe to leave plugged in',
      'Slide-open casing with a snug compartment',
      'Fits cash, jewellery or a spare key',
    ],
    colourOptions: [],
  },
] satisfies Omit<Product, 'slug' | 'soldOut' | 'stockLeft'>[]
).map((product) => ({ ...product, slug: slugify(product.name), soldOut: false, stockLeft: null }));
