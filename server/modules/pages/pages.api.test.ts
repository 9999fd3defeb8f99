import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { productSlugs, products } from '../../../db/schema/catalog';
import { seedCatalog } from '../../../db/seed';
import { messagesDataScript } from '../../../domain/contracts/pages';
import { SHOP_MESSAGES } from '../../../locales/catalogues';
import { buildTestApp, TEST_COMPANY } from '../../../testing/app';
import { createTestDatabase } from '../../../testing/database';

/**
 * The server's side of rendering pages: which pages, how often, what it sends. The renderer here is a
 * stand-in module written to disk, as `vite build --ssr` writes the real one (web/entryServer.test.ts
 * tests that one; e2e/product-pages.spec.ts the whole).
 */
const STAND_IN_RENDERER = `
globalThis.renders = [];
export function renderFooter(company, locale) {
  return '<footer>' + company.name + ' ' + company.cui + ' ' + locale + '</footer>';
}
export async function renderPage(pathname, products, publicUrl, company, locale) {
  if (!['/', '/shop'].includes(pathname) && !pathname.startsWith('/shop/')) return null;
  if (globalThis.failRenders) throw new Error('the renderer broke');
  globalThis.renders.push(pathname);
  const slug = pathname.slice('/shop/'.length);
  const missing = pathname.startsWith('/shop/') && !products.some((product) => product.slug === slug);
  return {
    status: missing ? 404 : 200,
    head: '<title>' + pathname + '</title><link rel="canonical" href="' + publicUrl + pathname + '">',
    body: '<div id="root"><p>' + (missing ? 'Page not found' : products.map((product) => product.name).join(', ')) + '</p><p>in ' + locale + '</p></div>' + renderFooter(company, locale),
    modules: [pathname === '/shop' ? 'features/shop/ShopPage.tsx' : 'features/shop/LandingPage.tsx'],
  };
}`;

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="The shell" /><title>The shell</title><script type="module" crossorigin src="/assets/main.js"></script><link rel="stylesheet" crossorigin href="/assets/index.css"><link rel="modulepreload" crossorigin href="/assets/react.js"></head><body><div id="root"></div></body></html>';
/** As `vite build` writes it: the shop page's chunk imports a chunk of its own and two the entry has. */
const MANIFEST = {
  'index.html': { file: 'assets/main.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_parts.js': { file: 'assets/parts.js', imports: ['index.html', '_react.js'] },
  'features/shop/ShopPage.tsx': { file: 'assets/ShopPage.js', imports: ['_parts.js', 'index.html'] },
};

/** The scripts a page's HTML runs itself (neither JSON nor a file). */
const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
/** What a page keeps for its loader to ask for: the entry and the modules preloaded with it. */
const pageScripts = (html: string) => {
  const template = html.match(/<template id="page-scripts">(.*?)<\/template>/)![1]!;
  return {
    entry: template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/)![1],
    modules: [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]),
  };
};

