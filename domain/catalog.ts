import type { Bani } from './money';

export interface ColourOption {
  name: string;
  available: boolean;
}

/** A product as the API serves it and the storefront shows it. Prices are in bani. */
export interface Product {
  id: string;
  name: string;
  description: string;
  price: Bani;
  /** Previous price shown struck through; never null on the wire (derived when not stored). */
  oldPrice: Bani;
  image: string;
  images: string[];
  stripePriceId: string | null;
  keyFeatures: string[];
  colourOptions: ColourOption[];
}

export const FALLBACK_IMAGE = '/images/products/placeholder.svg';
