import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { products } from '../db/schema/catalog';
import { seedCatalog } from '../db/seed';
import { BUILT_IN_PRODUCTS } from '../domain/builtInProducts';
import { precompressFolder } from '../scripts/precompress';
import { buildTestApp, TEST_COMPANY, TEST_ORIGIN } from '../testing/app';
import { createTestDatabase } from '../testing/database';

let database: Database;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let webRoot: string;
let written: string[];

const LEGAL_PAGE_URLS = ['/terms', '/privacy', '/delivery', '/returns', '/cookies', '/reviews/how-we-check'].map((path) => `${TEST_ORIGIN}${path}`);

const SCRIPT = 'console.log("a hashed asset of the built web app");\n'.repeat(50);

beforeAll(async () => {
  // A stand-in for the built web app: the server's job here is routing and caching, not building.
  webRoot = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  mkdirSync(path.join(webRoot, 'images/products'), { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), `<!doctype html><div id="root"></div>${'<!-- padding -->'.repeat(20)}`);
  writeFileSync(path.join(webRoot, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(path.join(webRoot, 'images/products/belt.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(path.join(webRoot, '.vite/manifest.json'), '{}');
  // As `vite build` does (scripts/precompress.ts): .br and .gz beside the files they make smaller.
  written = await precompressFolder(webRoot);
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { webRoot });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every page route with the app, never cached', async () => {
    for (const url of ['/', '/shop', '/checkout?step=2', '/no/such/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('embeds the seller’s details (COMPANY_*) in every page, for the checkout and the legal pages, with an ETag', async () => {
    for (const url of ['/', '/checkout', '/terms', '/returns/withdraw', '/no/such/page']) {
      const response = await app.inject({ method: 'GET', url });
      const embedded = response.body.match(/<div id="root"><\/div><script type="application\/json" id="company-data">(.*?)<\/script>/);
      expect(embedded, url).not.toBeNull();
      expect(JSON.parse(embedded![1]!), url).toEqual(TEST_COMPANY);
      expect(response.headers.etag, url).toMatch(/^W\//);
      expect((await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(response.headers.etag) } })).statusCode, url).toBe(304);
    }
  });

  it('never serves the bare index.html (it lacks the seller’s details)', async () => {
    expect((await app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(404);
  });

  it('serves hashed assets and product images with long cache headers', async () => {
    for (const url of ['/assets/index-abc123.js', '/images/products/belt.svg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers a missing file with a 404, not the app', async () => {
    const response = await app.inject({ method: 'GET', url: '/images/products/missing.svg' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('keeps the build manifest (the server’s) to itself', async () => {
    expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/shop' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps unknown API routes JSON even with the app present', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'No such endpoint: GET /api/nothing-here' });
  });
});

describe('compression', () => {
  it('the build writes .br and .gz beside text files only where they are smaller', () => {
    const relative = written.map((file) => path.relative(webRoot, file)).sort();
    expect(relative).toEqual(['assets/index-abc123.js.br', 'assets/index-abc123.js.gz', 'index.html.br', 'index.html.gz']);
  });

  it('serves a hashed asset precompressed as the browser prefers, immutable, with Vary: Accept-Encoding', async () => {
    const url = '/assets/index-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves the page compressed too, always revalidated', async () => {
    for (const url of ['/', '/shop']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root">');
    }
  });

  it('sends a file the build left uncompressed as it is', async () => {
    const response = await app.inject({ method: 'GET', url: '/images/products/belt.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
});

describe('for search engines', () => {
  async function sitemapLocations() {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    return [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  }

  it('/robots.txt keeps crawlers out of the checkout, the back office and accounts, and names the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const page of ['/checkout', '/admin', '/account', '/orders/', '/api/']) expect(lines).toContain(`Disallow: ${page}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });

  it('/sitemap.xml lists the public pages with absolute addresses on PUBLIC_URL', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    expect(await sitemapLocations()).toEqual([`${TEST_ORIGIN}/`, `${TEST_ORIGIN}/shop`, ...LEGAL_PAGE_URLS]);
  });

  describe('with products', () => {
    const pageOf = (slug: string) => `${TEST_ORIGIN}/shop/${slug}`;

    beforeAll(async () => {
      await seedCatalog(database.db);
      await app.catalogue.reload();
    });

    it('/sitemap.xml lists every product’s page, in the shop’s order', async () => {
      expect(await sitemapLocations()).toEqual([`${TEST_ORIGIN}/`, `${TEST_ORIGIN}/shop`, ...LEGAL_PAGE_URLS, ...BUILT_IN_PRODUCTS.map((product) => pageOf(product.slug))]);
    });

    it('leaves a hidden product out and gives a product’s new address, once the catalogue has them', async () => {
      try {
        await database.db.update(products).set({ active: false }).where(eq(products.id, '4'));
        await database.db.update(products).set({ slug: 'car-key' }).where(eq(products.id, '2'));
        // Made from the in-memory catalogue: a change written behind the app's back shows once it is reloaded (NOTIFY).
        expect(await sitemapLocations()).toContain(pageOf('dummy-marker'));
        await app.catalogue.reload();
        const locations = await sitemapLocations();
        expect(locations).not.toContain(pageOf('dummy-marker'));
        expect(locations).not.toContain(pageOf('dummy-car-key'));
        expect(locations).toContain(pageOf('car-key'));
        expect(locations).toHaveLength(2 + LEGAL_PAGE_URLS.length + BUILT_IN_PRODUCTS.length - 1);
      } finally {
        await database.db.update(products).set({ active: true }).where(eq(products.id, '4'));
        await database.db.update(products).set({ slug: 'dummy-car-key' }).where(eq(products.id, '2'));
        await app.catalogue.reload();
      }
      expect(await sitemapLocations()).toContain(pageOf('dummy-marker'));
    });
  });
});
