import { bucharestDay } from '../domain/locale';
import { expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

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
  const visitors = page.getByRole('region', { name: 'Visitors' });
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
