import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PRODUCTS } from '../domain/builtInProducts';
import type { Product } from '../domain/catalog';
import type { CompanyInfo } from '../domain/company';
import type { ProductReviews } from '../domain/contracts/reviews';
import type { Locale } from '../domain/locale';
import { ratingSummary } from '../domain/reviews';
import { renderFooter, renderPage } from './entry-server';

const ORIGIN = 'https://shop.example.ro';
const COMPANY: CompanyInfo = {
  name: 'STASH TEST SRL',
  cui: 'RO12345678',
  registrationNumber: 'J40/1234/2025',
  address: 'Str. Test 1, București',
  email: 'contact@stash.test',
  phone: '+40 711 111 111',
};

async function render(pathname: string, products: readonly Product[] = BUILT_IN_PRODUCTS, locale: Locale = 'en', reviews?: ReadonlyMap<string, ProductReviews>) {
  const page = await renderPage(pathname, products, ORIGIN, COMPANY, locale, reviews);
  if (!page) throw new Error(`${pathname} was not rendered`);
  return page;
}

const jsonLdOf = (head: string) => [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
const embeddedCatalogue = (body: string) => JSON.parse(body.match(/<script type="application\/json" id="catalogue-data">(.*?)<\/script>/)![1]!);

describe('server rendering of the storefront', () => {
  it('renders /shop complete: every product with its prices and pictures, nothing left to a script', async () => {
    const page = await render('/shop');
    expect(page.status).toBe(200);
    for (const product of BUILT_IN_PRODUCTS) {
      // The name is a link to the product's own page (for visitors without JavaScript, and crawlers).
      expect(page.body).toContain(`href="/shop/${product.slug}" data-discover="true">${product.name}</a></h2>`);
      expect(page.body).toContain(`src="${product.images[0]}"`);
    }
    expect(page.body).toContain('39.99 RON');
    expect(page.body).toContain('24.99 RON');
    // (the page itself: the words embedded after it hold every text, "Loading…" too)
    expect(page.body.slice(0, page.body.indexOf('<script'))).not.toContain('Loading');
    // The only scripts are data (the CSP allows no inline script, and a browser without JavaScript needs none).
    expect(page.body.match(/<script(?![^>]*type="application\/json")/g)).toBeNull();
    expect(embeddedCatalogue(page.body)).toEqual({ products: BUILT_IN_PRODUCTS });
  });

  it('gives every picture its size, fetches the first one first and the rest only near the screen', async () => {
    const { body } = await render('/shop');
    // The products' pictures (the footer has the ANPC pictogram besides).
    const images = body.match(/<img [^>]*src="\/images\/products\/[^>]*>/g)!;
    expect(images.length).toBe(BUILT_IN_PRODUCTS.length);
    for (const image of images) expect(image).toMatch(/width="400" height="400"/);
    expect(images[0]).toMatch(/loading="eager"/);
    expect(images[0]).toMatch(/fetchPriority="high"/);
    for (const image of images.slice(1)) expect(image).toMatch(/loading="lazy"/);
    expect(body).toMatch(/<link rel="preload" as="image" href="\/images\/products\/dummy-lighter.svg"[^>]*fetchPriority="high"/);
  });

  it('renders a product page with breadcrumbs, its details and its own head', async () => {
    const page = await render('/shop/dummy-lighter');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<nav aria-label="Breadcrumb">');
    expect(page.body).toMatch(/<h1 [^>]*>Dummy Lighter<\/h1>/);
    expect(page.body).toContain('Key features');
    // React separates the text pieces it joins with empty comments.
    expect(page.body.replaceAll('<!-- -->', '')).toContain('1 / 3');
    expect(page.head).toContain('<title>Dummy Lighter · Secret Stash</title>');
    expect(page.head).toContain(`<link rel="canonical" href="${ORIGIN}/shop/dummy-lighter">`);
    expect(page.head).toContain('<meta property="og:type" content="product">');
    expect(page.head).toContain(`<meta property="og:image" content="${ORIGIN}/images/products/dummy-lighter.svg">`);
    expect(page.head).toContain('<meta name="twitter:card" content="summary_large_image">');
    const [product, breadcrumbs] = jsonLdOf(page.head);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Dummy Lighter',
      sku: '1',
      url: `${ORIGIN}/shop/dummy-lighter`,
      offers: { '@type': 'Offer', price: '39.99', priceCurrency: 'RON', availability: 'https://schema.org/InStock' },
    });
    expect(breadcrumbs.itemListElement.map((crumb: { name: string; item: string }) => [crumb.name, crumb.item])).toEqual([
      ['Home', `${ORIGIN}/`],
      ['Shop', `${ORIGIN}/shop`],
      ['Dummy Lighter', `${ORIGIN}/shop/dummy-lighter`],
    ]);
  });

  it('shows the safety information given, in its own section, and names the manufacturer and model in the JSON-LD', async () => {
    const maker = { name: 'Hidden Goods Ltd', address: '5 Harbour Road, Shenzhen, China', email: 'safety@hidden.example' };
    const safe = { ...BUILT_IN_PRODUCTS[0]!, safety: { manufacturer: maker, model: 'LX-200', warnings: 'Nu este o jucărie.', warningsLang: 'ro' as const } };
    const page = await render('/shop/dummy-lighter', [safe]);
    expect(page.body).toMatch(/<h2 id="[^"]+" class="font-semibold">Product safety<\/h2>/);
    expect(page.body).toContain('<dt class="font-medium text-zinc-900">Manufacturer</dt>');
    expect(page.body).toContain('href="mailto:safety@hidden.example"');
    expect(page.body).toMatch(/<dd lang="ro"[^>]*>Nu este o jucărie.<\/dd>/);
    // Only what was given: no responsible person (in the page itself: the words embedded after it hold every text).
    const shown = (body: string) => body.slice(0, body.indexOf('<script'));
    expect(shown(page.body)).not.toContain('Responsible person in the EU');
    const [product] = jsonLdOf(page.head);
    expect(product).toMatchObject({ manufacturer: { '@type': 'Organization', ...maker }, model: 'LX-200' });

    // Without any of it, no section at all.
    const plain = await render('/shop/dummy-lighter');
    expect(shown(plain.body)).not.toContain('Product safety');
    expect(jsonLdOf(plain.head)[0]).not.toHaveProperty('manufacturer');
  });

  it('says a sold-out product is out of stock, and keeps markup out of the JSON-LD', async () => {
    const odd = { ...BUILT_IN_PRODUCTS[4]!, name: 'Charger </script><b>', soldOut: true };
    const page = await render('/shop/dummy-phone-charger', [odd]);
    const [product] = jsonLdOf(page.head);
    expect(product.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(product.name).toBe('Charger </script><b>');
    expect(page.head).toContain('<title>Charger &lt;/script&gt;&lt;b&gt; · Secret Stash</title>');
    expect(page.body).toContain('Sold Out');
  });

  it('describes the shop on the home page', async () => {
    const page = await render('/');
    expect(page.head).toContain('<title>Discreet concealment products · Secret Stash</title>');
    expect(page.head).toContain(`<link rel="canonical" href="${ORIGIN}/">`);
    expect(jsonLdOf(page.head)).toEqual([expect.objectContaining({ '@type': 'OnlineStore', name: 'Secret Stash', url: `${ORIGIN}/` })]);
    expect(page.body).toContain('Shop Now');
  });

  it('announces the promotion from the catalogue it renders: up to its biggest real discount, none without one', async () => {
    // The built-in catalogue's badges go up to 50% (the spec's fixed banner said 30%).
    const full = await render('/');
    expect(full.body).toContain('Flash sale: up to 50% off · Free shipping over 200 RON');
    expect(full.body).toContain('>Flash sale: up to 50% off</p>');
    // Only the car key still reduced: up to its 28%.
    const one = await render(
      '/shop',
      BUILT_IN_PRODUCTS.map((product) => (product.id === '2' ? product : { ...product, oldPrice: null })),
    );
    expect(one.body).toContain('Flash sale: up to 28% off · Free shipping over 200 RON');
    expect(one.body.match(/<s [^>]*>.*?<\/s>/g)).toEqual([expect.stringContaining('89.99 RON')]);
    // No real reduction: no flash sale, no struck-through price, the free shipping still said.
    const none = await render(
      '/',
      BUILT_IN_PRODUCTS.map((product) => ({ ...product, oldPrice: null })),
    );
    const page = none.body.slice(0, none.body.indexOf('<script'));
    expect(page).not.toContain('Flash sale');
    expect(page).not.toContain('<s ');
    expect(none.body).toContain('Free shipping over 200 RON');
  });

  it('answers an unknown product with "Page not found", kept out of search results', async () => {
    const page = await render('/shop/no-such-thing');
    expect(page.status).toBe(404);
    expect(page.body).toContain('Page not found');
    expect(page.head).toContain('<meta name="robots" content="noindex">');
    expect(page.head).not.toContain('canonical');
  });

  it('names each page’s own module, to be preloaded', async () => {
    const expected = { '/': 'features/shop/LandingPage.tsx', '/shop': 'features/shop/ShopPage.tsx', '/shop/dummy-lighter': 'features/shop/ProductPage.tsx' };
    for (const [pathname, module] of Object.entries(expected)) {
      const { modules } = await render(pathname);
      expect(modules, pathname).toEqual([module]);
      expect(existsSync(path.join(import.meta.dirname, module)), module).toBe(true);
    }
  });

  it('renders in Romanian with the Romanian words embedded for the browser, amounts in lei', async () => {
    const page = await render('/shop/dummy-lighter', BUILT_IN_PRODUCTS, 'ro');
    expect(page.head).toContain('<title>Dummy Lighter · Secret Stash</title>');
    expect(page.body).toContain('Adaugă în coș');
    expect(page.body).toContain('39,99\u00a0lei');
    expect(page.body).not.toContain('Add to Cart');
    const breadcrumbs = jsonLdOf(page.head).find((data) => data['@type'] === 'BreadcrumbList');
    expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual(['Acasă', 'Magazin', 'Dummy Lighter']);
    const words = JSON.parse(page.body.match(/<script type="application\/json" id="messages-data">(.*?)<\/script>/)![1]!);
    expect(words['cart.addToCart']).toEqual(['Adaugă în coș']);
    const shop = await render('/shop', BUILT_IN_PRODUCTS, 'ro');
    expect(shop.head).toContain('<title>Magazin · Secret Stash</title>');
    expect(shop.body).toContain('>Colecția noastră</h1>');
  });

  it("renders the footer complete, after the app: the seller's identification, the legal pages and the ANPC SAL pictogram, with the details embedded for the browser", async () => {
    const footer = renderFooter(COMPANY, 'en');
    expect(footer).toMatch(/^<footer /);
    for (const pathname of ['/', '/shop', '/shop/dummy-lighter']) {
      const { body } = await render(pathname);
      // After the app, or after a product page's reviews (static too: web/features/reviews/ProductReviews.tsx).
      expect(body, pathname).toMatch(/<\/div>(<section id="reviews"[\s\S]*?<\/section>)?<footer /);
      expect(body, pathname).toContain(footer);
      for (const part of ['STASH TEST SRL', 'RO12345678', 'J40/1234/2025', 'Str. Test 1, București', 'contact@stash.test', '+40 711 111 111']) expect(body, pathname).toContain(part);
      for (const page of ['terms', 'privacy', 'delivery', 'returns', 'cookies']) expect(body, pathname).toContain(`href="/${page}"`);
      expect(body).toMatch(/<a href="https:\/\/anpc.ro\/ce-este-sal\/"[^>]*><img src="\/anpc-sal.svg" width="250" height="50" alt="ANPC – alternative dispute resolution \(SAL\)"/);
      expect(body).not.toContain('ec.europa.eu/consumers/odr');
      expect(JSON.parse(body.match(/<script type="application\/json" id="company-data">(.*?)<\/script>/)![1]!)).toEqual(COMPANY);
    }
  });

  it('words the footer in the page’s language on the server, and leaves its words out of those embedded for the browser', async () => {
    const page = await render('/shop', BUILT_IN_PRODUCTS, 'ro');
    expect(page.body).toContain(renderFooter(COMPANY, 'ro'));
    expect(page.body).toContain('>Informații legale</h2>');
    expect(page.body).toContain('Livrare standard 19,99\u00a0lei. Livrare gratuită pentru comenzi de peste 200\u00a0lei.</p>');
    expect(page.body).toContain('alt="ANPC – soluționarea alternativă a litigiilor (SAL)"');
    expect(renderFooter(COMPANY, 'en')).toContain('Standard shipping 19.99 RON. Free shipping on orders over 200 RON.</p>');
    const words = JSON.parse(page.body.match(/<script type="application\/json" id="messages-data">(.*?)<\/script>/)![1]!);
    expect(Object.keys(words).filter((id) => id.startsWith('footer.'))).toEqual([]);
    expect(words['withdrawal.title']).toEqual(['Retragere dintr-o achiziție']);
  });

  it('leaves every other page to the browser', async () => {
    for (const pathname of ['/checkout', '/login', '/account/orders', '/shop/a/b']) {
      expect(await renderPage(pathname, BUILT_IN_PRODUCTS, ORIGIN, COMPANY, 'en'), pathname).toBeNull();
    }
  });

  it('renders a product page’s reviews after the app, with its rating and each review in the structured data; no rating without reviews', async () => {
    const review = (id: number, rating: number, text: string | null, name: string | null, county: string | null) => ({
      id,
      productId: '1',
      productName: 'Dummy Lighter',
      rating,
      text,
      name,
      county,
      language: 'en' as const,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    const reviews = new Map<string, ProductReviews>([
      [
        '1',
        { summary: ratingSummary([5, 1, 4]), reviews: [review(3, 5, 'Nobody notices it.', 'Maria P.', 'Cluj'), review(2, 1, 'Broke <b>fast</b>.', null, null), review(1, 4, null, 'Ion V.', 'Iași')] },
      ],
    ]);
    const { head, body } = await render('/shop/dummy-lighter', BUILT_IN_PRODUCTS, 'en', reviews);
    const section = body.match(/<section id="reviews"[\s\S]*?<\/section>/)![0];
    expect(section).toContain('data-path="/shop/dummy-lighter"');
    expect(section).toContain('3.3 out of 5 · 3 reviews');
    expect(section).toContain('Nobody notices it.');
    expect(section).toContain('Verified buyer</span> · Maria P. · Cluj');
    expect(section).toContain('Verified buyer</span> · Name withheld');
    expect(section).toContain('Broke &lt;b&gt;fast&lt;/b&gt;.');
    expect(section).toContain('href="/reviews/how-we-check"');
    const product = jsonLdOf(head).find((data) => data['@type'] === 'Product');
    expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: '3.3', bestRating: '5', worstRating: '1', ratingCount: 3, reviewCount: 3 });
    expect(product.review).toHaveLength(3);
    expect(product.review[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Maria P.' },
      datePublished: '2026-11-20',
      reviewRating: { '@type': 'Rating', ratingValue: '5', bestRating: '5', worstRating: '1' },
      reviewBody: 'Nobody notices it.',
      inLanguage: 'en',
    });
    expect(product.review[1].author.name).toBe('Verified buyer');
    // Its words are the server's: none in the JSON the browser reads.
    expect(body).not.toMatch(/"productReviews\./);

    const other = await render('/shop/dummy-car-key', BUILT_IN_PRODUCTS, 'ro', reviews);
    expect(other.body).toContain('Nicio recenzie încă.');
    expect(jsonLdOf(other.head).find((data) => data['@type'] === 'Product')).not.toHaveProperty('aggregateRating');
    expect((await render('/shop', BUILT_IN_PRODUCTS, 'en', reviews)).body).not.toContain('id="reviews"');
  });
});
