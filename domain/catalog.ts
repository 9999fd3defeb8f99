export type { ColourOption, Product } from './contracts/catalog';

export const FALLBACK_IMAGE = '/images/products/placeholder.svg';