const state = globalThis as unknown as { renders: string[]; failRenders?: boolean };
let database: Database;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'shop-pages-'));
  writeFileSync(path.join(folder, 'index.html'), TEMPLATE);
  writeFileSync(path.join(folder, 'renderer.mjs'), STAND_IN_RENDERER);
  mkdirSync(path.join(folder, 'assets'));
  writeFileSync(path.join(folder, 'assets/index.css'), 'main{color:red}');
  mkdirSync(path.join(folder, '.vite'));
  writeFileSync(path.join(folder, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  database = await createTestDatabase();
  await seedCatalog(database.db);
  app = await buildTestApp(database.db, { webRoot: folder, ssrEntry: path.join(folder, 'renderer.mjs') });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('pages rendered on the server', () => {
  it('sends /, /shop and a product page complete, in the built page, with the catalogue', async () => {
    for (const url of ['/', '/shop', '/shop/dummy-lighter']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<p>Dummy Lighter, Dummy Car Key, Belt with Secret Compartment, Dummy Marker, Dummy Phone Charger</p>');
      // The page's own head replaces the shell's title and description; the rest of the shell stays.
      expect(response.body.match(/<title>/g)).toHaveLength(1);
      expect(response.body).toContain(`<title>${url}</title>`);
      expect(response.body).not.toContain('The shell');
      // The footer, with the seller's details (COMPANY_*), after the app.
      expect(response.body).toContain(`</p></div><footer>${TEST_COMPANY.name} ${TEST_COMPANY.cui} en</footer>`);
      // The scripts wait after the page's content, in a template, for its one inline script to copy them in
      // once the page is on screen: none is asked for with the page.
      expect(response.body).toMatch(/<\/footer>\s*<template id="page-scripts">/);
      expect(response.body.replace(/<template[\s\S]*?<\/template>/, '')).not.toMatch(/<script type="module"|rel="modulepreload"/);
      expect(inlineScripts(response.body)).toHaveLength(1);
      // The loader is in the head: it keeps a tap that comes while the rest of the page is still arriving.
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      expect(inlineScripts(head)).toEqual(inlineScripts(response.body));
      expect(response.body).not.toContain('<div id="root"></div>');
      // Its stylesheet comes with it: the page paints without asking for more.
      expect(response.body).toContain('<style>main{color:red}</style>');
      expect(response.body).not.toContain('index.css');
    }
  });

  it('names the page’s own chunks for the browser to ask for at once, each once', async () => {
    const shop = await app.inject({ method: 'GET', url: '/shop' });
    const { entry, modules } = pageScripts(shop.body);
    expect(entry).toBe('/assets/main.js');
    expect([...modules].sort()).toEqual(['/assets/ShopPage.js', '/assets/parts.js', '/assets/react.js']);
    // A module the manifest does not know (a stale renderer) adds nothing, and the page still renders.
    expect(pageScripts((await app.inject({ method: 'GET', url: '/' })).body)).toEqual({ entry: '/assets/main.js', modules: ['/assets/react.js'] });
  });

  it('lets the page’s one inline script run, and no other, by its hash in the content security policy', async () => {
    const shop = await app.inject({ method: 'GET', url: '/shop' });
    const [loader] = inlineScripts(shop.body);
    const hash = `'sha256-${createHash('sha256').update(loader!).digest('base64')}'`;
    const scriptSources = shop.headers['content-security-policy']!.toString()
      .match(/script-src ([^;]*)/)![1]!
      .split(' ');
    expect(scriptSources.sort()).toEqual(["'self'", hash].sort());
  });

  it('renders each page once per catalogue, and again when the catalogue changes', async () => {
    await app.inject({ method: 'GET', url: '/shop' });
    const before = state.renders.length;
    const first = await app.inject({ method: 'GET', url: '/shop' });
    await app.inject({ method: 'GET', url: '/shop' });
    expect(state.renders.length).toBe(before);

    await database.db.update(products).set({ name: 'Dummy Lighter XL' }).where(eq(products.id, '1'));
    await app.catalogue.reload();
    const changed = await app.inject({ method: 'GET', url: '/shop' });
    expect(state.renders.length).toBe(before + 1);
    expect(changed.body).toContain('<p>Dummy Lighter XL, Dummy Car Key');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    await database.db.update(products).set({ name: 'Dummy Lighter' }).where(eq(products.id, '1'));
    await app.catalogue.reload();
  });

  it('renders each page in the visitor’s language: their choice, else their browser’s first language', async () => {
    const asked = async (headers: Record<string, string>) => {
      const response = await app.inject({ method: 'GET', url: '/shop', headers });
      const firstProduct = response.body.match(/<div id="root"><p>([^,]+),/)?.[1];
      return { lang: response.body.match(/<html lang="(\w+)"/)?.[1], rendered: response.body.match(/<p>in (\w+)<\/p>/)?.[1], firstProduct, etag: response.headers.etag };
    };
    const english = await asked({});
    expect(english).toMatchObject({ lang: 'en', rendered: 'en', firstProduct: 'Dummy Lighter' });
    // Rendered with the products' own texts in that language (domain/productTexts).
    const romanian = await asked({ 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.8' });
    expect(romanian).toMatchObject({ lang: 'ro', rendered: 'ro', firstProduct: 'Brichetă cu ascunzătoare' });
    expect(romanian.etag).not.toBe(english.etag);
    expect(await asked({ 'accept-language': 'en-US,ro;q=0.9' })).toMatchObject({ lang: 'en', rendered: 'en' });
    expect(await asked({ 'accept-language': 'ro-RO', cookie: 'lang=en' })).toMatchObject({ lang: 'en', rendered: 'en' });
    expect(await asked({ 'accept-language': 'de-DE', cookie: 'other=1; lang=ro' })).toMatchObject({ lang: 'ro', rendered: 'ro' });
    // A 304 only for the same language's page.
    const crossed = await app.inject({ method: 'GET', url: '/shop', headers: { 'if-none-match': english.etag as string, cookie: 'lang=ro' } });
    expect(crossed.statusCode).toBe(200);
  });

  it('answers 304 while the page is unchanged, and compressed when asked', async () => {
    const first = await app.inject({ method: 'GET', url: '/shop' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await app.inject({ method: 'GET', url: '/shop', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const brotli = await app.inject({ method: 'GET', url: '/shop', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
  });

  it('answers an address no product has with "Page not found" and a 404, rendered once for all of them', async () => {
    const first = await app.inject({ method: 'GET', url: '/shop/no-such-product' });
    expect(first.statusCode).toBe(404);
    expect(first.body).toContain('Page not found');
    const renders = state.renders.length;
    const second = await app.inject({ method: 'GET', url: '/shop/another-missing-one' });
    expect(second.statusCode).toBe(404);
    expect(state.renders.length).toBe(renders);
  });

  it('leads a product’s old address to its page with a 301, keeping the query', async () => {
    await database.db.update(products).set({ slug: 'pocket-lighter' }).where(eq(products.id, '1'));
    await database.db.insert(productSlugs).values({ slug: 'dummy-lighter', productId: '1' });
    await app.catalogue.reload();
    try {
      const old = await app.inject({ method: 'GET', url: '/shop/dummy-lighter?utm_source=share' });
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/shop/pocket-lighter?utm_source=share');
      expect((await app.inject({ method: 'GET', url: '/shop/pocket-lighter' })).statusCode).toBe(200);
    } finally {
      await database.db.delete(productSlugs);
      await database.db.update(products).set({ slug: 'dummy-lighter' }).where(eq(products.id, '1'));
      await app.catalogue.reload();
    }
  });

  it('sends the app shell, with the footer, the seller’s details and the words in the visitor’s language, for pages rendered in the browser, and when rendering fails', async () => {
    const shellIn = (locale: 'en' | 'ro') =>
      TEMPLATE.replace('<html lang="en">', `<html lang="${locale}">`).replace(
        '<div id="root"></div>',
        `<div id="root"></div><footer>${TEST_COMPANY.name} ${TEST_COMPANY.cui} ${locale}</footer><script type="application/json" id="company-data">${JSON.stringify(TEST_COMPANY)}</script>${messagesDataScript(SHOP_MESSAGES[locale])}`,
      );
    const SHELL = shellIn('en');
    const checkout = await app.inject({ method: 'GET', url: '/checkout' });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toBe(SHELL);
    expect(checkout.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
    const romanian = await app.inject({ method: 'GET', url: '/checkout', headers: { 'accept-language': 'ro-RO,ro;q=0.9' } });
    expect(romanian.body).toBe(shellIn('ro'));
    expect(romanian.body).toContain('"cart.addToCart":["Adaugă în coș"]');
    // The footer's words are the server's only: it sends the footer as HTML, not its words.
    expect(romanian.body).toContain('"withdrawal.title":["Retragere dintr-o achiziție"]');
    expect(romanian.body).not.toContain('"footer.');

    await database.db.update(products).set({ price: 4199 }).where(eq(products.id, '1'));
    await app.catalogue.reload();
    state.failRenders = true;
    try {
      const shop = await app.inject({ method: 'GET', url: '/shop' });
      expect(shop.statusCode).toBe(200);
      expect(shop.body).toBe(SHELL);
    } finally {
      state.failRenders = false;
    }
    // The failure is not remembered: the next visitor gets the rendered page.
    expect((await app.inject({ method: 'GET', url: '/shop' })).body).toContain('<p>Dummy Lighter');
  });
});
