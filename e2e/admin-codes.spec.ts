import { addDays } from '../domain/calendar';
import type { OrderView } from '../domain/contracts/orders';
import { bucharestDay } from '../domain/locale';
import { formatMoney } from '../domain/money';
import { sampleOrder } from '../testing/sampleOrder';
import { expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

// The owner's discount codes (issue 34): made, refused when wrong, used by an order (its use and the revenue on the
// Codes page, its discount line on the order's pages), paused and resumed.
test.use({ allowedConsoleErrors: /Failed to load resource: the server responded with a status of 409/ });

test('the owner makes a code, is told what is wrong, sees an order’s use of it and its revenue, and pauses and resumes it', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsOwner(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Codes' }).click();
  await expect(page.getByRole('heading', { name: 'Discount codes', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'New code' });
  const code = `WINTER${Date.now() % 100_000}`;
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Percentage (1–100)').fill('150');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByRole('alert')).toHaveText('A percentage is at most 100.');

  await form.getByLabel('Percentage (1–100)').fill('15');
  await form.getByLabel('Minimum subtotal (lei, optional)').fill('100');
  // From today (Bucharest's) for a month: an order can use it now.
  const today = bucharestDay(new Date());
  await form.getByLabel('Valid from').fill(today);
  await form.getByLabel('Valid until').fill(addDays(today, 30));
  await form.getByLabel('Uses in all (optional)').fill('50');
  await form.getByRole('checkbox', { name: 'Once per customer (by email or phone)' }).check();
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByRole('status')).toHaveText(`Code ${code} created.`);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
  await expect(row).toContainText('15%');
  await expect(row).toContainText('100.00 RON');
  await expect(row).toContainText('0 / 50');
  await expect(row.getByRole('cell', { name: '0.00 RON', exact: true })).toBeVisible();
  await expect(row).toContainText('Running');
  await expectAccessible(page);

  // A guest's cash order uses it, typed in small letters: one use, and the order's total as the code's revenue.
  const placed = await request.post('/api/orders', { data: sampleOrder({ email: `code-${code.toLowerCase()}@example.ro`, discountCode: code.toLowerCase() }) });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id, number, accessToken } = (await placed.json()) as { id: string; number: number; accessToken: string };
  const order = (await (await request.get(`/api/orders/${id}?token=${accessToken}`)).json()) as OrderView;
  expect(order).toMatchObject({ discountCode: code, discount: Math.round((order.subtotal * 15) / 100) });
  expect(order.total).toBe(order.subtotal - order.discount + order.shipping);
  const total = formatMoney(order.total, 'en');
  const discount = `−${formatMoney(order.discount, 'en')}`;
  await page.reload();
  await expect(row).toContainText('1 / 50');
  await expect(row.getByRole('cell', { name: total, exact: true })).toBeVisible();

  // The owner's order page has its discount line between subtotal and shipping; the customer's page has it too.
  await page.goto(`/admin/orders/${id}`);
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByRole('term').nth(0)).toHaveText('Subtotal');
  await expect(items.getByRole('term').nth(1)).toHaveText(`Discount (${code})`);
  await expect(items.getByRole('definition').nth(1)).toHaveText(discount);
  await expect(items.getByRole('term').nth(2)).toHaveText('Shipping');
  await expectAccessible(page);
  await page.goto(`/orders/${id}?token=${accessToken}`);
  const summary = page.getByRole('article', { name: `Order ${number}` });
  await expect(summary.getByRole('listitem').filter({ hasText: `Discount (${code})` })).toContainText(discount);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Codes' }).click();

  // The same code again, in another case: refused.
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Percentage (1–100)').fill('5');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByRole('alert')).toHaveText(`The code ${code} exists already.`);

  await row.getByRole('button', { name: `Pause ${code}` }).click();
  await expect(row).toContainText('Paused');
  await row.getByRole('button', { name: `Resume ${code}` }).click();
  await expect(row).toContainText('Running');

  // On a phone each code is a card (issue 46): its uses, its revenue and Pause on the screen, nothing off to the side.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  const card = page.getByRole('list', { name: 'Discount codes, newest first' }).getByRole('listitem').filter({ hasText: code });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('term')).toHaveText(['Uses', 'Revenue', 'Discount', 'Minimum subtotal', 'Valid', 'Status']);
  await expect(card.getByRole('definition').nth(0)).toHaveText(/^1 \/ 50/);
  await expect(card.getByRole('definition').nth(1)).toHaveText(total);
  const pause = card.getByRole('button', { name: `Pause ${code}` });
  await expect(pause).toBeInViewport({ ratio: 1 });
  await expectAccessible(page);
  await pause.click();
  await expect(card).toContainText('Paused');
});
