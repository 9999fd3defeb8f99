import { bucharestDay } from '../domain/locale';
import { addToCart, cartToPayment, expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

// Visitors and the funnel (issue 34), counted on the server with no cookie. Playwright's Chromium says it is headless,
// which the shop takes for a bot: this spec browses as a desktop Chrome does.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });

test('a visitor’s pages are counted without a cookie, and the owner sees visitors, the chart, the funnel and the top products', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.goto('/shop');
  await page.goto('/shop/dummy-lighter');
  await expect(page.getByRole('heading', { name: 'Dummy Lighter', level: 1 })).toBeVisible();
  // Counting set nothing in the browser.
  expect(await context.cookies()).toEqual([]);

  await signInAsOwner(page);
  const visitors = page.getByRole('region', { name: 'Visitors', exact: true });
  // Each process writes its counts every 10 seconds.
  const viewed = visitors.getByRole('listitem').filter({ hasText: /^Dummy Lighter: \d+ views?$/ });
  await expect(async () => {
    await page.goto('/admin');
    await expect(viewed).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(visitors.getByRole('term').first()).toHaveText('Today');
  await expect(visitors.getByRole('definition').first()).toContainText(/\d+ visitors?/);
  await expect(visitors.getByRole('figure')).toContainText('in the last 30 days');
  await expect(visitors.locator('svg').first()).toBeVisible();
  // Days as Romanians write them (issue 46): today's tick is day.month.
  const [year, month, day] = bucharestDay(new Date()).split('-');
  expect(year).toMatch(/^\d{4}$/);
  await expect(visitors.locator('svg').getByText(`${day}.${month}`, { exact: true })).toBeVisible();
  await expect(visitors.getByRole('listitem').filter({ hasText: 'Landing page' })).toBeVisible();
  await expect(visitors).toContainText('Most viewed products');
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
});

test('a visit from an Instagram reel and its order land in the owner’s instagram / reel12 row, with no cookie (issue 49)', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/shop?utm_source=instagram&utm_medium=social&utm_campaign=reel12');
  await expect(page.getByRole('article')).toHaveCount(5);
  // The shop's own pages after it keep the tab's touch (its session storage); a cookie, never.
  await addToCart(page, ['Dummy Lighter']);
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await cartToPayment(page, { email: 'reel12@example.ro' });
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order (COD)' }).click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  expect(JSON.parse(answer.request().postData() ?? '{}').attribution).toEqual({
    first: { source: 'instagram', medium: 'social', campaign: 'reel12', ref: null },
    last: { source: 'instagram', medium: 'social', campaign: 'reel12', ref: null },
  });
  const { number } = await answer.json();
  await page.getByRole('dialog', { name: 'Order placed' }).getByRole('button', { name: 'OK' }).click();
  expect(await context.cookies()).toEqual([]);

  await signInAsOwner(page);
  await page.goto('/admin');
  const channels = page.getByRole('region', { name: 'Visitors', exact: true });
  await expect(channels.getByRole('heading', { name: 'Sales by channel' })).toBeVisible();
  await expect(channels.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  // Its visitor is written with the process's next batch (10 seconds); the order at once.
  const row = page.getByRole('row', { name: /^instagram \/ reel12 / });
  await expect(async () => {
    await page.goto('/admin');
    await expect(row).toBeVisible({ timeout: 1000 });
    await expect(row.getByRole('cell').first()).not.toHaveText('0', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(2)).toHaveText('59.98 RON');
  await channels.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expectAccessible(page);

  // The order's own page says where it came from.
  await page.goto('/admin/orders');
  await page
    .getByRole('link', { name: String(number), exact: true })
    .first()
    .click();
  await expect(page.getByRole('definition').filter({ hasText: 'instagram / reel12' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin');
  await expect(
    page
      .getByRole('list', { name: /^Visitors, orders, revenue and conversion by source and campaign/ })
      .getByRole('listitem')
      .filter({ hasText: 'instagram / reel12' }),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
