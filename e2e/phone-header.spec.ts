import type { Page } from '@playwright/test';
import { OWNER } from '../playwright.config';
import { sampleOrder } from '../testing/sampleOrder';
import { addToCart, expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, signUp, test, typeOwnerCode } from './fixtures';

// Issue 46: on the commonest phone widths the header keeps the logo, the language and the cart in view, for a guest, a
// signed-in customer and the owner; the account folds into one button.

const WIDTHS = [320, 360, 375] as const;

/** The cart link lies inside the viewport, whole, and the page does not scroll sideways. */
async function cartInReach(page: Page, width: number) {
  const cart = page.getByRole('banner').locator('a[href="/checkout"]');
  await expect(cart).toBeVisible();
  const box = (await cart.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Secret Stash' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('banner').getByRole('button', { name: /^(Română|English)$/ })).toBeInViewport({ ratio: 1 });
  await expectNoHorizontalScroll(page);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('a guest has the cart in reach, with its count, and signs in from the account button', async ({ page }) => {
      await page.goto('/shop');
      await addToCart(page, ['Dummy Car Key']);
      await cartInReach(page, width);
      await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName(/1 item/);
      await expectAccessible(page);
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('a signed-in customer has the cart in reach, and My orders and Sign out in the account menu', async ({ page }) => {
      await signUp(page, `phone-${width}-${Date.now()}@example.ro`);
      await cartInReach(page, width);
      const account = page.getByRole('banner').getByRole('button', { name: 'My account' });
      await expect(account).toHaveAttribute('aria-expanded', 'false');
      await account.click();
      await expect(account).toHaveAttribute('aria-expanded', 'true');
      const myOrders = page.getByRole('banner').getByRole('link', { name: 'My orders' });
      await expect(myOrders).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('banner').getByRole('link', { name: 'Back office' })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      // Escape closes it, focus back on its button; My orders opens the page and closes it.
      await page.keyboard.press('Escape');
      await expect(myOrders).toHaveCount(0);
      await expect(account).toBeFocused();
      await account.click();
      await myOrders.click();
      await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
      await expect(account).toHaveAttribute('aria-expanded', 'false');
      await account.click();
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    });

    test('in Romanian (its longer words), a guest and then a signed-in customer have the cart in reach', async ({ page }) => {
      await page.goto('/shop');
      await page.getByRole('banner').getByRole('button', { name: 'Română' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Autentificare' })).toBeAttached();
      await cartInReach(page, width);
      const email = `telefon-${width}-${Date.now()}@example.ro`;
      const signedUp = await page.request.post('/api/auth/sign-up/email', { data: { email, password: 'secret123', name: 'telefon' }, headers: { origin: new URL(page.url()).origin } });
      expect(signedUp.status()).toBe(200);
      await page.goto('/shop');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Contul meu' })).toBeVisible();
      await cartInReach(page, width);
      await expectAccessible(page);
    });

    test('the owner has the cart in reach, and the back office in the account menu', async ({ page }) => {
      await signInAsOwner(page);
      await page.goto('/shop');
      await cartInReach(page, width);
      await page.getByRole('banner').getByRole('button', { name: 'My account' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Back office' })).toBeInViewport({ ratio: 1 });
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await page.getByRole('banner').getByRole('link', { name: 'Back office' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      // The back office at this width too: the orders waiting, no sideways scroll, clean for axe.
      await expect(page.getByRole('heading', { name: 'Waiting for you', level: 2 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Visitors', exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
    });
  });
}

test('after signing in, the owner lands on the back office; a customer on the home page', async ({ page, browser, baseURL }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await typeOwnerCode(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

  const customer = await browser.newContext({ baseURL });
  try {
    const shopper = await customer.newPage();
    const email = `lands-${Date.now()}@example.ro`;
    await signUp(shopper, email);
    await shopper.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await shopper.goto('/login');
    await shopper.getByLabel('Email').fill(email);
    await shopper.getByLabel('Password', { exact: true }).fill('secret123');
    await shopper.getByRole('button', { name: 'Sign In' }).click();
    await expect(shopper).toHaveURL(/\/$/);
  } finally {
    await customer.close();
  }
});

test.describe('the back office on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('says at its top that the company details are still the example ones, naming the settings to change', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    const note = page.getByText('The shop still shows the example company.');
    await expect(note).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      'Set COMPANY_NAME, COMPANY_CUI, COMPANY_REG_NO, COMPANY_ADDRESS, COMPANY_EMAIL, COMPANY_PHONE in the shop’s settings (docs/configuration.md) before you sell',
    );
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test('an order’s page puts the customer’s Call in the first two screens, and writes each line as a sum', async ({ page, request }) => {
    const placed = await request.post('/api/orders', { data: sampleOrder({ lines: [{ productId: '2', quantity: 1 }] }) });
    expect(placed.status()).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    await signInAsOwner(page);
    await page.goto(`/admin/orders/${id}`);
    const call = page.getByRole('link', { name: 'Call', exact: true });
    await expect(call).toHaveAttribute('href', 'tel:+40712345678');
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/40712345678');
    const box = (await call.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(2 * 740);
    await expect(page.getByRole('region', { name: 'Items' })).toContainText('1 × 64.99 RON = 64.99 RON');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test('the orders come first, as cards tappable whole; the first inside the first screen', async ({ page, request }) => {
    const placed = await request.post('/api/orders', { data: sampleOrder({ lines: [{ productId: '2', quantity: 1 }] }) });
    const { id, number } = (await placed.json()) as { id: string; number: number };
    await signInAsOwner(page);
    await page.goto('/admin');
    const cards = page.getByRole('list', { name: 'Orders' });
    const first = cards.getByRole('listitem').first();
    await expect(first).toBeVisible();
    const box = (await first.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    const card = cards.getByRole('link', { name: new RegExp(`^Order ${number}`) });
    await expect(card).toContainText('84.98 RON');
    await expect(card).toContainText('Pending');
    await expect(page.getByRole('table', { name: 'Orders, newest first' })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${id}$`));
  });
});
