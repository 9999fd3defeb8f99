import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { OWNER } from '../playwright.config';
import { totpCode } from '../testing/totp';
import { AUTHENTICATORS_FILE } from './globalSetup';

interface Fixtures {
  /** Console errors a test provokes on purpose (a failed request it staged); one pattern, use | for more. */
  allowedConsoleErrors: RegExp | null;
  // biome-ignore lint/suspicious/noConfusingVoidType: Playwright types an auto fixture with no value as void
  failOnConsoleErrors: void;
}

/**
 * The page answers to input: the app has rendered (on a server-rendered page, hydrated: web/app/App.tsx marks
 * it). A page that is not the app (the fake Stripe's, after a redirect) has nothing to wait for.
 */
export const interactive = (page: Page) => page.waitForFunction(() => document.getElementById('root') === null || document.documentElement.dataset.interactive !== undefined);

/**
 * `page` with `goto` and `reload` that return once the page answers to input, as a visitor's first tap would
 * need: a server-rendered page is on screen before its JavaScript takes over (and asks for it only then,
 * decision 0025). Every test's `page` is one; a test's other pages (another browser, another tab) need it too.
 */
export function answeringToInput(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await interactive(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await interactive(page);
    return response;
  };
  return page;
}

/** Every test fails on a console error or an uncaught exception in the page; its `page` answers to input (answeringToInput). */
export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    await use(answeringToInput(page));
  },
  allowedConsoleErrors: [null, { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = `${message.text()} (${message.location().url})`;
        if (!allowedConsoleErrors?.test(text)) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
      await use();
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Holds the page's requests for `url` until the function returned is called: then they go on. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Runs axe on the page as it is now; any violation above "minor" fails the test. In axe's legacy mode: axe.run in
 * the page itself, the same rules, instead of a run in each frame finished in a blank page of its own (the default),
 * which opened and loaded a new page for every check: 135 checks took 165 s of the suite's 800 s, now 100 s.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).setLegacyMode().analyze();
  const violations = results.violations
    .filter((violation) => violation.impact !== 'minor')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(violations, 'axe violations').toEqual([]);
}

/**
 * The page is not wider than the viewport (nothing forces sideways scrolling on a phone). Polled for a few seconds:
 * after a resize, charts and other measured boxes take their new size a frame or more later. A failure names the
 * elements that reach past the right edge.
 */
export async function expectNoHorizontalScroll(page: Page) {
  const measure = () =>
    page.evaluate(() => {
      const { clientWidth: width, scrollWidth } = document.documentElement;
      // The elements reaching as far as the page scrolls (those clipped by a scrolling box reach less far).
      const past = [...document.body.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right >= scrollWidth - 0.5 && scrollWidth > width)
        .slice(-3)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">${element.textContent?.slice(0, 60) ?? ''}`);
      return { overflow: scrollWidth - width, past };
    });
  await expect
    .poll(async () => {
      const { overflow, past } = await measure();
      return overflow <= 0 ? 'fits' : `${overflow}px too wide: ${past.join(' | ')}`;
    })
    .toBe('fits');
}

/** Signs the shop's owner in through the sign-in page, and waits for it to take them home. */
/** The owner's session cookies, once signed in by this worker: later sign-ins reuse them (attempts are limited per email and address). */
let ownerCookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

/**
 * Signs the owner in through the login page the first time in a worker, then gives later pages the same session (the
 * shop allows 10 sign-in attempts a minute per email and per address, which a whole run of specs would pass).
 */
/** The code the owner's authenticator app shows now for the shop at `baseURL` (set up by e2e/globalSetup.ts). */
export function ownerCode(baseURL: string): string {
  const authenticators = JSON.parse(readFileSync(AUTHENTICATORS_FILE, 'utf8')) as Record<string, string>;
  return totpCode(authenticators[new URL(baseURL).port]!);
}

/** After Sign In on the login page: the owner types the authenticator app's code, as the second step asks. */
export async function typeOwnerCode(page: Page) {
  await page.getByLabel('Code from your authenticator app').fill(ownerCode(page.url()));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The owner signed in through the API, both factors (the request context keeps the session's cookie); throws on a refusal. */
export async function signInOwnerByApi(request: APIRequestContext, baseURL: string) {
  const headers = { origin: baseURL };
  const first = await request.post('/api/auth/sign-in/email', { data: OWNER, headers });
  expect(first.status()).toBe(200);
  const second = await request.post('/api/auth/two-factor/verify-totp', { data: { code: ownerCode(baseURL) }, headers });
  expect(second.status(), await second.text()).toBe(200);
  return second;
}

export async function signInAsOwner(page: Page) {
  if (ownerCookies) {
    await page.context().addCookies(ownerCookies);
    await page.goto('/');
    // Still the owner's (a test may have signed out, or this is another shop of the run): else signed in afresh.
    const session = (await (await page.request.get('/api/auth/get-session')).json().catch(() => null)) as { user?: { role?: string } } | null;
    if (session?.user?.role === 'owner') return;
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await typeOwnerCode(page);
  await expect(page.getByRole('status')).toHaveText('Login successful! Redirecting...');
  // An owner lands on the back office (issue 46); the storefront is where every caller starts, as with the cookies.
  await expect(page).toHaveURL(/\/admin$/, { timeout: 3000 });
  await page.goto('/');
  ownerCookies = (await page.context().cookies()).filter((cookie) => cookie.name.includes('session_token'));
}

/** The owner, on an order's page in the back office, confirms it and ships it with Sameday under `trackingNumber`. */
export async function confirmAndShip(page: Page, trackingNumber: string) {
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Status: Confirmed')).toBeVisible();
  const ship = page.getByRole('form', { name: 'Ship the order' });
  await ship.getByLabel('Carrier', { exact: true }).selectOption('Sameday');
  await ship.getByLabel('Tracking number (AWB)').fill(trackingNumber);
  await ship.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByText('Status: Shipped')).toBeVisible();
}

/** Creates a customer account through the sign-up page, and waits for it to take them home (signed in). */
export async function signUp(page: Page, email: string, password = 'secret123') {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('status')).toHaveText('Account created successfully! Redirecting...');
  await expect(page).toHaveURL(/\/$/);
}

/** Fills the checkout's shipping step: each text field by its label, the county by its name ('County': 'Cluj'). */
export async function fillShipping(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const field = page.getByLabel(label, { exact: true });
    if (label === 'County') await field.selectOption({ label: value });
    else await field.fill(value);
  }
}

/** The shipping details of the customer most specs order as (field label → value). */
export const ANA_SHIPPING = {
  'First name': 'Ana',
  'Last name': 'Popescu',
  Country: 'Romania',
  City: 'Cluj-Napoca',
  County: 'Cluj',
  Street: 'Strada Memorandumului',
  'Street number': '28',
  'Postal code': '400114',
  'Phone number': '+40 712 345 678',
};

/** From the cart page through the email and shipping steps to the payment step (as Ana, unless told otherwise). */
export async function cartToPayment(page: Page, { email = 'ana@example.ro', shipping = ANA_SHIPPING }: { email?: string; shipping?: Record<string, string> } = {}) {
  await page.getByRole('button', { name: 'Continue to Email' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await fillShipping(page, shipping);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
}

/** Adds each named product from /shop, once per mention (the second time with its card's plus). */
export async function addToCart(page: Page, names: string[]) {
  await page.goto('/shop');
  await expect(page.getByRole('article')).toHaveCount(5);
  for (const name of names) {
    const card = page.getByRole('article', { name });
    const add = card.getByRole('button', { name: 'Add to Cart' });
    if (await add.isVisible()) await add.click();
    else await card.getByRole('button', { name: `Add one more ${name}` }).click();
  }
}
