import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN_PRODUCTS_SHOP_PORT } from '../playwright.config';
import { sampleOrder } from '../testing/sampleOrder';
import { answeringToInput, cartToPayment, expect, expectAccessible, expectNoHorizontalScroll, holdRequests, interactive, signInAsOwner, signInOwnerByApi, test } from './fixtures';

/** The server's 409 for an address another product has, as the English back office shows it. */
const SLUG_TAKEN = 'Another product already has this address.';
/** The form's refusal of a typed address, as the English back office shows it. */
const SLUG_REFUSED = 'Use lowercase letters, digits and hyphens for the address.';

// A shop of its own: the prices and stock changed here never reach the storefront specs' shop.
const ORIGIN = `http://127.0.0.1:${ADMIN_PRODUCTS_SHOP_PORT}`;
test.use({ baseURL: ORIGIN });

/** A shopper in a browser of their own (no owner session). */
async function shopperPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: ORIGIN });
  return answeringToInput(await context.newPage());
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

test('the owner changes a price, sells out a product and adds a picture; the storefront shows each on its next load', async ({ page, browser }) => {
  await signInAsOwner(page);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  const markerRow = page.getByRole('row', { name: /Dummy Marker/ });
  await expect(markerRow).toContainText('39.99 RON');
  await expect(markerRow).toContainText('Not counted');
  await expect(markerRow).toContainText('Shown');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Dummy Marker' }).click();
  await expect(page.getByRole('heading', { name: 'Dummy Marker', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Price (RON)', { exact: true })).toHaveValue('39.99');
  await expectAccessible(page);

  // A mistake first: the form says what is wrong and saves nothing.
  await page.getByLabel('Price (RON)', { exact: true }).fill('34,555');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('Price must be an amount in RON, like 39.99.');

  await page.getByLabel('Price (RON)', { exact: true }).fill('34,50');
  await page.getByLabel('Stock', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const history = page.getByRole('table').last();
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history.getByRole('row').nth(1)).toContainText('34.50 RON');
  await expect(history.getByRole('row').nth(2)).toContainText('39.99 RON');
  await expect(history.getByRole('row').nth(3)).toContainText('59.99 RON');
  // The reduction is measured from the lowest price of the 30 days before 34.50 started (39.99), not from 59.99.
  await expect(page.getByText('The shop shows 39.99 RON struck through and −14%')).toBeVisible();

  const shopper = await shopperPage(browser);
  await shopper.goto('/shop');
  const marker = card(shopper, 'Dummy Marker');
  await expect(marker).toContainText('34.50 RON');
  await expect(marker.locator('s')).toHaveText('Was 39.99 RON');
  await expect(marker.getByText('-14%')).toBeVisible();
  await expect(marker.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await expect(marker.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await marker.getByRole('button', { name: 'View details of Dummy Marker' }).click();
  const dialog = shopper.getByRole('dialog', { name: 'Dummy Marker' });
  await expect(dialog.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await expect(dialog).toContainText('34.50 RON');
  await expectAccessible(shopper);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A picture made here: a PNG, 1000 × 800.
  const png = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await page.getByLabel('Add an image').setInputFiles({ name: 'marker-photo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Dummy Marker, image 3 of 3' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Dummy Marker, image 3 of 3' })).toHaveAttribute('src', /^\/uploads\/products\/[0-9a-f]{32}-800\.webp$/);
  await page.getByRole('button', { name: 'Make main: image 3' }).click();
  const main = page.getByRole('img', { name: 'Dummy Marker, image 1 of 3' });
  await expect(main).toHaveAttribute('src', /^\/uploads\/products\//);
  const uploaded = await main.getAttribute('src');
  await expectAccessible(page);

  await shopper.reload();
  const picture = card(shopper, 'Dummy Marker').getByRole('img', { name: 'Dummy Marker, image 1 of 3' });
  await expect(picture).toHaveAttribute('src', uploaded!);
  // Loaded, in the size that suits the screen (400, 800 or 1200 px wide).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`${uploaded!.slice(0, -8)}(400|800|1200)\\.webp$`));

  // Back on sale: adding works again. Its packed weight, for the couriers' parcels, kept with it.
  await page.getByLabel('Stock', { exact: true }).fill('');
  const weight = page.getByRole('textbox', { name: 'Weight packed (grams)' });
  await weight.fill('0.5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The weight is a whole number of grams, or empty.' })).toBeVisible();
  await weight.fill('40');
  // Its packed size, for the couriers' parcels: all three sides or none.
  const size = page.getByRole('group', { name: 'Size packed (cm)' });
  await size.getByRole('textbox', { name: 'Length packed (cm)' }).fill('14');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Give all three sides packed, each a whole number of centimetres from 1 to 200, or leave all three empty.' })).toBeVisible();
  await size.getByRole('textbox', { name: 'Width packed (cm)' }).fill('3');
  await size.getByRole('textbox', { name: 'Height packed (cm)' }).fill('2');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Weight packed (grams)' })).toHaveValue('40');
  await expect(page.getByRole('textbox', { name: 'Height packed (cm)' })).toHaveValue('2');
  await shopper.reload();
  await expect(card(shopper, 'Dummy Marker').getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await shopper.context().close();
});

test('a new product: created hidden, shown once the owner says so', async ({ page, browser }) => {
  await signInAsOwner(page);
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Dummy Wallet');
  await page.getByLabel('Description', { exact: true }).fill('A wallet with a second, hidden wallet inside.');
  await page.getByLabel('Key features', { exact: true }).fill('Two wallets in one\nSlim');
  await page.getByLabel('Price (RON)', { exact: true }).fill('49.99');
  await page.getByLabel('Stock', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Add colour' }).click();
  await page.getByLabel('Colour 1 name', { exact: true }).fill('Brown');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { name: 'Dummy Wallet', level: 1 })).toBeVisible();
  await expect(page.getByText('Product created. Add its images, then show it in the shop.')).toBeVisible();

  const shopper = await shopperPage(browser);
  await shopper.goto('/shop');
  await expect(card(shopper, 'Dummy Marker')).toBeVisible();
  await expect(card(shopper, 'Dummy Wallet')).toHaveCount(0);

  await page.getByLabel('Shown in the shop').check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await shopper.reload();
  const wallet = card(shopper, 'Dummy Wallet');
  await expect(wallet).toContainText('49.99 RON');
  // No earlier price, so no reduction to show: no struck-through price, no badge.
  await expect(wallet.locator('s')).toHaveCount(0);
  await expect(wallet.getByText(/^-\d+%/)).toHaveCount(0);
  await expect(wallet).toContainText('Only 3 left');
  await wallet.getByRole('button', { name: 'Add to Cart' }).click();
  await wallet.getByRole('button', { name: 'Add one more Dummy Wallet' }).click();
  await wallet.getByRole('button', { name: 'Add one more Dummy Wallet' }).click();
  await expect(wallet.getByRole('status', { name: 'Quantity of Dummy Wallet' })).toHaveText('3');
  // No more than are left.
  await expect(wallet.getByRole('button', { name: 'Add one more Dummy Wallet' })).toBeDisabled();

  // Someone else buys two: the shopper's cart says only one is left, before the order is refused for it.
  const productId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
  const bought = await page.request.post('/api/orders', { data: sampleOrder({ lines: [{ productId, quantity: 2, colour: 'Brown' }] }) });
  expect(bought.status()).toBe(201);
  await shopper.goto('/checkout');
  await expect(shopper.getByText('Only 1 left of Dummy Wallet (Brown)')).toBeVisible();
  await expectAccessible(shopper);
  await shopper.context().close();

  // The owner's page still shows 3; the owner fixes the description and saves: the stock stays what customers
  // left (1), not the 3 the form showed.
  await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('3');
  await page.getByLabel('Description', { exact: true }).fill('A wallet with a second, hidden wallet inside it.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.getByRole('link', { name: 'All products' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Dummy Wallet' }) });
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
});

test('a colour picked on a product page before its JavaScript ran is the colour added to the cart', async ({ page, browser }) => {
  await signInAsOwner(page);
  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill('Dummy Pen');
  await page.getByLabel('Description', { exact: true }).fill('A pen with a hollow barrel.');
  await page.getByLabel('Price (RON)', { exact: true }).fill('29.99');
  await page.getByRole('button', { name: 'Add colour' }).click();
  await page.getByLabel('Colour 1 name', { exact: true }).fill('Green');
  await page.getByRole('button', { name: 'Add colour' }).click();
  await page.getByLabel('Colour 2 name', { exact: true }).fill('Brown');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { name: 'Dummy Pen', level: 1 })).toBeVisible();
  await page.getByLabel('Shown in the shop').check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // The page as the server sent it, its JavaScript held back: the browser itself checks the radio button.
  const shopper = await (await browser.newContext({ baseURL: ORIGIN })).newPage();
  const sendScript = await holdRequests(shopper, /\/assets\/index-[^/]+\.js$/);
  await shopper.mainFrame().goto('/shop/dummy-pen', { waitUntil: 'domcontentloaded' });
  const colours = shopper.getByRole('group', { name: 'Colour' });
  await expect(colours.getByRole('radio', { name: 'Green' })).toBeChecked();
  await colours.getByRole('radio', { name: 'Brown' }).check();
  sendScript();
  await interactive(shopper);
  await expect(colours.getByRole('radio', { name: 'Brown' })).toBeChecked();
  await shopper.getByRole('button', { name: 'Add to Cart' }).click();
  await shopper.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(shopper.getByRole('region', { name: 'Your Cart' }).getByRole('listitem').filter({ hasText: 'Colour' })).toContainText('Colour: Brown');
  await shopper.context().close();
});

test('colours with their own stock: two colours are two cart lines, and the colour is in the summary, My orders and the back office', async ({ page, browser }) => {
  // A whole journey through two browsers (the owner's and a shopper's): 30 s alone on this machine, over 60 s with
  // the other suites' load on a slow day; its waits assert what comes, not how fast.
  test.setTimeout(120_000);
  // The owner offers the blue lighter too, with one left, and counts the black ones.
  await signInAsOwner(page);
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Dummy Lighter' }).click();
  await expect(page.getByRole('heading', { name: 'Dummy Lighter', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Colour 3 name', { exact: true })).toHaveValue('Blue');
  await page.getByLabel('Colour 1 stock').fill('5');
  await page.getByLabel('Colour 3 available').check();
  await page.getByLabel('Colour 3 stock').fill('1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expectAccessible(page);

  const shopper = await shopperPage(browser);
  const email = `colours-${Date.now()}@example.ro`;
  await shopper.goto('/signup');
  await shopper.getByLabel('Email').fill(email);
  await shopper.getByLabel('Password', { exact: true }).fill('secret123');
  await shopper.getByLabel('Confirm password', { exact: true }).fill('secret123');
  await shopper.getByRole('button', { name: 'Sign Up' }).click();
  await expect(shopper).toHaveURL(/\/$/, { timeout: 3000 });

  await shopper.goto('/shop');
  await card(shopper, 'Dummy Lighter').getByRole('button', { name: 'View details of Dummy Lighter' }).click();
  const dialog = shopper.getByRole('dialog', { name: 'Dummy Lighter' });
  await expect(dialog.getByRole('radio', { name: /^Black/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Red/ })).toBeDisabled();
  await expect(dialog.getByText('Sold Out')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog.getByRole('status', { name: 'Quantity of Dummy Lighter (Black)' })).toHaveText('1');
  await dialog.getByRole('radio', { name: /^Blue/ }).check();
  await expect(dialog.getByText('Only 1 left')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  // One blue is left: the cart takes no more than that.
  await expect(dialog.getByRole('button', { name: 'Add one more Dummy Lighter (Blue)' })).toBeDisabled();
  await expectAccessible(shopper);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await shopper.getByRole('link', { name: /^Cart, / }).click();
  const lines = shopper.getByRole('listitem').filter({ hasText: 'Dummy Lighter' });
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Colour: Black');
  await expect(lines.nth(1)).toContainText('Colour: Blue');
  await expect(shopper.getByRole('button', { name: 'Remove Dummy Lighter (Blue) from cart' })).toBeVisible();
  await expectAccessible(shopper);
  await cartToPayment(shopper, { email });
  const summary = shopper.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Dummy Lighter (Black) × 1');
  await expect(summary).toContainText('Dummy Lighter (Blue) × 1');
  await shopper.getByRole('button', { name: 'Place Order (COD)' }).click();
  await shopper.getByRole('dialog', { name: 'Order placed' }).getByRole('button', { name: 'OK' }).click();

  await shopper.getByRole('link', { name: 'My orders' }).click();
  const placed = shopper.getByRole('article').first();
  await expect(placed).toContainText('Dummy Lighter (Black) × 1');
  await expect(placed).toContainText('Dummy Lighter (Blue) × 1');
  await expectAccessible(shopper);

  // The last blue one is gone: the shop says so, and the back office counts what is left of each colour.
  await shopper.goto('/shop');
  await card(shopper, 'Dummy Lighter').getByRole('button', { name: 'View details of Dummy Lighter' }).click();
  await expect(shopper.getByRole('radio', { name: /^Blue/ })).toBeDisabled();
  await shopper.context().close();
  await page.goto('/admin/products');
  const lighterRow = page.getByRole('row', { name: /Dummy Lighter/ });
  await expect(lighterRow).toContainText('Black: 4');
  await expect(lighterRow).toContainText('Blue: Sold out');
});

test.describe('a product’s address', () => {
  // The address another product has is a 409 the browser logs; the page shows the server's message.
  test.use({ allowedConsoleErrors: /Failed to load resource: the server responded with a status of 409/ });

  test('the owner gives a product a new address: refused ones are explained next to the field, the new one is saved', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'Dummy Phone Charger' }).click();
    await expect(page.getByRole('heading', { name: 'Dummy Phone Charger', level: 1 })).toBeVisible();
    const address = page.getByLabel('Address', { exact: true });
    await expect(address).toHaveValue('dummy-phone-charger');
    await expect(page.getByText('/shop/', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View page' })).toHaveAttribute('href', '/shop/dummy-phone-charger');
    await expectAccessible(page);

    // Not an address: the form says so before anything is sent.
    await address.fill('Phone Charger');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert')).toHaveText(SLUG_REFUSED);
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveAccessibleDescription(new RegExp(SLUG_REFUSED));
    await expectAccessible(page);

    // Another product's address: the server refuses it.
    await address.fill('dummy-marker');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert')).toHaveText(SLUG_TAKEN);
    await expect(page.getByRole('link', { name: 'View page' })).toHaveAttribute('href', '/shop/dummy-phone-charger');

    await address.fill('secret-phone-charger');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View page' })).toHaveAttribute('href', '/shop/secret-phone-charger');
    await page.reload();
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('secret-phone-charger');
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/shop/secret-phone-charger</loc>');
    expect(sitemap).not.toContain('/shop/dummy-phone-charger</loc>');

    // "View page" shows the product at its new address; the old address leads there (301), for links already shared.
    await page.getByRole('link', { name: 'View page' }).click();
    await expect(page).toHaveURL(/\/shop\/secret-phone-charger$/);
    await expect(page.getByRole('heading', { name: 'Dummy Phone Charger', level: 1 })).toBeVisible();
    const old = await page.request.get('/shop/dummy-phone-charger?ref=share', { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe('/shop/secret-phone-charger?ref=share');
    await page.goto('/shop/dummy-phone-charger');
    await expect(page).toHaveURL(/\/shop\/secret-phone-charger$/);
    await expect(page.getByRole('heading', { name: 'Dummy Phone Charger', level: 1 })).toBeVisible();

    // Back to its first address (its own old one), for the other tests on this shop.
    const back = await page.request.patch('/api/admin/products/5', { data: { slug: 'dummy-phone-charger' }, headers: { Origin: ORIGIN } });
    expect(back.status()).toBe(200);
  });
});

test.describe('when an order meets the stock', () => {
  // The refused order is a 409 the browser logs; the page shows the server's message.
  test.use({ allowedConsoleErrors: /Failed to load resource: the server responded with a status of 409/ });

  test('the checkout shows the server’s "sold out" when the last one went while the cart waited', async ({ page, browser }) => {
    const shopper = await shopperPage(browser);
    await shopper.goto('/shop');
    await card(shopper, 'Dummy Car Key').getByRole('button', { name: 'Add to Cart' }).click();

    await signInAsOwner(page);
    const sellOut = await page.request.patch('/api/admin/products/2', { data: { stock: 0 }, headers: { Origin: ORIGIN } });
    expect(sellOut.status()).toBe(200);

    await shopper.getByRole('link', { name: /^Cart, / }).click();
    await cartToPayment(shopper);
    await shopper.getByRole('button', { name: 'Place Order (COD)' }).click();
    await expect(shopper.getByRole('alert')).toContainText('Dummy Car Key is sold out');

    await page.request.patch('/api/admin/products/2', { data: { stock: null }, headers: { Origin: ORIGIN } });
    await shopper.context().close();
  });
});

test('the order that takes the last unit is answered once the shop says Sold Out: its next load, the page and the API', async ({ page, browser }) => {
  await signInAsOwner(page);
  expect((await page.request.patch('/api/admin/products/3', { data: { stock: 1 }, headers: { Origin: ORIGIN } })).status()).toBe(200);
  const shopper = await shopperPage(browser);
  try {
    await shopper.goto('/shop');
    const belt = card(shopper, 'Belt with Secret Compartment');
    await expect(belt.getByText('Only 1 left')).toBeVisible();
    const etag = (await shopper.request.get('/api/products')).headers().etag!;

    // Someone else buys the last one; the moment their order is answered, the shop says so, with no stale window.
    expect((await shopper.request.post('/api/orders', { data: sampleOrder({ email: 'ioana@example.ro', lines: [{ productId: '3', quantity: 1 }] }) })).status()).toBe(201);
    const products = await shopper.request.get('/api/products', { headers: { 'If-None-Match': etag } });
    expect(products.status()).toBe(200);
    expect(((await products.json()) as { products: { id: string; soldOut: boolean }[] }).products.find((product) => product.id === '3')?.soldOut).toBe(true);
    await shopper.reload();
    await expect(belt.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    await expect(belt.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await shopper.goto('/shop/belt-with-secret-compartment');
    await expect(shopper.getByRole('article', { name: 'Belt with Secret Compartment' }).getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  } finally {
    await page.request.patch('/api/admin/products/3', { data: { stock: null }, headers: { Origin: ORIGIN } });
    await shopper.context().close();
  }
});

test.describe('without the owner’s account', () => {
  test.use({ allowedConsoleErrors: /Failed to load resource: the server responded with a status of 40[13]/ });

  test('a visitor is asked to sign in and sees no products data', async ({ page }) => {
    await page.goto('/admin/products');
    await expect(page.getByText('Please sign in with the shop owner’s account.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fproducts$/);
  });

  test('a signed-in customer is told it is for the owner only', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Email').fill(`shopper-${Date.now()}@example.ro`);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 3000 });
    await page.goto('/admin/products/1');
    await expect(page.getByText('This is for the shop’s owner only.')).toBeVisible();
    await expect(page.getByLabel('Price (RON)', { exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the list and the edit page fit the screen and pass axe', async ({ page }) => {
    await signInAsOwner(page);
    await page.goto('/admin/products');
    await expect(page.getByRole('row', { name: /Belt with Secret Compartment/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Belt with Secret Compartment' }).click();
    await expect(page.getByLabel('Price (RON)', { exact: true })).toHaveValue('39.99');
    await expect(page.getByRole('img', { name: 'Belt with Secret Compartment, image 1 of 3' })).toBeVisible();
    // The save bar stays in reach wherever the owner is in the long form (issue 46), and covers no field it focuses.
    const save = page.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeInViewport({ ratio: 1 });
    const price = page.getByLabel('Price (RON)', { exact: true });
    await price.focus();
    await expect(save).toBeInViewport({ ratio: 1 });
    const [priceBox, saveBox] = [(await price.boundingBox())!, (await save.boundingBox())!];
    expect(priceBox.y + priceBox.height).toBeLessThanOrEqual(saveBox.y);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
});

test.describe('in Romanian', () => {
  test.use({ locale: 'ro-RO' });

  test('a product’s page speaks Romanian: its form, its mistakes, its images and its price history in lei', async ({ page }) => {
    await signInOwnerByApi(page.request, ORIGIN);
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'Belt with Secret Compartment' }).click();
    await expect(page.getByRole('heading', { name: 'Belt with Secret Compartment', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Toate produsele' })).toHaveAttribute('href', '/admin/products');
    await expect(page.getByRole('link', { name: 'Vezi pagina' })).toBeVisible();
    await expect(page.getByLabel('Preț (lei)', { exact: true })).toHaveValue('39.99');
    await expect(page.getByLabel('Stoc', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Afișat în magazin' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Culori' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Belt with Secret Compartment, imaginea 1 din 3' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fă-o principală: imaginea 2' })).toBeVisible();
    await expect(page.getByLabel('Adaugă o imagine')).toBeVisible();
    const history = page.getByRole('region', { name: 'Istoricul prețurilor' });
    await expect(history.getByRole('columnheader')).toHaveText(['De la', 'Preț']);
    await expect(history.getByRole('row').nth(1)).toContainText(/39,99\slei/);
    await expectAccessible(page);

    await page.getByLabel('Preț (lei)', { exact: true }).fill('39,999');
    await page.getByRole('button', { name: 'Salvează modificările' }).click();
    await expect(page.getByRole('alert')).toHaveText('Prețul trebuie să fie o sumă în lei, de exemplu 39,99.');
    await page.getByLabel('Nume', { exact: true }).fill(' ');
    await page.getByLabel('Preț (lei)', { exact: true }).fill('39,99');
    await page.getByRole('button', { name: 'Salvează modificările' }).click();
    await expect(page.getByRole('alert')).toHaveText('Completează câmpul „Nume”.');
    // The shared schema's refusal, its field named and its amount written in Romanian.
    await page.getByLabel('Nume', { exact: true }).fill('Belt with Secret Compartment');
    await page.getByLabel('Preț (lei)', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Salvează modificările' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Câmpul „Preț” trebuie să fie de cel puțin 0,01\slei\.$/);
    await expectAccessible(page);
  });
  test('the owner writes a product’s Romanian texts beside the English ones, and Romanian visitors read them', async ({ page, browser }) => {
    await signInOwnerByApi(page.request, ORIGIN);
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'Dummy Lighter' }).click();
    // The seeded Romanian texts, each colour's beside it.
    await expect(page.getByLabel('Nume în română')).toHaveValue('Brichetă cu ascunzătoare');
    await expect(page.getByLabel('Numele culorii 1 în română')).toHaveValue('Negru');
    await page.getByLabel('Nume în română').fill('Brichetă cu compartiment secret');
    await page.getByLabel('Caracteristici principale în română').fill('Carcasă de brichetă adevărată\n\nBază care se deschide');
    await page.getByRole('button', { name: 'Salvează modificările' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Salvat.' })).toBeVisible();
    await expectAccessible(page);

    const shopper = answeringToInput(await (await browser.newContext({ baseURL: ORIGIN, locale: 'ro-RO' })).newPage());
    await shopper.goto('/shop/dummy-lighter');
    await expect(shopper.getByRole('heading', { level: 1, name: 'Brichetă cu compartiment secret' })).toBeVisible();
    await expect(shopper.getByRole('listitem').filter({ hasText: 'Bază care se deschide' })).toBeVisible();
    await expect(shopper.getByRole('radio', { name: /^Negru/ })).toBeVisible();
    await expectAccessible(shopper);
    await shopper.context().close();
  });
});
