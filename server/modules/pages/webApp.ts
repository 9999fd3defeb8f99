import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import type { CompanyInfo } from '../../../domain/company';
import { LOCALES, type Locale } from '../../../domain/locale';
import { requestLocale } from '../../i18n';
import type { Catalogue } from '../catalog/catalogue';
import { currentSlugOf } from '../catalog/service';
import { type BuildManifest, inlineStylesheet, loadPageRenderer, pageRoutes, sendPage, shellPage } from './routes';

/** Hashed build assets and product images never change under the same name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface WebAppOptions {
  db: Db;
  /** The built web app (WEB_ROOT) and its server renderer (SSR_ENTRY); without them the API is served alone. */
  webRoot: string;
  ssrEntry: string;
  catalogue: Catalogue;
  company: CompanyInfo;
  publicUrl: string;
}

/**
 * Serves the web app: the build's files (precompressed, the hashed ones cached for good), the pages rendered on the
 * server, the shell with the company's details for the others, and a JSON 404 for the API and missing files.
 */
export async function serveWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { db, catalogue, company, publicUrl } = options;
  const webRoot = path.resolve(options.webRoot);
  const hasWebApp = existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      // Pages are the shell below (with the company's details in it) or rendered ones, never the bare file.
      index: false,
      // `vite build` writes .br and .gz beside each text file (scripts/precompress.ts): sent as they are, with Vary.
      preCompressed: true,
      // The build's manifest is the server's (page preloads), not the browser's.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/') && !pathName.startsWith('/index.html'),
      setHeaders(reply, filePath) {
        const relative = path.relative(webRoot, filePath);
        const immutable = relative.startsWith(`assets${path.sep}`) || relative.startsWith(`images${path.sep}`);
        reply.header('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const renderer = hasWebApp ? await loadPageRenderer(path.resolve(options.ssrEntry)) : null;
  // Without a renderer (`npm run dev`, tests) the shell has no footer.
  const shellTemplate = hasWebApp ? readFileSync(path.join(webRoot, 'index.html'), 'utf8') : '';
  const shells = Object.fromEntries(
    await Promise.all(LOCALES.map(async (locale) => [locale, await shellPage(shellTemplate, company, renderer?.renderFooter(company, locale) ?? '', locale)] as const)),
  ) as Record<Locale, Awaited<ReturnType<typeof shellPage>>>;
  const sendWebApp = (request: FastifyRequest, reply: FastifyReply) => sendPage(request, reply, shells[requestLocale(request)]);
  // The back office's pages are the shell that installs as the owners' app (its manifest and icons; issue 48).
  const adminShells = Object.fromEntries(
    await Promise.all(LOCALES.map(async (locale) => [locale, await shellPage(adminShell(shellTemplate), company, renderer?.renderFooter(company, locale) ?? '', locale)] as const)),
  ) as Record<Locale, Awaited<ReturnType<typeof shellPage>>>;
  if (renderer) {
    const template = inlineStylesheet(readFileSync(path.join(webRoot, 'index.html'), 'utf8'), (file) => readFileSync(path.join(webRoot, file), 'utf8'));
    const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
    const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest) : {};
    await app.register(pageRoutes, { renderer, catalogue, template, manifest, publicUrl: publicUrl, company, renamedSlug: (slug) => currentSlugOf(db, slug), sendShell: sendWebApp });
  } else if (hasWebApp) {
    // Without a renderer the home page is the shell too (the static files serve no index).
    app.get('/', (request, reply) => sendWebApp(request, reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    // Client-side routes get the web app; the API and missing files get a JSON 404, never HTML.
    if (hasWebApp && isPage && isBackOffice(pathname)) return sendPage(request, reply, adminShells[requestLocale(request)]);
    if (hasWebApp && isPage && path.extname(pathname) === '') return sendWebApp(request, reply);
    return reply.status(404).send({ error: 'not_found', message: `No such endpoint: ${request.method} ${pathname}` });
  });
}

const isBackOffice = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** The back office's colour behind its phone's status bar: its header's white (the storefront's is zinc-900). */
export const BACK_OFFICE_THEME = '#ffffff';

/**
 * The app shell as the back office's pages send it: linking the web app manifest that installs /admin on a phone's
 * home screen (web/public/admin.webmanifest) and its icon, in the back office's colour. The storefront's pages link
 * neither, and never load its service worker (web/public/admin-sw.js, registered by the back office's code only).
 */
export function adminShell(template: string): string {
  return template
    .replace(/<meta name="theme-color"[^>]*>/, `<meta name="theme-color" content="${BACK_OFFICE_THEME}" />`)
    .replace('</head>', () => '  <link rel="manifest" href="/admin.webmanifest" />\n    <link rel="apple-touch-icon" href="/admin-icon-192.png" />\n  </head>');
}
