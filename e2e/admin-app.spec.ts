import { expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

// The back office as the owner's phone app (issue 48): installable, its shell kept offline by its service worker.
const PHONE = { width: 375, height: 740 };
test.use({ viewport: PHONE, allowedConsoleErrors: /net::ERR_INTERNET_DISCONNECTED|Failed to fetch/ });

/** Every URL the page's caches hold. */
const cachedUrls = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

test.describe('the back office on a phone', () => {
  test('links a valid manifest, its service worker controls /admin and keeps the shell, never an API answer; the storefront has neither', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signInAsOwner(page);
    // The storefront first: no manifest, no worker.
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);

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
    await expect(section.getByRole('status').first()).toHaveText('This phone does not get the notifications.');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    const subscribed = page.waitForRequest((request) => request.url().endsWith('/api/admin/push'));
    await section.getByRole('button', { name: 'Turn on' }).click();
    // The shop gives its key; headless Chromium has no push service to subscribe with, so the page says it could not.
    await subscribed;
    await expect(section.getByText(/This phone gets the notifications\.|Notifications could not be turned on here\. Please try again\./)).toBeVisible();
    await expectAccessible(page);
  });
});
