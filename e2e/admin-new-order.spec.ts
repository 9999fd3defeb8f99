import { CARD_SHOP_PORT, CARD_SMTP_CONTROL_PORT } from '../playwright.config';
import { expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';
import { linkOf, smtpMail } from './mails';

// The owner takes an order by phone (issue 47), on a phone: New order, by the storefront's rules, then shipped with an
// AWB like any order. The refusals the server answers (a code that does not exist) are said on the form.
test.use({ viewport: { width: 375, height: 740 }, allowedConsoleErrors: /Failed to load resource: the server responded with a status of (404|409)/ });

test('the owner takes a phone order with a discount code and ships it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signInAsOwner(page);
  const code = `PHONE${Date.now() % 100_000}`;
  const made = await page.request.post('/api/admin/discount-codes', {
    data: { code, kind: 'percent', value: 10, minSubtotal: null, validFrom: null, validTo: null, usageLimit: null, oncePerContact: false },
    headers: { origin: baseURL! },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  const first = page.getByRole('group', { name: 'Product 1' });
  await first.getByRole('combobox', { name: 'Product' }).selectOption({ label: 'Dummy Lighter · 39.99 RON' });
  await first.getByRole('combobox', { name: 'Colour' }).selectOption('Black');
  await first.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add a product' }).click();
  await page.getByRole('group', { name: 'Product 2' }).getByRole('combobox', { name: 'Product' }).selectOption({ label: 'Dummy Marker · 39.99 RON' });
  await expect(page.getByText('Products 119.97 RON · shipping 19.99 RON · total 139.96 RON, before a code')).toBeVisible();
  await page.getByRole('textbox', { name: 'Discount code (optional)' }).fill('NOSUCHCODE');
  await page.getByRole('textbox', { name: 'Email address' }).fill(`phone-order-${Date.now()}@example.ro`);
  for (const [label, value] of Object.entries({
    'First name': 'Ioana',
    'Last name': 'Marin',
    City: 'Cluj-Napoca',
    Street: 'Strada Memorandumului',
    'Street number': '28',
    'Postal code': '400114',
    'Phone number': '0712 345 679',
  }))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('combobox', { name: 'County' }).selectOption({ label: 'Cluj' });
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  // A code that does not exist is the server's refusal, said on the form; nothing is placed.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('The code NOSUCHCODE is not valid.');
  await expect(page).toHaveURL(/\/admin\/orders\/new$/);

  await page.getByRole('textbox', { name: 'Discount code (optional)' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Status: Pending')).toBeVisible();
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByRole('term').nth(1)).toHaveText(`Discount (${code})`);
  // 10% of 119.97 RON off; shipping is still paid below the free-shipping threshold.
  await expect(items).toContainText('−12.00 RON');
  await expect(items).toContainText('127.96 RON');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(/owner/i);

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Status: Confirmed')).toBeVisible();
  const awb = page.getByRole('form', { name: 'Create AWB' });
  await expect(awb.getByText('The courier collects 127.96 RON from the customer', { exact: false })).toBeVisible();
  await awb.getByRole('button', { name: 'Create AWB' }).click();
  await expect(page.getByText('Status: Shipped')).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page);
});

test.describe('where the shop takes cards', () => {
  test.use({ baseURL: `http://127.0.0.1:${CARD_SHOP_PORT}` });

  test('the owner takes a phone order paid by a card pay link: the customer pays from the mail, and the order is paid with nothing to collect', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await signInAsOwner(page);
    await page.goto('/admin/orders/new');
    const first = page.getByRole('group', { name: 'Product 1' });
    await first.getByRole('combobox', { name: 'Product' }).selectOption({ label: 'Dummy Marker · 39.99 RON' });
    await first.getByRole('textbox', { name: 'Quantity' }).fill('2');
    const email = `pay-link-${Date.now()}@example.ro`;
    await page.getByRole('textbox', { name: 'Email address' }).fill(email);
    for (const [label, value] of Object.entries({
      'First name': 'Radu',
      'Last name': 'Ilie',
      City: 'Iași',
      Street: 'Strada Lăpușneanu',
      'Street number': '7',
      'Postal code': '700057',
      'Phone number': '0745 123 456',
    }))
      await page.getByRole('textbox', { name: label, exact: true }).fill(value);
    await page.getByRole('combobox', { name: 'County' }).selectOption({ label: 'Iași' });
    await page.getByRole('radio', { name: 'Card: mail the customer a pay link (the products are kept 3 days)' }).check();
    await page.getByRole('combobox', { name: 'Language of the customer’s mails' }).selectOption('en');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Status: Awaiting payment')).toBeVisible();
    const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(/\D/g, '');

    // The customer's mail, as SMTP delivered it: the order, its sum and the link to pay it.
    const mail = await smtpMail(`http://127.0.0.1:${CARD_SMTP_CONTROL_PORT}`, email, `Order ${number}: pay by card`);
    expect(mail.text).toContain(`here is order ${number} as we agreed: 99.97 RON with delivery.`);
    const link = linkOf(mail, 'Pay 99.97 RON by card');
    const customer = await browser.newPage({ baseURL, viewport: { width: 375, height: 740 } });
    try {
      await customer.goto(link);
      await expect(customer.getByRole('heading', { name: 'Pay your order by card', level: 1 })).toBeVisible();
      await expectAccessible(customer);
      await customer.getByRole('button', { name: 'Pay 99.97 RON by card' }).click();
      await expect(customer.getByText('Total 9997 ron')).toBeVisible();
      await customer.getByRole('button', { name: 'Pay' }).click();
      await expect(customer.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    } finally {
      await customer.close();
    }

    await page.reload();
    await expect(page.getByText('Status: Paid')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Paid by card from the pay link mailed to the customer');
    await expect(page.getByRole('form', { name: 'Create AWB' })).toContainText('Paid by card: the courier collects nothing.');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
});
