import { type Product, productPath, productTrail } from './catalog';
import type { ProductReviews } from './contracts/reviews';
import { CURRENCY, toDecimalString } from './money';
import type { ProductParty } from './productSafety';

/**
 * schema.org data for search engines (JSON-LD), from the catalogue as the storefront shows it.
 * Addresses are absolute, on the shop's public origin.
 */

export interface ShopIdentity {
  name: string;
  /** The shop's public origin, e.g. https://shop.example.ro (no trailing slash). */
  url: string;
  logo: string;
  sameAs: readonly string[];
}

type JsonLd = Record<string, unknown>;

const absolute = (origin: string, path: string) => new URL(path, `${origin}/`).href;

/** The home page's: the shop as an OnlineStore (an Organization that sells online). */
export function onlineStoreLd(shop: ShopIdentity): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    name: shop.name,
    url: absolute(shop.url, '/'),
    logo: absolute(shop.url, shop.logo),
    sameAs: shop.sameAs,
    currenciesAccepted: CURRENCY,
    paymentAccepted: 'Cash',
  };
}

/** A manufacturer as schema.org has it: an Organization, its postal address as one text (as the owner gave it). */
const organizationLd = (party: ProductParty): JsonLd => ({ '@type': 'Organization', name: party.name, address: party.address, email: party.email });

/**
 * A product's published reviews (issue 49) as schema.org has them: its AggregateRating (from every published review,
 * so its counts are theirs) and each review listed on the page, by its verified buyer's shown name (`anonymous` for a
 * review whose buyer's details were erased). Nothing without reviews: no rating is made up.
 */
export function reviewsLd(reviews: ProductReviews | undefined, anonymous: string): JsonLd {
  if (!reviews || reviews.summary.count === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average.toFixed(1),
      bestRating: '5',
      worstRating: '1',
      ratingCount: reviews.summary.count,
      reviewCount: reviews.summary.count,
    },
    review: reviews.reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.name ?? anonymous },
      datePublished: review.createdAt.slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: String(review.rating), bestRating: '5', worstRating: '1' },
      ...(review.text ? { reviewBody: review.text, inLanguage: review.language } : {}),
    })),
  };
}

/**
 * A product page's: the product with its offer (price in RON, in stock or sold out), and its manufacturer and
 * model number when the owner gave them (domain/productSafety.ts); its rating and reviews when it has any
 * (reviewsLd, `reviews`).
 */
export function productLd(product: Product, shop: ShopIdentity, reviews?: ProductReviews, anonymous = 'Verified buyer'): JsonLd {
  const url = absolute(shop.url, productPath(product));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    sku: product.id,
    name: product.name,
    description: product.description,
    image: product.images.map((image) => absolute(shop.url, image)),
    url,
    brand: { '@type': 'Brand', name: shop.name },
    ...(product.safety?.manufacturer ? { manufacturer: organizationLd(product.safety.manufacturer) } : {}),
    ...(product.safety?.model ? { model: product.safety.model } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: toDecimalString(product.price),
      priceCurrency: CURRENCY,
      availability: product.soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: shop.name },
    },
    ...reviewsLd(reviews, anonymous),
  };
}

/** The trail to a product page: Home › Shop › the product. */
export function breadcrumbLd(product: Product, shop: ShopIdentity, labels: { home: string; shop: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: productTrail(product, labels).map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absolute(shop.url, crumb.path) })),
  };
}

/** JSON for a <script> element: nothing in it can end the element early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
