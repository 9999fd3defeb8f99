/**
 * Visitors and the funnel (issue 34), counted on the server with no cookie, no fingerprint kept and no IP address
 * stored: a visitor is a hash of their IP address and browser with a random salt of the day, thrown away after it
 * (as Plausible counts), so nobody can be followed from one day to the next. These are the rules; the counting is
 * server/modules/visits.
 */

/** The steps of the funnel, in the order a buyer takes them. */
export const FUNNEL_STEPS = ['landing', 'shop', 'product', 'cart', 'email', 'shipping', 'payment', 'order'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The checkout's steps after the cart, as its URL names them (?step=…). */
const CHECKOUT_STEPS: readonly FunnelStep[] = ['email', 'shipping', 'payment'];

/**
 * The step a page of the storefront is (its path and query, as the browser shows it), and for a product page its
 * slug; null for a page outside the funnel (legal pages, accounts, the back office). An order placed is counted by the
 * server when it places it, never from a page.
 */
export function stepOfPage(path: string): { step: FunnelStep; page: string } | null {
  if (!URL.canParse(path, 'http://shop.invalid')) return null;
  const url = new URL(path, 'http://shop.invalid');
  const pathname = url.pathname.replace(/\/+$/, '') || '/';
  if (pathname === '/') return { step: 'landing', page: '' };
  if (pathname === '/shop') return { step: 'shop', page: '' };
  const product = /^\/shop\/([a-z0-9-]{1,100})$/.exec(pathname);
  if (product) return { step: 'product', page: product[1]! };
  if (pathname === '/checkout') {
    const step = url.searchParams.get('step');
    return { step: CHECKOUT_STEPS.find((candidate) => candidate === step) ?? 'cart', page: '' };
  }
  return null;
}

/** Crawlers, link previews, monitors and headless browsers, by their user agent: never counted. */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|headless|lighthouse|pagespeed|phantomjs|puppeteer|playwright|selenium|python-requests|curl\/|wget\/|go-http-client|axios\/|node-fetch|okhttp|java\/|monitor|uptime|pingdom/i;

/** Whether a request is a bot's (or has no user agent at all). */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

/** Whether a request is a browser's prefetch or prerender (the visitor has not opened the page). */
export function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const said = (name: string) => String(headers[name] ?? '').toLowerCase();
  return said('sec-purpose').includes('prefetch') || said('purpose').includes('prefetch') || said('x-moz').includes('prefetch') || said('x-purpose').includes('preview');
}

/**
 * Orders over visitors, as a percentage with one decimal (0 with neither). null with more orders than visitors counted:
 * orders from visitors the counter did not see (scripts blocked, a link opened on another device, an order taken by
 * phone) would make it over 100%, which says nothing (issue 46).
 */
export function conversionRate(visitors: number, orders: number): number | null {
  if (orders > visitors) return null;
  return visitors === 0 ? 0 : Math.round((orders / visitors) * 1000) / 10;
}

/**
 * The funnel's drop-off at each step: how many of the step before's visitors did not reach it, as a percentage; 0
 * when more reached it (visitors come straight to a product's page from a post), null after a step nobody reached.
 */
export function dropOffs(counts: readonly { step: FunnelStep; visitors: number }[]): { step: FunnelStep; visitors: number; dropOff: number | null }[] {
  return counts.map((count, index) => {
    const before = index === 0 ? null : counts[index - 1]!.visitors;
    return { ...count, dropOff: before === null || before === 0 ? null : Math.max(0, Math.round(((before - count.visitors) / before) * 1000) / 10) };
  });
}
