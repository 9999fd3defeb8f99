import type { CompanyInfo } from '../company';
import type { Locale } from '../locale';
import { scriptJson } from '../structuredData';
import type { Product } from './catalog';
import type { ProductReviews } from './reviews';

/**
 * What the storefront's server renderer (web/entry-server.tsx, built into dist-ssr/) gives the
 * server (server/modules/pages), which loads it from disk: the server never imports web/.
 */
export interface RenderedPage {
  status: 200 | 404;
  /** Elements for the page's <head>, its <title> included. */
  head: string;
  /** `<div id="root">` with the app's HTML, the footer after it, then the catalogue and company details it was rendered with. */
  body: string;
  /** The page's own code, as the build's manifest names it (e.g. `features/shop/ShopPage.tsx`), to preload. */
  modules: string[];
}

/**
 * Where a server-rendered page's loader (server/modules/pages/scriptsAfterPaint.ts) keeps the buttons tapped
 * before the page's code took over, for that code to tap again as it takes over (web/app/App.tsx), setting it
 * to null: a global.
 */
export const EARLY_TAPS = 'taps';

/** The id of the JSON a page carries its language's storefront words in (web/main.tsx reads it). */
export const MESSAGES_DATA_ID = 'messages-data';

/**
 * The storefront's words only the server uses: the footer's (web/app/Footer.tsx) and a product page's reviews
 * (web/features/reviews/ProductReviews.tsx), static HTML React never renders in the browser. No page carries them for
 * the browser to read.
 */
const SERVER_ONLY_MESSAGES = ['footer.', 'productReviews.'];

/** The storefront's compiled words for a page, as JSON the browser reads before it renders (the server's own left out). */
export const messagesDataScript = (messages: Readonly<Record<string, unknown>>): string =>
  `<script type="application/json" id="${MESSAGES_DATA_ID}">${scriptJson(Object.fromEntries(Object.entries(messages).filter(([id]) => !SERVER_ONLY_MESSAGES.some((prefix) => id.startsWith(prefix)))))}</script>`;

export interface PageRenderer {
  /**
   * `/`, `/shop` or `/shop/{slug}` rendered with `products` and the seller's details, in `locale` (null for a path it
   * does not render); a product's page with its published reviews (`reviews`, by product id: none when absent).
   */
  renderPage(pathname: string, products: readonly Product[], publicUrl: string, company: CompanyInfo, locale: Locale, reviews?: ReadonlyMap<string, ProductReviews>): Promise<RenderedPage | null>;
  /** Every storefront page's footer (the seller's details, the legal pages, ANPC's SAL) in `locale`, static HTML after the app. */
  renderFooter(company: CompanyInfo, locale: Locale): string;
}
