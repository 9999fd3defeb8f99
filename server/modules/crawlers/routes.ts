import type { FastifyPluginAsync } from 'fastify';
import { productPath } from '../../../domain/catalog';
import { LEGAL_PAGES, legalPath } from '../../../domain/legal';
import { DEFAULT_LOCALE } from '../../../domain/locale';
import { escapeXml } from '../../../domain/text';
import type { Catalogue } from '../catalog/catalogue';

/**
 * Pages that are private or mean nothing to a search engine: the checkout, the back office, a
 * customer's account and orders, payment results, password links, the API. Keeping crawlers out
 * hides nothing: these pages check who is asking either way.
 */
export const PAGES_CRAWLERS_SKIP = ['/checkout', '/admin', '/account', '/orders/', '/success', '/stripe-checkout', '/reset-password', '/unsubscribe', '/api/'] as const;

/** The public pages a search engine should know, besides each active product's own (`/shop/{slug}`). */
export const PUBLIC_PAGES = ['/', '/shop', ...LEGAL_PAGES.map(legalPath)] as const;

/** Crawlers read these once in a while; an hour is fresh enough. */
const CRAWLER_CACHE = 'public, max-age=3600';

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...PAGES_CRAWLERS_SKIP.map((page) => `Disallow: ${page}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

/** The public pages, then the page of each product given (the storefront's catalogue: active ones only). */
export function sitemapXml(publicUrl: string, products: readonly { slug: string }[]): string {
  const pages = [...PUBLIC_PAGES, ...products.map(productPath)];
  const urls = pages.map((page) => `  <url><loc>${escapeXml(`${publicUrl}${page}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export interface CrawlerRoutesOptions {
  publicUrl: string;
  /** The storefront's catalogue: its products' pages are in the sitemap. */
  catalogue: Pick<Catalogue, 'current'>;
}

/**
 * /robots.txt and /sitemap.xml, with absolute addresses on the shop's public origin (PUBLIC_URL). The
 * sitemap is made again only when the catalogue changes (a new ETag), so a product added, hidden or
 * given a new address in the back office is in the next one.
 */
export const crawlerRoutes: FastifyPluginAsync<CrawlerRoutesOptions> = async (app, { publicUrl, catalogue }) => {
  const robots = robotsTxt(publicUrl);
  let sitemap = { etag: '', xml: '' };
  app.get('/robots.txt', async (_request, reply) => reply.header('Cache-Control', CRAWLER_CACHE).type('text/plain; charset=utf-8').send(robots));
  app.get('/sitemap.xml', async (_request, reply) => {
    // The same addresses in every language (the language is the visitor's choice, not the URL's).
    const { etag, products } = catalogue.current()[DEFAULT_LOCALE];
    if (sitemap.etag !== etag) sitemap = { etag, xml: sitemapXml(publicUrl, products) };
    return reply.header('Cache-Control', CRAWLER_CACHE).type('application/xml; charset=utf-8').send(sitemap.xml);
  });
};
