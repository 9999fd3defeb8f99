/**
 * The storefront rendered on the server: `vite build --ssr` turns this file into
 * dist-ssr/entry-server.js, which the server loads (server/modules/pages). The same components
 * hydrate in the browser (web/main.tsx) from the HTML and the catalogue embedded in it.
 */
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { type Product, productPath } from '../domain/catalog';
import { type CompanyInfo, companyDataScript } from '../domain/company';
import { messagesDataScript, type PageRenderer, type RenderedPage } from '../domain/contracts/pages';
import type { ProductReviews } from '../domain/contracts/reviews';
import type { Locale } from '../domain/locale';
import { scriptJson } from '../domain/structuredData';
import { messages as english } from '../locales/shop/en';
import { messages as romanian } from '../locales/shop/ro';
import { App, serverRenderedPageOf } from './app/App';
import { Footer } from './app/Footer';
import { headHtml, pageHeadOf } from './app/pageHead';
import { ProductReviewsSection } from './features/reviews/ProductReviews';
import { CATALOGUE_DATA_ID, primeCatalog } from './lib/catalog';
import { primeCompany } from './lib/company';
import { createI18n, type I18n, I18nProvider } from './lib/i18n';

const MESSAGES = { en: english, ro: romanian };

async function htmlOf(pathname: string, i18n: I18n): Promise<string> {
  // Waits for every lazily loaded page, so the HTML is complete (no "Loading…").
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App hydrating i18n={i18n} Router={({ children }) => <StaticRouter location={pathname}>{children}</StaticRouter>} />
    </StrictMode>,
    // React sets a large boundary apart, to be swapped in by an inline script (which the CSP refuses and a browser without JavaScript never runs): not here.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** React's mark of a boundary filled in by script later: such a page would not be complete without JavaScript. */
const PENDING_BOUNDARY = '<template id="B:';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders `/`, `/shop` or `/shop/{slug}` (null for any other path) with `products`, the catalogue
 * as GET /api/products serves it, and the seller's details (the footer's), in `locale`. The catalogue
 * store is the page's, so renders run one at a time. The page carries the catalogue and its language's
 * words, for the browser to hydrate it with.
 */
export const renderPage: PageRenderer['renderPage'] = (
  pathname: string,
  products: readonly Product[],
  publicUrl: string,
  company: CompanyInfo,
  locale: Locale,
  reviews: ReadonlyMap<string, ProductReviews> = new Map(),
): Promise<RenderedPage | null> => {
  const page = serverRenderedPageOf(pathname);
  const i18n = createI18n(locale, MESSAGES[locale]);
  const head = pageHeadOf(pathname, products, publicUrl, i18n, reviews);
  if (!page || !head) return Promise.resolve(null);
  const render = queue.then(async () => {
    // The page itself, with no boundary of its own, as the browser hydrates it (web/app/lazyPage.tsx).
    await page.page.preload();
    primeCatalog(products);
    primeCompany(company);
    const app = await htmlOf(pathname, i18n);
    if (app.includes(PENDING_BOUNDARY)) throw new Error(`rendering ${pathname} left part of it to a script`);
    const data = `<script type="application/json" id="${CATALOGUE_DATA_ID}">${scriptJson({ products })}</script>${messagesDataScript(MESSAGES[locale])}`;
    const reviewed =
      head.ogType === 'product'
        ? renderReviews(
            products.find((product) => productPath(product) === head.path),
            reviews,
            i18n,
          )
        : '';
    return {
      status: head.status,
      head: headHtml(head, publicUrl),
      body: `<div id="root">${app}</div>${reviewed}${renderFooter(company, locale)}${data}${companyDataScript(company)}`,
      modules: [page.module],
    };
  });
  queue = render.catch(() => undefined);
  return render;
};

/** A product page's reviews (web/features/reviews/ProductReviews.tsx), static HTML after the app, as the footer. */
function renderReviews(product: Product | undefined, reviews: ReadonlyMap<string, ProductReviews>, i18n: I18n): string {
  if (!product) return '';
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <ProductReviewsSection reviews={reviews.get(product.id)} path={productPath(product)} />
    </I18nProvider>,
  );
}

/**
 * Every storefront page's footer (web/app/Footer.tsx), as HTML for the server to put after the app:
 * static, so it costs the browser no JavaScript and is there with the page's first byte.
 */
export const renderFooter: PageRenderer['renderFooter'] = (company: CompanyInfo, locale: Locale): string =>
  renderToStaticMarkup(
    <I18nProvider i18n={createI18n(locale, MESSAGES[locale])}>
      <Footer company={company} />
    </I18nProvider>,
  );
