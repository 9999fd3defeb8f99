import type { FastifyPluginAsync } from 'fastify';

/**
 * Pages that are private or mean nothing to a search engine: the checkout, the back office, a
 * customer's account and orders, payment results, password links, the API. Keeping crawlers out
 * hides nothing: these pages check who is asking either way.
 */
export const PAGES_CRAWLERS_SKIP = ['/checkout', '/admin', '/account', '/orders/', '/success', '/stripe-checkout', '/reset-password', '/api/'] as const;

/**
 * The public pages a search engine should know. Products have no page of their own yet (they open
 * in a modal on /shop): when they get one (`/shop/{slug}`), each active product's belongs here.
 */
export const PUBLIC_PAGES = ['/', '/shop'] as const;

/** Crawlers read these once in a while; an hour is fresh enough. */
const CRAWLER_CACHE = 'public, max-age=3600';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...PAGES_CRAWLERS_SKIP.map((page) => `Disallow: ${page}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${escapeXml(`${publicUrl}${page}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** /robots.txt and /sitemap.xml, with absolute addresses on the shop's public origin (PUBLIC_URL). */
export const crawlerRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  app.get('/robots.txt', async (_request, reply) => reply.header('Cache-Control', CRAWLER_CACHE).type('text/plain; charset=utf-8').send(robots));
  app.get('/sitemap.xml', async (_request, reply) => reply.header('Cache-Control', CRAWLER_CACHE).type('application/xml; charset=utf-8').send(sitemap));
};
