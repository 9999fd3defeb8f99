import { matchPath } from 'react-router';
import { type Product, productPath } from '../../domain/catalog';
import type { ProductReviews } from '../../domain/contracts/reviews';
import { breadcrumbLd, onlineStoreLd, productLd, type ShopIdentity, scriptJson } from '../../domain/structuredData';
import type { ShopMessageId } from '../../locales/messages';
import type { I18n } from '../lib/i18n';
import { SHOP_NAME, SOCIAL_URL } from '../lib/shopInfo';
import { documentTitle } from '../lib/useDocumentTitle';

/** What a server-rendered page says about itself in its <head>. */
export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** The page's address on the shop, without its query. */
  path: string;
  ogType: 'website' | 'product';
  /** The picture link previews show. */
  image: string | null;
  jsonLd: unknown[];
}

const LOGO = '/favicon.svg';

/** A description fit for a search result: at most about 160 characters, cut at a word. */
function summary(text: string): string {
  if (text.length <= 160) return text;
  return `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

export const shopIdentity = (publicUrl: string): ShopIdentity => ({ name: SHOP_NAME, url: publicUrl, logo: LOGO, sameAs: [SOCIAL_URL] });

/** The head of `/`, `/shop` or `/shop/{slug}` (null for pages that are not rendered on the server), in the language of `i18n`; a product's with its `reviews`. */
export function pageHeadOf(pathname: string, products: readonly Product[], publicUrl: string, i18n: I18n, reviews?: ReadonlyMap<string, ProductReviews>): PageHead | null {
  const shop = shopIdentity(publicUrl);
  const t = (id: ShopMessageId) => i18n._(id);
  const homeDescription = t('home.description');
  if (pathname === '/') {
    return { status: 200, title: documentTitle(t('home.title')), description: homeDescription, path: '/', ogType: 'website', image: products[0]?.image ?? null, jsonLd: [onlineStoreLd(shop)] };
  }
  if (pathname === '/shop') {
    return { status: 200, title: documentTitle(t('shop.title')), description: t('shop.description'), path: '/shop', ogType: 'website', image: products[0]?.image ?? null, jsonLd: [] };
  }
  const slug = matchPath('/shop/:slug', pathname)?.params.slug;
  if (slug === undefined) return null;
  const product = products.find((candidate) => candidate.slug === slug);
  if (!product) {
    return { status: 404, title: documentTitle(t('notFound.title')), description: homeDescription, path: pathname, ogType: 'website', image: null, jsonLd: [] };
  }
  return {
    status: 200,
    title: documentTitle(product.name),
    description: summary(product.description),
    path: productPath(product),
    ogType: 'product',
    image: product.images[0] ?? product.image,
    jsonLd: [productLd(product, shop, reviews?.get(product.id), t('productReviews.verifiedBuyer')), breadcrumbLd(product, shop, { home: t('nav.home'), shop: t('nav.shop') })],
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The <head> elements of a page: title, description, canonical, Open Graph, Twitter card and JSON-LD.
 * (The page's first picture is preloaded by React itself: an <img fetchPriority="high"> gets a
 * <link rel="preload"> at the top of the rendered HTML.)
 */
export function headHtml(head: PageHead, publicUrl: string): string {
  const url = new URL(head.path, `${publicUrl}/`).href;
  const image = head.image ? new URL(head.image, `${publicUrl}/`).href : null;
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.status === 200 ? `<link rel="canonical" href="${escapeHtml(url)}">` : '<meta name="robots" content="noindex">',
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (image) {
    tags.push(meta('property', 'og:image', image), meta('name', 'twitter:image', image));
  }
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}
