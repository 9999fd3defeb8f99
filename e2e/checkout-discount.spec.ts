import type { Browser, Page } from '@playwright/test';
import { CARD_SHOP_PORT } from '../playwright.config';
import { sampleOrder } from '../testing/sampleOrder';
import { addToCart as addFromShop, answeringToInput, cartToPayment, expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

// Discount codes at checkout (issue 34): the owner's codes, entered in the cart or at the payment step, checked by the
// shop, shown as their own line in the totals, free shipping counted after them, refused each with its own message.
// Every spec checks codes from 127.0.0.1: the e2e shops allow 1,000 checks per 10 minutes (DISCOUNT_CHECKS_PER_IP).

// A refused code is a 409 answer, which the browser logs.
test.use({ allowedConsoleErrors: /the server responded with a status of 409/ });
// Whole journeys, each with the owner making a code first: 20–30 s alone, up to 55 s beside other specs on 2 cores.
test.describe.configure({ timeout: 120_000 });

/** A code name no other run or test has. */
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

interface NewCode {
  kind: 'percent' | 'amount';
  /** Whole percent, or bani. */
  value: number;
  minSubtotal?: number;
  usageLimit?: number;
  oncePerContact?: boolean;
}

/** The owner makes a code through the back office's API (signed in in a browser of their own); returns its name. */
async function ownerMakesCode(browser: Browser, baseURL: string, prefix: string, code: NewCode): Promise<string> {
  const context = await browser.newContext({ baseURL });
  try {
    const owner = answeringToInput(await context.newPage());
    await signInAsOwner(owner);
    const name = uniqueCode(prefix);
    const made = await owner.request.post('/api/admin/discount-codes', { data: { code: name, ...code }, headers: { origin: baseURL } });
    expect(made.status(), await made.text()).toBe(201);
    return name;
  } finally {
    await context.close();
  }
}

async function addToCart(page: Page, names: string[]) {
  await addFromShop(page, names);
  await page.getByRole('link', { name: /^Cart, / }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
}

const codeField = (page: Page) => page.getByRole('textbox', { name: 'Discount code' });
const totals = (page: Page) => page.getByRole('main').getByRole('definition');

test('a wrong code changes nothing; a 10% code in the cart is its own line, through to the order', async ({ page, browser, baseURL, request }) => {
  const code = await ownerMakesCode(browser, baseURL!, 'TEN', { kind: 'percent', value: 10 });
  const email = `${code.toLowerCase()}@example.ro`;
  await addToCart(page, ['Dummy Lighter', 'Dummy Lighter', 'Dummy Phone Charger']);
  const before = ['104.97 RON', '19.99 RON', '124.96 RON', '21.69 RON'];
  await expect(totals(page)).toHaveText(before);

  // A code the shop never made: its own message, tied to the field, and the totals as they were.
  const wrong = `NO${code}`;
  await codeField(page).fill(wrong);
  await page.getByRole('button', { name: 'Apply' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toHaveText(`The code ${wrong} is not valid.`);
  await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField(page)).toHaveAccessibleDescription(`The code ${wrong} is not valid.`);
  await expect(totals(page)).toHaveText(before);
  await expectAccessible(page);

  // The right one, typed as people do (small letters, a space) and applied with Enter.
  await codeField(page).fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3).toLowerCase()}`);
  await expect(refusal).toBeHidden();
  await codeField(page).press('Enter');
  const status = page.getByRole('status').filter({ hasText: 'applied' });
  await expect(status).toHaveText(`Code ${code} applied: 10.50 RON off.`);
  const remove = page.getByRole('button', { name: 'Remove code' });
  await expect(remove).toBeFocused();
  await expect(remove).toHaveAccessibleDescription(`Code ${code} applied: 10.50 RON off.`);
  // 104.97 − 10.50 + 19.99; the VAT of the lines and the shipping less the discount's (13.88 + 4.34 + 3.47 − 1.82).
  await expect(page.getByRole('main').getByRole('term')).toHaveText(['Subtotal', `Discount (${code})`, 'Shipping', 'Total', 'of which VAT 21%']);
  await expect(totals(page)).toHaveText(['104.97 RON', '−10.50 RON', '19.99 RON', '114.46 RON', '19.87 RON']);
  await expect(page.getByText('Add 105.53 RON more for free shipping.')).toBeVisible();
  await expectAccessible(page);

  // The totals follow the quantities, and the code stays through a reload.
  await page.getByRole('button', { name: 'Add one more Dummy Phone Charger' }).click();
  await expect(totals(page)).toHaveText(['129.96 RON', '−13.00 RON', '19.99 RON', '136.95 RON', '23.76 RON']);
  await page.reload();
  await expect(status).toHaveText(`Code ${code} applied: 13.00 RON off.`);

  // At the payment step the code is checked again with who orders, and the summary and the obligation are discounted.
  const checked = page.waitForResponse((response) => response.url().endsWith('/api/discounts/check'));
  await cartToPayment(page, { email });
  expect((await checked).status()).toBe(200);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('term')).toHaveText(['Subtotal', `Discount (${code})`, 'Shipping', 'Total', 'of which VAT 21%']);
  await expect(summary.getByRole('definition')).toHaveText(['129.96 RON', '−13.00 RON', '19.99 RON', '136.95 RON', '23.76 RON']);
  await expect(page.getByText('Placing the order obliges you to pay 136.95 RON to the courier on delivery.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order (COD)' })).toHaveAccessibleDescription('Placing the order obliges you to pay 136.95 RON to the courier on delivery.');
  await expectAccessible(page);

  const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order (COD)' }).click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ discountCode: code });
  const { id, number } = await answer.json();
  const confirmation = page.getByRole('dialog', { name: 'Order placed' });
  await expect(confirmation).toContainText(`Order ID: ${id}`);
  const orderLink = await confirmation.getByRole('link', { name: 'See your order' }).getAttribute('href');
  await confirmation.getByRole('button', { name: 'OK' }).click();

  // The order's page shows the discount's line and the discounted total; the order stored what the cart showed.
  await page.goto(orderLink!);
  const order = page.getByRole('article', { name: `Order ${number}` });
  await expect(order.getByRole('listitem').filter({ hasText: `Discount (${code})` })).toHaveText(`Discount (${code})−13.00 RON`);
  await expect(order).toContainText('136.95 RON');
  await expectAccessible(page);
  const stored = await (await request.get(`/api/orders/${id}?email=${email}`)).json();
  expect(stored).toMatchObject({ subtotal: 12996, discount: 1300, discountCode: code, shipping: 1999, total: 13695 });

  // The next checkout starts without a code.
  await addToCart(page, ['Dummy Marker']);
  await expect(codeField(page)).toHaveValue('');
  await expect(page.getByRole('main').getByRole('term')).toHaveText(['Subtotal', 'Shipping', 'Total', 'of which VAT 21%']);
});

test('a once-per-customer code used before: only the order that contact places is refused for it, and goes through without it', async ({ page, browser, baseURL, request }, testInfo) => {
  const code = await ownerMakesCode(browser, baseURL!, 'ONE', { kind: 'percent', value: 10, oncePerContact: true });
  const email = `${code.toLowerCase()}@example.ro`;
  const before = await request.post('/api/orders', { data: sampleOrder({ email, discountCode: code }) });
  expect(before.status(), await before.text()).toBe(201);

  // Checking the code tells no one whether a person used it (issue 48): the cart and the payment step take it.
  await addToCart(page, ['Dummy Marker']);
  await codeField(page).fill(code);
  await codeField(page).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'applied' })).toHaveText(`Code ${code} applied: 4.00 RON off.`);
  await cartToPayment(page, { email });
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('definition')).toHaveText(['39.99 RON', '4.00 RON', '19.99 RON', '55.98 RON', '9.72 RON'].map((text, index) => (index === 1 ? `−${text}` : text)));

  // Placed by the contact that used it: refused for the code, which is taken off; placed again, it goes without it.
  await page.getByRole('button', { name: 'Place Order (COD)' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(`You have already used the code ${code}.`);
  await expect(alert).toContainText('Your order was not placed. The code was taken off: check the new total below and place the order again to order without it.');
  await expect(summary.getByRole('definition')).toHaveText(['39.99 RON', '19.99 RON', '59.98 RON', '10.41 RON']);
  await expect(page.getByText('Placing the order obliges you to pay 59.98 RON to the courier on delivery.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('payment-already-used.png'), fullPage: true });
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order (COD)' }).click();
  expect((await placed).status()).toBe(201);
  await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
});

test('free shipping counts the subtotal after a sum off; below its minimum the code waits, and it can be removed', async ({ page, browser, baseURL }) => {
  const code = await ownerMakesCode(browser, baseURL!, 'LEI20', { kind: 'amount', value: 2000, minSubtotal: 20000 });
  // 4 × 24.99 + 64.99 + 39.99 = 204.94: ships free.
  await addToCart(page, ['Dummy Phone Charger', 'Dummy Phone Charger', 'Dummy Phone Charger', 'Dummy Phone Charger', 'Dummy Car Key', 'Dummy Marker']);
  await expect(totals(page)).toHaveText(['204.94 RON', 'Free', '204.94 RON', '35.57 RON']);
  await expect(page.getByText('Your order ships free.')).toBeVisible();

  await codeField(page).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'applied' })).toHaveText(`Code ${code} applied: 20.00 RON off.`);
  // 184.94 after the discount is below 200: shipping is charged again (204.94 − 20.00 + 19.99).
  await expect(totals(page)).toHaveText(['204.94 RON', '−20.00 RON', '19.99 RON', '204.93 RON', '35.57 RON']);
  await expect(page.getByText('Add 15.06 RON more for free shipping.')).toBeVisible();

  // Below the code's minimum (179.95) it takes nothing off, and says why; back above it, it applies again.
  await page.getByRole('button', { name: 'Remove one Dummy Phone Charger' }).click();
  await expect(page.getByRole('status').filter({ hasText: code })).toHaveText(`The code ${code} is for orders of at least 200.00 RON before shipping.`);
  await expect(totals(page)).toHaveText(['179.95 RON', '19.99 RON', '199.94 RON', '34.70 RON']);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add one more Dummy Phone Charger' }).click();
  await expect(totals(page)).toHaveText(['204.94 RON', '−20.00 RON', '19.99 RON', '204.93 RON', '35.57 RON']);

  // Removed with the keyboard: the field comes back with focus, the totals as they were.
  await page.getByRole('button', { name: 'Remove code' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: code })).toHaveText(`Code ${code} removed.`);
  await expect(codeField(page)).toBeFocused();
  await expect(totals(page)).toHaveText(['204.94 RON', 'Free', '204.94 RON', '35.57 RON']);
});

test('a code used up by another order meanwhile: the order is refused for it and goes through without it; later checkouts are refused', async ({ page, browser, baseURL, request }, testInfo) => {
  const code = await ownerMakesCode(browser, baseURL!, 'ONCE', { kind: 'percent', value: 15, usageLimit: 1 });
  await addToCart(page, ['Dummy Car Key']);
  await codeField(page).fill(code);
  await codeField(page).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'applied' })).toHaveText(`Code ${code} applied: 9.75 RON off.`);
  await cartToPayment(page, { email: `${code.toLowerCase()}@example.ro` });
  const summary = page.getByRole('region', { name: 'Order summary' });
  // 64.99 − 9.75 + 19.99
  await expect(summary.getByRole('definition').nth(3)).toHaveText('75.23 RON');

  // Someone else's order takes the code's one use while this customer reads the payment step.
  const other = await request.post('/api/orders', { data: sampleOrder({ email: `other.${code.toLowerCase()}@example.ro`, discountCode: code }) });
  expect(other.status(), await other.text()).toBe(201);

  await page.getByRole('button', { name: 'Place Order (COD)' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(`The code ${code} has been used up.`);
  await expect(alert).toContainText('Your order was not placed. The code was taken off: check the new total below and place the order again to order without it.');
  // Nothing else changed: the same summary without the discount, the obligation at the full total, the order possible.
  await expect(summary.getByRole('term')).toHaveText(['Subtotal', 'Shipping', 'Total', 'of which VAT 21%']);
  await expect(summary.getByRole('definition')).toHaveText(['64.99 RON', '19.99 RON', '84.98 RON', '14.75 RON']);
  await expect(page.getByText('Placing the order obliges you to pay 84.98 RON to the courier on delivery.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('payment-order-refused.png'), fullPage: true });

  const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order (COD)' }).click();
  const answer = await placed;
  expect(answer.status()).toBe(201);
  expect(JSON.parse(answer.request().postData() ?? '{}')).not.toHaveProperty('discountCode');
  await expect(page.getByRole('dialog', { name: 'Order placed' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Order placed' }).getByRole('button', { name: 'OK' }).click();

  // A later checkout: the code is refused in the cart, with its own message, and the totals stay.
  await addToCart(page, ['Dummy Marker']);
  await codeField(page).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText(`The code ${code} has been used up.`);
  await expect(totals(page)).toHaveText(['39.99 RON', '19.99 RON', '59.98 RON', '10.41 RON']);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the code field, its refusal and the discounted totals fit the screen', async ({ page, browser, baseURL }, testInfo) => {
    const code = await ownerMakesCode(browser, baseURL!, 'PHONE', { kind: 'percent', value: 10 });
    await addToCart(page, ['Dummy Lighter', 'Dummy Car Key']);

    // Not a code at all: refused on the spot, as the shop would.
    await codeField(page).fill('x!');
    await codeField(page).press('Enter');
    await expect(page.getByRole('alert')).toHaveText('The code X! is not valid.');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('phone-cart-refused.png'), fullPage: true });

    await codeField(page).fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'applied' })).toHaveText(`Code ${code} applied: 10.50 RON off.`);
    await expect(totals(page)).toHaveText(['104.98 RON', '−10.50 RON', '19.99 RON', '114.47 RON', '19.87 RON']);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('phone-cart-applied.png'), fullPage: true });

    await cartToPayment(page, { email: `${code.toLowerCase()}@example.ro` });
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(`Discount (${code})`);
    await expect(page.getByText('Placing the order obliges you to pay 114.47 RON to the courier on delivery.')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('phone-payment.png'), fullPage: true });
  });
});

test.describe('by card', () => {
  const CARD_SHOP = `http://127.0.0.1:${CARD_SHOP_PORT}`;
  test.use({ baseURL: CARD_SHOP });

  test('a discounted card order is charged its discounted total on Stripe’s page, and is paid with its discount', async ({ page, browser }) => {
    const code = await ownerMakesCode(browser, CARD_SHOP, 'CARD', { kind: 'amount', value: 1000 });
    // 39.99 + 39.99 = 79.98 lei, 10.00 off, 19.99 shipping: 89.97 lei.
    await addToCart(page, ['Dummy Lighter', 'Dummy Marker']);
    await codeField(page).fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`Code ${code} applied: 10.00 RON off.`)).toBeVisible();
    await cartToPayment(page, { email: `card-code-${Date.now()}@example.ro` });
    await page.getByRole('radio', { name: /Card/ }).check();
    await page.getByRole('button', { name: 'Pay with Card' }).click();

    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await expect(page.getByText('Total 8997 ron')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    // The success page asks the shop, which asks Stripe: on a loaded machine more than expect's 5 s.
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('link', { name: 'See your order' }).click();
    const order = page.getByRole('article', { name: /^Order 1\d{4}$/ });
    await expect(order).toContainText('Paid');
    await expect(order).toContainText(`Discount (${code})`);
    await expect(order).toContainText('89.97 RON');
    await expectAccessible(page);
  });
});
