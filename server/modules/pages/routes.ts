import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type CompanyInfo, companyDataScript } from '../../../domain/company';
import { messagesDataScript, type PageRenderer, type RenderedPage } from '../../../domain/contracts/pages';
import { DEFAULT_LOCALE, type Locale } from '../../../domain/locale';
import { SHOP_MESSAGES } from '../../../locales/catalogues';
import { compressText, type Precompressed, sendRevalidated, weakEtagOf } from '../../compression';
import { LANGUAGE_VARY, requestLocale } from '../../i18n';
import type { Catalogue, CatalogueSnapshot } from '../catalog/catalogue';
import { scriptsAfterPaint } from './scriptsAfterPaint';

/** The storefront's server renderer (`vite build --ssr`), or null when it has not been built (tests, `npm run dev`). */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

export interface Page {
  status: RenderedPage['status'];
  etag: string;
  body: Precompressed;
}

const ROOT = '<div id="root"></div>';
/** The built index.html's language, which every page and shell replaces with the visitor's. */
const HTML_LANG = /<html lang="[^"]*"/;

/** What `vite build` writes to dist/.vite/manifest.json: each source module's chunk and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/** The chunks the page's modules need: each module's chunk and every chunk it imports, as paths. */
export function pageChunks(manifest: BuildManifest, modules: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files].map((file) => `/${file}`);
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/;

/**
 * The built index.html for server-rendered pages: its stylesheet inlined (`readFile` reads it from the
 * build), so the page paints with its first response instead of after another round trip.
 */
export function inlineStylesheet(template: string, readFile: (file: string) => string): string {
  const link = template.match(STYLESHEET);
  if (!link) return template;
  return template.replace(link[0], () => `<style>${readFile(link[1]!).replace(/<\/style/gi, '<\\/style')}</style>`);
}

const SCRIPTS = /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;
const ENTRY = /<script type="module"[^>]*\ssrc="([^"]+)"/;
const PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"/g;

/**
 * The built index.html with a rendered page in it: its head elements replace the shell's title and
 * description, and its scripts (the entry, the chunks the entry imports and `chunks`, the page's own) are
 * asked for once the page is on screen (scriptsAfterPaint.ts, decision 0025), not with it, by the loader in its head.
 */
export function fillTemplate(template: string, page: RenderedPage, locale: Locale, chunks: readonly string[] = []): string {
  const entry = template.match(ENTRY)?.[1];
  const modules = new Set([...[...template.matchAll(PRELOAD)].map((match) => match[1]!), ...chunks]);
  if (entry) modules.delete(entry);
  const shell = template
    .replace(SCRIPTS, '')
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  const scripts = entry ? scriptsAfterPaint(entry, [...modules]) : { head: '', body: '' };
  return shell
    .replace(HTML_LANG, `<html lang="${locale}"`)
    .replace('</head>', () => `  ${scripts.head}${page.head}\n  </head>`)
    .replace(ROOT, () => `${page.body}\n    ${scripts.body}`);
}

/**
 * The app shell in `locale`, for every page the server does not render: the built index.html with the
 * footer (`footer`, from the renderer: empty without one) after the app, the seller's details (the
 * checkout and the legal pages read them there, with no request of their own) and the language's words,
 * made and compressed once.
 */
export async function shellPage(template: string, company: CompanyInfo, footer: string, locale: Locale): Promise<Page> {
  const html = template.replace(HTML_LANG, `<html lang="${locale}"`).replace(ROOT, () => `${ROOT}${footer}${companyDataScript(company)}${messagesDataScript(SHOP_MESSAGES[locale])}`);
  return { status: 200, etag: weakEtagOf(html), body: await compressText(html) };
}

/** Sends a page made once (in the visitor's language), revalidated on every use. */
export const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page) =>
  sendRevalidated(request, reply.code(page.status).header('Vary', LANGUAGE_VARY), page.body, page.etag, 'text/html; charset=utf-8');

/** Any slug no product can have (slugs never start with a hyphen): the one rendering of "no such product". */
const MISSING_PRODUCT = '/shop/-';

interface PageOptions {
  renderer: PageRenderer;
  catalogue: Catalogue;
  /** The built index.html. */
  template: string;
  /** The build's manifest (empty when it has none: no preloads). */
  manifest: BuildManifest;
  publicUrl: string;
  /** The seller's details, embedded in every page (footer, checkout). */
  company: CompanyInfo;
  /** The current slug of a product that had `slug` before (a 301 to its page), or null. */
  renamedSlug(slug: string): Promise<string | null>;
  /** The plain app shell, when there is no catalogue to render with (the database was down at start). */
  sendShell(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/**
 * `/`, `/shop` and `/shop/{slug}` arrive complete: rendered on the server with the catalogue, once
 * per catalogue (every process renders for itself when the catalogue changes, decision 0019),
 * compressed once, and answered from memory with an ETag. Other pages are the app shell.
 */
export const pageRoutes: FastifyPluginAsync<PageOptions> = async (app, { renderer, catalogue, template, manifest, publicUrl, company, renamedSlug, sendShell }) => {
  let renderedFor: CatalogueSnapshot | null = null;
  // Each page in each language, rendered when first asked for.
  let pages = new Map<string, Promise<Page>>();

  async function render(pathname: string, locale: Locale, snapshot: CatalogueSnapshot): Promise<Page> {
    const rendered = await renderer.renderPage(pathname, snapshot[locale].products, publicUrl, company, locale, snapshot[locale].reviews);
    if (!rendered) throw new Error(`the renderer does not render ${pathname}`);
    const html = fillTemplate(template, rendered, locale, pageChunks(manifest, rendered.modules));
    return { status: rendered.status, etag: weakEtagOf(html), body: await compressText(html) };
  }

  function pageFor(pathname: string, locale: Locale): Promise<Page> {
    const snapshot = catalogue.current();
    if (snapshot !== renderedFor) {
      renderedFor = snapshot;
      pages = new Map();
    }
    const key = `${locale} ${pathname}`;
    let page = pages.get(key);
    if (!page) {
      page = render(pathname, locale, snapshot);
      // A failed render is tried again by the next visitor, not remembered.
      page.catch(() => pages.get(key) === page && pages.delete(key));
      pages.set(key, page);
    }
    return page;
  }

  const hasProduct = (slug: string) => catalogue.current()[DEFAULT_LOCALE].products.some((product) => product.slug === slug);

  async function answer(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    let page: Page;
    try {
      page = await pageFor(pathname, requestLocale(request));
    } catch (err) {
      request.log.warn({ err }, 'rendering the page failed; sent the app shell instead');
      return sendShell(request, reply);
    }
    return sendPage(request, reply, page);
  }

  app.get('/', (request, reply) => answer(request, reply, '/'));
  app.get('/shop', (request, reply) => answer(request, reply, '/shop'));
  app.get<{ Params: { slug: string } }>('/shop/:slug', async (request, reply) => {
    const { slug } = request.params;
    let known: boolean;
    try {
      known = hasProduct(slug);
    } catch {
      return sendShell(request, reply);
    }
    if (known) return answer(request, reply, `/shop/${slug}`);
    // A product's old address leads to its page; an address no product ever had is "Page not found".
    const renamed = await renamedSlug(slug).catch(() => null);
    if (renamed) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/shop/${renamed}${query}`, 301);
    }
    return answer(request, reply, MISSING_PRODUCT);
  });
};
