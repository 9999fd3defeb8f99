import type { Page } from '@playwright/test';
import { sampleOrder } from '../testing/sampleOrder';
import { expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

// Issue 46: the owner runs the shop from a 375 px phone. /admin opens on the orders waiting for them, as cards with the
// next step on each; the counters after them filter the list; the other filters are folded; Cancel sits at the bottom
// of an order's page.

test.use({ viewport: { width: 375, height: 740 } });

async function placeOrder(page: Page, tag: string) {
  const placed = await page.request.post('/api/orders', { data: sampleOrder({ email: `${tag}-${Date.now()}@example.ro`, lines: [{ productId: '3', quantity: 1 }] }) });
  expect(placed.status()).toBe(201);
  return (await placed.json()) as { id: string; number: number };
}

const cardOf = (page: Page, number: number) =>
  page
    .getByRole('list', { name: 'Orders, newest first' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^Order ${number}`) }) });

test('a new order is confirmed from its card; then its card leads to its AWB', async ({ page }) => {
  await signInAsOwner(page);
  const order = await placeOrder(page, 'card-confirm');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Waiting for you', level: 2 })).toBeVisible();
  const card = cardOf(page, order.number);
  const confirm = card.getByRole('button', { name: `Confirm order ${order.number}` });
  await expect(confirm).toBeInViewport({ ratio: 1 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await confirm.click();
  await expect(card).toContainText('Confirmed');
  const awb = card.getByRole('link', { name: `Create AWB for order ${order.number}` });
  await expect(awb).toBeVisible();
  await awb.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  await expect(page.getByRole('heading', { name: 'Create AWB with a courier' })).toBeVisible();
  // The order's timeline says the owner confirmed it, once.
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: 'Pending → Confirmed' })).toHaveCount(1);
});

test.describe('a card left open while the order changed elsewhere', () => {
  // The live stream is cut (it would bring the change before the tap); its failures and the 409 are what the console says.
  test.use({ allowedConsoleErrors: /409 \(Conflict\)|\/api\/admin\/events/ });

  test('says so, and shows the order as it is now', async ({ page, baseURL }) => {
    await signInAsOwner(page);
    const order = await placeOrder(page, 'card-stale');
    await page.route('**/api/admin/events**', (route) => route.abort());
    await page.goto('/admin');
    const card = cardOf(page, order.number);
    await expect(card.getByRole('button', { name: `Confirm order ${order.number}` })).toBeVisible();
    // Another tab cancels it.
    const other = await page.request.post(`/api/admin/orders/${order.id}/status`, { data: { to: 'cancelled', version: 1, reason: 'Duplicate order' }, headers: { origin: baseURL! } });
    expect(other.status()).toBe(200);
    await card.getByRole('button', { name: `Confirm order ${order.number}` }).click();
    await expect(page.getByRole('alert').filter({ hasText: /changed/i })).toBeVisible();
    // Reloaded: a cancelled order no longer waits for the owner.
    await expect(page.getByRole('list', { name: 'Orders, newest first' }).getByRole('link', { name: new RegExp(`^Order ${order.number}`) })).toHaveCount(0);
  });
});

test('the counters come after the cards and filter the list; the other filters are folded', async ({ page }) => {
  await signInAsOwner(page);
  const order = await placeOrder(page, 'counters');
  await page.goto('/admin');
  const cards = page.getByRole('list', { name: 'Orders, newest first' });
  const counters = page.getByRole('region', { name: 'Today at a glance' }).getByRole('list').first();
  const firstCard = (await cards.getByRole('listitem').first().boundingBox())!;
  expect((await counters.boundingBox())!.y).toBeGreaterThan(firstCard.y);
  // The shop backed itself up as it started (BACKUP_HOUR=0): the dashboard says when, with no warning.
  await expect(page.getByRole('region', { name: 'Today at a glance' }).getByText(/^Last backup: \d+ \w+ \d{4}, \d\d:\d\d\.$/)).toBeVisible();
  await expect(page.getByText(/backup (failed|is more than a day old)|No backup has been made yet/)).toHaveCount(0);

  await counters.getByRole('link', { name: /^Orders today/ }).click();
  await expect(page).toHaveURL(/\/admin\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
  await expect(counters.getByRole('link', { name: /^Orders today/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { name: 'Filtered orders', level: 2 })).toBeVisible();
  await expect(cards.getByRole('link', { name: new RegExp(`^Order ${order.number}`) })).toBeVisible();

  await counters.getByRole('link', { name: /^Delivered this month/ }).click();
  await expect(page).toHaveURL(/\/admin\?status=delivered_this_month$/);
  await expect(cards.getByRole('link', { name: new RegExp(`^Order ${order.number}`) })).toHaveCount(0);

  await counters.getByRole('link', { name: /^Waiting for you/ }).click();
  await expect(page).toHaveURL(/\/admin\?status=waiting$/);
  await expect(cards.getByRole('link', { name: new RegExp(`^Order ${order.number}`) })).toBeVisible();

  // Folded: the search is there once the owner opens the filters.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toBeHidden();
  await page.getByText('Filter orders', { exact: true }).click();
  await search.fill(String(order.number));
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${order.number}`));
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('Cancel is at the bottom of an order’s page, below the rest', async ({ page }) => {
  await signInAsOwner(page);
  const order = await placeOrder(page, 'cancel-bottom');
  await page.goto(`/admin/orders/${order.id}`);
  const cancel = page.getByRole('form', { name: 'Cancel the order' });
  await expect(cancel).toBeVisible();
  const actions = page.getByRole('region', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  // Below everything else on the page: the timeline, the COD risk.
  const cancelTop = (await cancel.boundingBox())!.y;
  for (const name of ['Timeline', 'Actions', 'Items']) expect((await page.getByRole('region', { name }).boundingBox())!.y).toBeLessThan(cancelTop);
  await expect(page.getByRole('button', { name: /No cash on delivery/ }).first()).toBeVisible();
  expect(
    (await page
      .getByRole('button', { name: /No cash on delivery/ })
      .first()
      .boundingBox())!.y,
  ).toBeLessThan(cancelTop);
  await expectAccessible(page);

  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('region', { name: 'Cancel the order' }).getByRole('alert')).toContainText(/reason/i);
  await cancel.getByLabel('Reason for cancelling').fill('The customer called to cancel');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The order is cancelled.' })).toBeVisible();
  await expect(page.getByText('Status: Cancelled')).toBeVisible();
  await expect(actions).toContainText('Nothing more to do: the order is cancelled.');
});
