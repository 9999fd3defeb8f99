import { lineName, productPath } from './catalog';
import type { Product, ProductSafety } from './contracts/catalog';
import { type Bani, CURRENCY, toDecimalString } from './money';
import { shippingFor } from './pricing';
import type { ProductParty } from './productSafety';

/**
 * The catalogue feeds (issue 49): one item per colour of each product the shop shows (a product without colours: one),
 * as Google Merchant Center, Meta's Commerce Manager and TikTok's catalogues read them. Built from the storefront's
 * catalogue in memory (server/modules/catalog/catalogue.ts); server/modules/feeds/ writes them out.
 */

/** The channels with a feed, and the utm_source their links carry. */
export const FEED_CHANNELS = ['google', 'meta', 'tiktok'] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];

/** Google's longest title (150 characters): the neutral feed title fits every channel. */
export const FEED_TITLE_MAX = 150;
/** Google's longest product_detail attribute_value: longer warnings are left on the product's page. */
const DETAIL_VALUE_MAX = 1000;
/** Google and Meta take at most 10 additional images. */
const ADDITIONAL_IMAGES_MAX = 10;

/** What the owner sets for the feeds on a product (db/schema/catalog.ts): left out, and the neutral title. */
export interface FeedSettings {
  excluded: boolean;
  /** null: its name. */
  title: string | null;
}

/** A product safety detail, as Google's product_detail takes it (section, attribute, value). */
export interface FeedDetail {
  section: string;
  name: string;
  value: string;
}

/** One offer of a feed: a colour of a product (or a product without colours). */
export interface FeedItem {
  id: string;
  /** The product's id when it has colours (the colours are its variants); null otherwise. */
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  inStock: boolean;
  /** "39.99 RON": the 30-day reference price when there is one, otherwise the current price. */
  price: string;
  /** The current price, only when there is a reference price above it (the storefront's struck-through price). */
  salePrice: string | null;
  color: string | null;
  /** Shipping to Romania for one unit. */
  shippingPrice: string;
  details: FeedDetail[];
}

/** The words a feed's safety details are named with, in the feed's language (locales/shop: product.safety.*). */
export interface FeedLabels {
  safety: string;
  manufacturer: string;
  responsiblePerson: string;
  model: string;
  warnings: string;
}

const amount = (bani: Bani) => `${toDecimalString(bani)} ${CURRENCY}`;

/** A short, stable tag of a colour's name (FNV-1a, base 36): ids stay within Google's 50 characters and never change with the colours' order. */
function colourTag(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const party = (who: ProductParty) => `${who.name}, ${who.address}, ${who.email}`;

/** The product's safety information (GPSR) the owner gave, as Google's product_detail attributes. */
function safetyDetails(safety: ProductSafety | undefined, labels: FeedLabels): FeedDetail[] {
  if (!safety) return [];
  const detail = (name: string, value: string) => ({ section: labels.safety, name, value });
  return [
    ...(safety.manufacturer ? [detail(labels.manufacturer, party(safety.manufacturer))] : []),
    ...(safety.responsiblePerson ? [detail(labels.responsiblePerson, party(safety.responsiblePerson))] : []),
    ...(safety.model ? [detail(labels.model, safety.model)] : []),
    ...(safety.warnings && safety.warnings.length <= DETAIL_VALUE_MAX ? [detail(labels.warnings, safety.warnings)] : []),
  ].filter((item) => item.value.length <= DETAIL_VALUE_MAX);
}

export interface FeedOptions {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  channel: FeedChannel;
  labels: FeedLabels;
  /** Each product's feed settings by id; a product not in it is in the feeds under its name. */
  settings: ReadonlyMap<string, FeedSettings>;
}

/**
 * The items of a feed, from the storefront's catalogue (`products`: shown products only, in the feed's language).
 * Prices are honest (the Omnibus rule the storefront follows): `price` is the current price, or the 30-day reference
 * price with the current one as `sale_price` when the storefront shows it struck through. A discount code never is.
 */
export function feedItems(products: readonly Product[], { publicUrl, channel, labels, settings }: FeedOptions): FeedItem[] {
  const absolute = (path: string) => new URL(path, `${publicUrl}/`).href;
  return products.flatMap((product): FeedItem[] => {
    const setting = settings.get(product.id);
    if (setting?.excluded) return [];
    const link = `${absolute(productPath(product))}?utm_source=${channel}&utm_medium=catalog`;
    const imageLink = absolute(product.image);
    const reference = product.oldPrice !== null && product.oldPrice > product.price ? product.oldPrice : null;
    const common = {
      description: product.description,
      link,
      imageLink,
      additionalImageLinks: product.images
        .filter((image) => image !== product.image)
        .slice(0, ADDITIONAL_IMAGES_MAX)
        .map(absolute),
      price: amount(reference ?? product.price),
      salePrice: reference !== null ? amount(product.price) : null,
      shippingPrice: amount(shippingFor(product.price)),
      details: safetyDetails(product.safety, labels),
    };
    const title = (setting?.title ?? product.name).slice(0, FEED_TITLE_MAX);
    if (product.colourOptions.length === 0) return [{ ...common, id: product.id, groupId: null, title, inStock: !product.soldOut, color: null }];
    return product.colourOptions.map((colour) => ({
      ...common,
      id: `${product.id}-${colourTag(colour.name)}`,
      groupId: product.id,
      title: lineName(title, colour.label).slice(0, FEED_TITLE_MAX),
      inStock: colour.available && !product.soldOut,
      color: colour.label,
    }));
  });
}
