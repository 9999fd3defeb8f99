import type { CompanyInfo } from '../company';
import type { Product } from './catalog';

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

export interface PageRenderer {
  /** `/`, `/shop` or `/shop/{slug}` rendered with `products` and the seller's details (null for a path it does not render). */
  renderPage(pathname: string, products: readonly Product[], publicUrl: string, company: CompanyInfo): Promise<RenderedPage | null>;
  /** Every storefront page's footer (the seller's details, the legal pages, ANPC's SAL), static HTML after the app. */
  renderFooter(company: CompanyInfo): string;
}
