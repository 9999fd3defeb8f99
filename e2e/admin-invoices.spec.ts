import type { APIRequestContext } from '@playwright/test';
import { sampleOrder } from '../testing/sampleOrder';
import { confirmAndShip, expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

/** A guest's cash order through the shop's API, as the checkout places it. */
async function placeOrder(request: APIRequestContext) {
  const response = await request.post('/api/orders', { data: sampleOrder({ lines: [{ productId: '2', quantity: 1 }] }) });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; number: number; accessToken: string };
}

test('the owner ships an order: its invoice appears with its number, checked for e-Factura, its PDF opens, and the customer’s order page links it', async ({ page, request }) => {
  test.setTimeout(60_000);
  const order = await placeOrder(request);
  await signInAsOwner(page);
  await page.goto(`/admin/orders/${order.id}`);
  await confirmAndShip(page, 'AWB-E2E-INVOICE');

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: String(order.number), exact: true }) });
  await expect(row.getByRole('rowheader')).toHaveText(/^SST-\d{4,}$/);
  const number = (await row.getByRole('rowheader').textContent())!;
  // Checked for e-Factura within seconds of being issued (the background check runs every 5 s).
  await expect(async () => {
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(row.getByRole('cell', { name: 'Valid', exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expectAccessible(page);

  const pdfLink = row.getByRole('link', { name: `PDF of invoice ${number}` });
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const xml = await page.request.get((await row.getByRole('link', { name: `e-Factura XML of invoice ${number}` }).getAttribute('href'))!);
  expect(await xml.text()).toContain(`<cbc:ID>${number}</cbc:ID>`);

  // Another month has none.
  await page.getByRole('textbox', { name: 'Month', exact: true }).fill('2001-01');
  await expect(page.getByRole('status').filter({ hasText: 'No invoices this month.' })).toBeVisible();

  // The order's page shows it too.
  await page.goto(`/admin/orders/${order.id}`);
  const invoices = page.getByRole('table', { name: `Invoices and credit notes of order ${order.number}` });
  await expect(invoices.getByRole('rowheader', { name: number })).toBeVisible();

  // The customer's order page (the signed link of their mails) links the PDF, which opens with that link alone.
  await page.goto(`/orders/${order.id}?token=${order.accessToken}`);
  const customerPdf = page.getByRole('link', { name: `Invoice ${number} (PDF)` });
  await expect(customerPdf).toBeVisible();
  await expectAccessible(page);
  const opened = await request.get((await customerPdf.getAttribute('href'))!);
  expect(opened.status()).toBe(200);
  expect((await opened.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('on a 375 px phone, the invoices page fits the screen and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsOwner(page);
  await page.goto('/admin/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /this month/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
