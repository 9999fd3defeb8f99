import type { Browser, Page, Request } from '@playwright/test';
import { ADMIN_PRODUCTS_SHOP_PORT } from '../playwright.config';
import { answeringToInput, expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, signInOwnerByApi, test } from './fixtures';
import { caughtMail, linkOf } from './mails';

// Reminders only with consent (decision 0045). The back office's products shop: its products and stock are changed
// here without reaching the storefront specs' shop, and its cart reminders are due 3.6 s after the last change
// (CART_REMINDER_HOURS=0.001 in playwright.config.ts). Its mails are written as files under its DATA_DIR.
const ORIGIN = `http://127.0.0.1:${ADMIN_PRODUCTS_SHOP_PORT}`;
const MAIL_FOLDER = 'test-results/e2e-admin-products-data/mail';
test.use({ baseURL: ORIGIN, viewport: { width: 375, height: 740 } });

/** The owner, signed in through the API in a browser context of their own. */
async function ownerContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 375, height: 740 } });
  await signInOwnerByApi(context.request, ORIGIN);
  return context;
}

async function createProduct(owner: Awaited<ReturnType<typeof ownerContext>>, product: object): Promise<{ id: string; slug: string }> {
  const answer = await owner.request.post('/api/admin/products', { data: { description: 'Made for the reminders spec.', active: true, ...product }, headers: { origin: ORIGIN } });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { product: { id: string; slug: string } }).product;
}

async function changeProduct(owner: Awaited<ReturnType<typeof ownerContext>>, id: string, change: object) {
  const answer = await owner.request.patch(`/api/admin/products/${id}`, { data: change, headers: { origin: ORIGIN } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Everything the page sends: each request's address and body. */
function sentBy(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request: Request) => sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`));
  return sent;
}

test('a cart reminder only when ticked: its one mail’s link rebuilds the cart at today’s price, without the line sold out since', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const owner = await ownerContext(browser);
  const wallet = await createProduct(owner, { name: `Reminder Wallet ${stamp}`, price: 4999 });
  const pen = await createProduct(owner, { name: `Reminder Pen ${stamp}`, price: 1999, stock: 5 });
  const email = `reminder-${stamp}@example.ro`;

  const sent = sentBy(page);
  for (const product of [wallet, pen]) {
    await page.goto(`/shop/${product.slug}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  }
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Continue to Email' }).click();
  const box = page.getByRole('checkbox', { name: 'Send me a link to my cart if I don’t finish my order' });
  await expect(box).not.toBeChecked();
  await page.getByLabel('Email address').fill(email);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  // Unticked: the address goes nowhere (the consent is sent 0.8 s after typing settles; waited for well past that).
  await page.waitForTimeout(2_000);
  expect(sent.filter((line) => line.includes(email) || line.includes(encodeURIComponent(email)))).toEqual([]);

  const recorded = page.waitForResponse((answer) => answer.url().endsWith('/api/cart-reminders') && answer.request().method() === 'POST');
  await box.check();
  expect((await recorded).status()).toBe(200);
  expect(sent.filter((line) => line.includes(email))).toHaveLength(1);

  // Meanwhile the owner raises the wallet's price and the pen sells out.
  await changeProduct(owner, wallet.id, { price: 5999 });
  await changeProduct(owner, pen.id, { stock: 0 });
  await owner.close();

  const mail = await caughtMail(email, /^Your cart at .+ is waiting$/, MAIL_FOLDER);
  expect(mail.text).toContain(`Reminder Wallet ${stamp} × 1`);
  expect(mail.text).not.toMatch(/\d+\.\d\d RON/);
  const link = linkOf(mail, 'Back to my cart');
  expect(new URL(link).searchParams.get('utm_source')).toBe('reminder');
  expect(new URL(link).searchParams.get('utm_campaign')).toBe('cart');

  // Opened where the cart is empty (another browser): the cart comes back at today's price.
  const shopper = answeringToInput(await (await browser.newContext({ baseURL: ORIGIN, viewport: { width: 375, height: 740 } })).newPage());
  await shopper.goto(link);
  await expect(shopper.getByRole('heading', { name: 'Your cart', level: 1 })).toBeVisible();
  await expect(shopper.getByRole('status')).toHaveText('Your products are back in your cart, at today’s prices.');
  await expect(shopper.getByRole('listitem').filter({ hasText: `Reminder Wallet ${stamp} × 1` })).toContainText('59.99 RON');
  await expect(shopper.getByText(`Reminder Pen ${stamp} is sold out and was left out.`)).toBeVisible();
  await expectNoHorizontalScroll(shopper);
  await expectAccessible(shopper);
  await shopper.getByRole('link', { name: 'Go to checkout' }).click();
  const line = shopper.getByRole('listitem').filter({ hasText: `Reminder Wallet ${stamp}` });
  await expect(line).toContainText('59.99 RON');
  await expect(shopper.getByRole('listitem').filter({ hasText: `Reminder Pen ${stamp}` })).toHaveCount(0);
  await shopper.context().close();
});

test('Notify me on a sold-out colour: confirmed from its mail, mailed once the owner restocks it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `Notify Lamp ${stamp}`;
  const owner = await ownerContext(browser);
  const lamp = await createProduct(owner, {
    name,
    price: 2999,
    colourOptions: [
      { name: 'Amber', available: true },
      { name: 'Teal', available: true, stock: 0 },
    ],
  });
  const email = `notify-${stamp}@example.ro`;

  await page.goto(`/shop/${lamp.slug}`);
  await expect(page.getByRole('radio', { name: /^Teal/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Notify me' }).click();
  const form = page.getByRole('form', { name: 'Notify me when it is back' });
  await form.getByLabel('Email').fill(email);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Notify me (Teal)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Almost done' })).toBeVisible();

  const confirmation = await caughtMail(email, `Confirm: tell me when ${name} (Teal) is back`, MAIL_FOLDER);
  await page.goto(linkOf(confirmation, 'Confirm'));
  await expect(page.getByRole('heading', { name: 'Notify me when it is back', level: 1 })).toBeVisible();
  await expect(page.getByText(`${name} (Teal): confirm, and we email you once when it is back in stock.`)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status')).toHaveText(`Confirmed. We will email you once when ${name} (Teal) is back in stock.`);
  await expectAccessible(page);

  // The owner restocks the colour in the product form.
  const admin = answeringToInput(await owner.newPage());
  await signInAsOwner(admin);
  await admin.goto(`/admin/products/${lamp.id}`);
  await expect(admin.getByText('Waiting for it to be back in stock (Notify me, confirmed): Teal: 1')).toBeVisible();
  await admin.getByLabel('Colour 2 stock').fill('3');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expectAccessible(admin);

  const back = await caughtMail(email, `${name} (Teal) is back in stock`, MAIL_FOLDER);
  const link = new URL(linkOf(back, 'See it in the shop'));
  expect(link.pathname).toBe(`/shop/${lamp.slug}`);
  expect(Object.fromEntries(link.searchParams)).toEqual({ utm_source: 'back-in-stock', utm_medium: 'email' });
  await page.goto(link.toString());
  await expect(page.getByRole('radio', { name: /^Teal/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Notify me' })).toHaveCount(0);
  // Mailed, the subscription has ended: the owner's form no longer counts it.
  await admin.reload();
  await expect(admin.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(admin.getByText(/Waiting for it to be back in stock/)).toHaveCount(0);
  await owner.close();
});
