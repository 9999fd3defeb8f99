import type { FastifyPluginAsync } from 'fastify';
import { type FeedChannel, type FeedLabels, feedItems } from '../../../domain/feeds';
import type { Locale } from '../../../domain/locale';
import { SHOP_NAME } from '../../../domain/shopName';
import { compressText, type Precompressed, sendRevalidated, weakEtagOf } from '../../compression';
import { translate } from '../../i18n';
import type { Catalogue, CatalogueSnapshot } from '../catalog/catalogue';
import { rssFeed, tiktokCsv } from './formats';

/** The feeds are for buyers in Romania: the Romanian texts, prices in RON, shipping to RO. */
const FEED_LOCALE: Locale = 'ro';

const labels: FeedLabels = {
  safety: translate(FEED_LOCALE, 'product.safety.heading'),
  manufacturer: translate(FEED_LOCALE, 'product.safety.manufacturer'),
  responsiblePerson: translate(FEED_LOCALE, 'product.safety.responsiblePerson'),
  model: translate(FEED_LOCALE, 'product.safety.model'),
  warnings: translate(FEED_LOCALE, 'product.safety.warnings'),
};

/** Each feed: its address, its channel (the utm_source of its links), its format. */
const FEEDS = [
  { path: '/feeds/google.xml', channel: 'google', format: 'rss' },
  { path: '/feeds/meta.xml', channel: 'meta', format: 'rss' },
  { path: '/feeds/tiktok.csv', channel: 'tiktok', format: 'csv' },
] as const satisfies readonly { path: string; channel: FeedChannel; format: 'rss' | 'csv' }[];

const CONTENT_TYPES = { rss: 'application/xml; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;

interface Made {
  etag: string;
  body: Precompressed;
}

/** A feed's text from the catalogue as loaded (its products in the feed's language, and their feed settings). */
function feedText(snapshot: CatalogueSnapshot, publicUrl: string, { channel, format }: (typeof FEEDS)[number]): string {
  const { products, feedSettings } = snapshot[FEED_LOCALE];
  const items = feedItems(products, { publicUrl, channel, labels, settings: feedSettings });
  if (format === 'csv') return tiktokCsv(items, SHOP_NAME);
  return rssFeed(items, { title: SHOP_NAME, link: publicUrl, brand: SHOP_NAME });
}

/**
 * The catalogue feeds (domain/feeds.ts), answered from memory: each is made again only when the catalogue has
 * reloaded (catalog/catalogue.ts, on every NOTIFY of a price, stock or product change; the request that made the
 * change is answered only after the reload: catalog/changes.ts reloadBeforeAnswering), so a fetch after a change
 * gets the new feed. Its ETag is a hash of its text: If-None-Match answers 304 while nothing in it changed.
 */
export const feedRoutes: FastifyPluginAsync<{ publicUrl: string; catalogue: Pick<Catalogue, 'current'> }> = async (app, { publicUrl, catalogue }) => {
  for (const feed of FEEDS) {
    let made: { snapshot: CatalogueSnapshot; feed: Promise<Made> } | null = null;
    app.get(feed.path, async (request, reply) => {
      const snapshot = catalogue.current();
      if (made?.snapshot !== snapshot) {
        const text = feedText(snapshot, publicUrl, feed);
        made = { snapshot, feed: compressText(text).then((body) => ({ etag: weakEtagOf(text), body })) };
      }
      const { etag, body } = await made.feed;
      return sendRevalidated(request, reply, body, etag, CONTENT_TYPES[feed.format]);
    });
  }
};
