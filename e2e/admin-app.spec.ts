import { expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

// The back office as the owner's phone app (issue 48): installable, its shell kept offline by its service worker.
const PHONE = { width: 375, height: 740 };
// Offline, the shell's own requests fail; a Playwright context is incognito, where Chrome logs that it has no Push API.
test.use({ viewport: PHONE, allowedConsoleErrors: /net::ERR_INTERNET_DISCONNECTED|Failed to fetch|does not support the Push API in incognito mode/ });

/** Every URL the page's caches hold. */
const cachedUrls = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

test.describe('the back office on a phone', () => {
  test('links a valid manifest, its service worker controls /admin and keeps the shell, never an API answer; the storefront has neither', async ({ page, context, browser }) => {
    test.setTimeout(90_000);
    // A visitor's storefront: no manifest, and its worker is never asked for nor registered.
    const visitor = await browser.newContext({ viewport: PHONE, baseURL: test.info().project.use.baseURL });
    const shopPage = await visitor.newPage();
    const asked: string[] = [];
    shopPage.on('request', (request) => asked.push(new URL(request.url()).pathname));
    for (const url of ['/', '/shop', '/checkout']) {
      await shopPage.goto(url);
      await expect(shopPage.locator('link[rel="manifest"]')).toHaveCount(0);
    }
    expect(await shopPage.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
    expect(asked.filter((path) => path.startsWith('/admin'))).toEqual([]);
    await visitor.close();

    await signInAsOwner(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/admin.webmanifest');
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({ start_url: '/admin', scope: '/admin', display: 'standalone' });
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const file = await page.request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toBe(icon.type);
    }
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);

    // The worker registers for /admin, and controls the back office's pages from the next load.
    const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.scope));
    expect(scope).toMatch(/\/admin$/);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/admin-sw\.js$/);

    // The back office's pages ask the API (orders, owners, the session) through the worker: none of it is kept.
    const apiAnswers: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) apiAnswers.push(`${response.url()} ${response.fromServiceWorker()}`);
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Owners' }).click();
    await expect(page.getByRole('heading', { name: 'Owners', level: 1 })).toBeVisible();
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(apiAnswers.length).toBeGreaterThan(0);
    expect(apiAnswers.filter((answer) => answer.endsWith(' true'))).toEqual([]);
    const kept = await cachedUrls(page);
    expect(kept).toContain('/admin');
    expect(kept.filter((url) => url !== '/admin' && !url.startsWith('/assets/'))).toEqual([]);
    expect(kept.some((url) => url.startsWith('/assets/'))).toBe(true);

    // Offline, /admin still opens: the kept shell, from the worker.
    await context.setOffline(true);
    const offline = await page.goto('/admin', { waitUntil: 'domcontentloaded' }).catch(() => null);
    expect(offline?.status()).toBe(200);
    expect(offline?.fromServiceWorker()).toBe(true);
    await context.setOffline(false);
  });

  test('Notifications on this phone: turned on as far as the browser allows, said plainly, accessible at 375 px', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await signInAsOwner(page);
    await page.goto('/admin/owners');
    const section = page.getByRole('region', { name: 'Notifications on this phone' });
    const status = section.getByRole('status').first();
    const turnOn = section.getByRole('button', { name: 'Turn on' });
    // Headless Chromium's old mode refuses notifications whatever is granted; a browser that allows them asks the shop's key.
    const permission = await page.evaluate(() => Notification.permission);
    if (permission === 'denied') {
      await expect(status).toHaveText('This browser blocks notifications from the shop. Allow them in the browser’s settings for this site, then turn them on again.');
      await expectAccessible(page);
      await turnOn.click();
      // The permission granted to the context may then be given; with no push service to subscribe with, the page says so.
      await expect(status).toHaveText(/^(This browser blocks notifications|Notifications could not be turned on here\. Please try again\.)/);
      await expect(turnOn).toBeEnabled();
    } else {
      await expect(status).toHaveText('This phone does not get the notifications.');
      await expectAccessible(page);
      const asked = page.waitForRequest((request) => request.url().endsWith('/api/admin/push'));
      await turnOn.click();
      await asked;
      // Subscribing needs the browser's push service, which a headless browser may not have: the page says so.
      await expect(section.getByText(/This phone gets the notifications\.|Notifications could not be turned on here\. Please try again\./)).toBeVisible();
    }
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test('Notifications on this phone, in a browser without Web Push: says so, offers nothing to press', async ({ page }) => {
    await page.addInitScript(() => {
      // The browser without the Push API this test stands for.
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await signInAsOwner(page);
    await page.goto('/admin/owners');
    const section = page.getByRole('region', { name: 'Notifications on this phone' });
    await expect(section.getByRole('status').first()).toHaveText(/This browser cannot show notifications from the back office\. On an iPhone, add the back office to the Home Screen first/);
    await expect(section.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
  });
});
