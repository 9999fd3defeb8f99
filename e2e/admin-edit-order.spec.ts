import type { Page } from '@playwright/test';
import { sampleOrder } from '../testing/sampleOrder';
import { expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

// The owner edits an order until its AWB exists (issue 47), on a phone: a colour and a quantity changed, the stock, the
// totals and the AWB form following; an edit from a tab opened before the AWB is refused, saying to cancel the AWB.
test.use({ viewport: { width: 375, height: 740 }, allowedConsoleErrors: /Failed to load resource: the server responded with a status of 409/ });

const SEEDED_COLOURS = [
  { name: 'Black', available: true, stock: null },
  { name: 'Red', available: false, stock: null },
  { name: 'Blue', available: false, stock: null },
];

async function product(page: Page, id: string) {
  return ((await (await page.request.get(`/api/admin/products/${id}`)).json()) as { product: { stock: number | null; colourOptions: { name: string; stock: number | null }[] } }).product;
}

test('the owner edits an order’s colour and quantity; stock, totals and the AWB form follow; an edit after the AWB is refused', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signInAsOwner(page);
  const patch = (id: string, data: object) => page.request.patch(`/api/admin/products/${id}`, { data, headers: { origin: baseURL! } });
  expect((await patch('3', { stock: 10 })).status()).toBe(200);
  expect((await patch('1', { colourOptions: [SEEDED_COLOURS[0], { name: 'Red', available: true, stock: 4 }, SEEDED_COLOURS[2]] })).status()).toBe(200);
  try {
    const placed = await page.request.post('/api/orders', {
      data: sampleOrder({
        email: `edit-${Date.now()}@example.ro`,
        lines: [
          { productId: '1', quantity: 1, colour: 'Black' },
          { productId: '3', quantity: 1 },
        ],
      }),
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    expect((await product(page, '3')).stock).toBe(9);

    await page.goto(`/admin/orders/${id}`);
    const section = page.getByRole('region', { name: 'Edit the order' });
    await section.getByRole('button', { name: 'Edit order' }).click();
    const form = page.getByRole('form', { name: /^Edit order \d+$/ });
    await form.getByRole('group', { name: 'Product 1' }).getByRole('combobox', { name: 'Colour' }).selectOption('Red');
    await form.getByRole('group', { name: 'Product 2' }).getByRole('textbox', { name: 'Quantity' }).fill('3');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // A tab the owner left open on the order, its edit form open, before the AWB.
    const stale = await browser.newPage({ baseURL, viewport: { width: 375, height: 740 }, storageState: await page.context().storageState() });
    await stale.goto(`/admin/orders/${id}`);
    await stale.getByRole('region', { name: 'Edit the order' }).getByRole('button', { name: 'Edit order' }).click();

    await form.getByRole('button', { name: 'Save changes' }).click();
    // A lighter in red and three belts, 159.96 RON: below free shipping (200 RON), so 19.99 RON of delivery.
    await expect(section.getByRole('status')).toHaveText('Order updated: it now comes to 179.95 RON. The customer was mailed.');
    const items = page.getByRole('region', { name: 'Items' });
    await expect(items).toContainText('Red');
    await expect(items).toContainText('179.95 RON');
    expect((await product(page, '3')).stock).toBe(7);
    expect((await product(page, '1')).colourOptions.find((option) => option.name === 'Red')!.stock).toBe(3);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
      'Edited: Dummy Lighter (Black) removed; Belt with Secret Compartment 1 → 3; Dummy Lighter (Red) + 1; total 99.97 RON → 179.95 RON',
    );

    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Status: Confirmed')).toBeVisible();
    const awb = page.getByRole('form', { name: 'Create AWB' });
    await expect(awb.getByText('The courier collects 179.95 RON from the customer', { exact: false })).toBeVisible();
    await awb.getByRole('button', { name: 'Create AWB' }).click();
    await expect(page.getByText('Status: Shipped')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Edit the order' })).toHaveCount(0);

    // The tab opened before the AWB: its edit is refused, saying what to do, and it shows the order as it now is.
    const staleForm = stale.getByRole('form', { name: /^Edit order \d+$/ });
    await staleForm.getByRole('group', { name: 'Product 2' }).getByRole('textbox', { name: 'Quantity' }).fill('2');
    await staleForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(stale.getByRole('region', { name: 'Edit the order' }).getByRole('alert')).toHaveText('This order has an AWB: cancel the AWB first, then edit the order.');
    await expect(stale.getByText('Status: Shipped')).toBeVisible();
    expect((await product(page, '3')).stock).toBe(7);
    await stale.close();
  } finally {
    await patch('3', { stock: null });
    await patch('1', { colourOptions: SEEDED_COLOURS });
  }
});
