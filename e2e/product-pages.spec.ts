import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { answeringToInput, expect, expectAccessible, expectNoHorizontalScroll, fillShipping, holdRequests, interactive, signUp, test } from './fixtures';

const productPage = (page: Page, name: string) => page.getByRole('article', { name });

test('a product has a page of its own: details, breadcrumbs back to the shop, add to cart', async ({ page }) => {
  const response = await page.goto('/shop/dummy-car-key');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Dummy Car Key · Secret Stash');
  const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumbs.getByRole('link')).toHaveText(['Home', 'Shop']);
  await expect(breadcrumbs.getByText('Dummy Car Key')).toHaveAttribute('aria-current', 'page');

  const product = productPage(page, 'Dummy Car Key');
  await expect(product.getByRole('heading', { name: 'Dummy Car Key', level: 1 })).toBeVisible();
  await expect(product.getByRole('heading', { name: 'Key features', level: 2 })).toBeVisible();
  await expect(product.getByText('1 / 2')).toBeVisible();
  await product.getByRole('button', { name: 'Show image 2 of 2' }).click();
  await expect(product.getByText('2 / 2')).toBeVisible();
  await expect(product.locator('s')).toHaveText('Was 89.99 RON');
  await product.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expectAccessible(page);

  await breadcrumbs.getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { name: 'Our Collection' })).toBeVisible();
});

test('the modal has the product’s address: shared, it opens the page; Back closes the modal', async ({ page, browser }) => {
  await page.goto('/shop');
  await page.evaluate(() => window.scrollTo(0, 600));
  const details = page.getByRole('button', { name: 'View details of Dummy Marker' });
  await details.click();
  const modal = page.getByRole('dialog', { name: 'Dummy Marker' });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/dummy-marker$/);
  await expect(page).toHaveTitle('Dummy Marker · Secret Stash');
  const shared = page.url();

  // Back closes the modal; the shop is where it was, focus on the button that opened it.
  await page.goBack();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(details).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // Forward opens it again.
  await page.goForward();
  await expect(modal).toBeVisible();

  // The address, opened by someone else, is the product's page.
  const context = await browser.newContext();
  const friend = answeringToInput(await context.newPage());
  try {
    await friend.goto(shared);
    await expect(friend.getByRole('heading', { name: 'Dummy Marker', level: 1 })).toBeVisible();
    await expect(friend.getByRole('dialog')).toHaveCount(0);
  } finally {
    await context.close();
  }

  // Reloading the modal's address gives the page too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dummy Marker', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the chosen colour travels from the product page to the cart, the order summary and My orders', async ({ page }) => {
  await signUp(page, `colour-${randomUUID().slice(0, 8)}@example.ro`);

  await page.goto('/shop/dummy-lighter');
  const lighter = productPage(page, 'Dummy Lighter');
  const colours = lighter.getByRole('group', { name: 'Colour' });
  await expect(colours.getByRole('radio', { name: 'Red' })).toBeDisabled();
  await colours.getByRole('radio', { name: 'Black' }).check();
  await lighter.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('region', { name: 'Your Cart' }).getByRole('listitem').filter({ hasText: 'Dummy Lighter' })).toContainText('Colour: Black');

  await page.getByRole('button', { name: 'Continue to Email' }).click();
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  const shipping = {
    'First name': 'Ioana',
    'Last name': 'Pop',
    City: 'Iași',
    County: 'Iași',
    Street: 'Strada Lăpușneanu',
    'Street number': '7',
    'Postal code': '700057',
    'Phone number': '0722 000 222',
  };
  await fillShipping(page, shipping);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Dummy Lighter (Black) × 1');
  await page.getByRole('button', { name: 'Place Order (COD)' }).click();
  await page.getByRole('dialog', { name: 'Order placed' }).getByRole('button', { name: 'OK' }).click();

  await page.getByRole('link', { name: 'My orders' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').first()).toContainText('Dummy Lighter (Black) × 1');
});

test('a card’s name and picture link to the product: a click opens the modal, Ctrl or the middle button a new tab', async ({ page, context }) => {
  await page.goto('/shop');
  const card = page.getByRole('article', { name: 'Dummy Car Key' });
  const name = card.getByRole('link', { name: 'Dummy Car Key', exact: true });
  await expect(name).toHaveAttribute('href', '/shop/dummy-car-key');

  // A plain click: the modal, with the product's address in the address bar; Back closes it.
  await name.click();
  const modal = page.getByRole('dialog', { name: 'Dummy Car Key' });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/dummy-car-key$/);
  await expectAccessible(page);
  await page.goBack();
  await expect(modal).toBeHidden();
  await card.getByRole('link', { name: 'Dummy Car Key, image 1 of 2' }).click();
  await expect(modal).toBeVisible();
  await page.goBack();
  await expect(modal).toBeHidden();

  // With Ctrl (Cmd on a Mac) or the middle button: the product's page in a new tab, and the shop stays as it was.
  const clicks: Parameters<Locator['click']>[0][] = [{ modifiers: ['ControlOrMeta'] }, { button: 'middle' }];
  for (const click of clicks) {
    const opened = context.waitForEvent('page');
    await name.click(click);
    const tab = answeringToInput(await opened);
    await tab.waitForLoadState('domcontentloaded');
    await expect(tab).toHaveURL(/\/shop\/dummy-car-key$/);
    await expect(tab.getByRole('heading', { name: 'Dummy Car Key', level: 1 })).toBeVisible();
    await tab.close();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(modal).toBeHidden();
  }
});

test.describe('an address no product has', () => {
  test.use({ allowedConsoleErrors: /status of 404/ });

  test('is "Page not found"', async ({ page }) => {
    const response = await page.goto('/shop/no-such-product');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Secret Stash');
    await expectAccessible(page);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the shop and a product page show the products, prices and pictures, with data search engines read', async ({ page, request }) => {
    const { products } = (await (await request.get('/api/products')).json()) as { products: { name: string; slug: string; price: number; soldOut: boolean; images: string[] }[] };
    const price = (bani: number) => `${(bani / 100).toFixed(2)} RON`;

    // page.goto waits for the app to answer to input, which never happens here: the frame's plain navigation instead.
    await page.mainFrame().goto('/shop');
    await expect(page.getByRole('article')).toHaveCount(products.length);
    for (const product of products) {
      const card = page.getByRole('article', { name: product.name });
      await expect(card.getByRole('heading', { name: product.name })).toBeVisible();
      await expect(card.getByText(price(product.price)).first()).toBeVisible();
      await expect(card.getByRole('img')).toHaveAttribute('src', product.images[0]!);
    }
    // Every picture has its size before it arrives: nothing moves when it does.
    for (const image of await page.locator('main img').all()) {
      await expect(image).toHaveAttribute('width', /^\d+$/);
      await expect(image).toHaveAttribute('height', /^\d+$/);
    }

    for (const product of products) {
      // Each card's name and picture link to the product's page; following the name's gets there.
      await page.mainFrame().goto('/shop');
      const card = page.getByRole('article', { name: product.name });
      await expect(card.getByRole('link', { name: product.name, exact: true })).toHaveAttribute('href', `/shop/${product.slug}`);
      await expect(card.getByRole('link', { name: `${product.name}, image 1 of` })).toHaveAttribute('href', `/shop/${product.slug}`);
      await card.getByRole('link', { name: product.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/shop/${product.slug}$`));
      await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
      await expect(page.getByRole('article', { name: product.name }).getByText(price(product.price)).first()).toBeVisible();
      const data = await page.locator('script[type="application/ld+json"]').allTextContents();
      const [item, breadcrumbs] = data.map((text) => JSON.parse(text));
      expect(item).toMatchObject({
        '@type': 'Product',
        name: product.name,
        offers: { price: (product.price / 100).toFixed(2), priceCurrency: 'RON', availability: `https://schema.org/${product.soldOut ? 'OutOfStock' : 'InStock'}` },
      });
      expect(breadcrumbs['@type']).toBe('BreadcrumbList');
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/shop/${product.slug}$`));
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http.*\/images\//);
    }

    await page.mainFrame().goto('/');
    const [store] = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    expect(store).toMatchObject({ '@type': 'OnlineStore', name: 'Secret Stash' });
    await expect(page.getByRole('link', { name: 'Shop Now' })).toBeVisible();
  });
});

test('robots.txt and sitemap.xml answer, with the product pages listed', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  for (const page of ['/checkout', '/admin', '/account']) expect(robots).toContain(`Disallow: ${page}`);
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  const { products } = (await (await request.get('/api/products')).json()) as { products: { slug: string }[] };
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(listed).toEqual(expect.arrayContaining(['/', '/shop', ...products.map((product) => `/shop/${product.slug}`)]));
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a product page fits the screen', async ({ page }) => {
    await page.goto('/shop/belt-with-secret-compartment');
    await expect(page.getByRole('heading', { name: 'Belt with Secret Compartment', level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
});

test.describe('the page’s JavaScript', () => {
  /** The JavaScript files the page has asked for so far. */
  const scriptsAskedFor = (page: Page) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') asked.push(request.url());
    });
    return asked;
  };

  test('is asked for once the page and its first picture are on screen, not with them', async ({ page }) => {
    const asked = scriptsAskedFor(page);
    const sendPicture = await holdRequests(page, '**/images/products/dummy-lighter.svg');
    // The frame's plain navigation: page.goto would wait for the page to answer to input.
    await page.mainFrame().goto('/shop/dummy-lighter', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Dummy Lighter', level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    sendPicture();
    await interactive(page);
    expect(asked.some((url) => /\/assets\/index-[^/]+\.js$/.test(url))).toBe(true);
    await productPage(page, 'Dummy Lighter').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });

  test('is asked for at once by a tap before it came, and the tap counts once the page answers', async ({ page }) => {
    const asked = scriptsAskedFor(page);
    // Time stands still and the first picture never comes: neither it nor the three seconds ask for the code.
    await page.clock.install({ time: new Date('2026-11-26T10:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-26T10:00:01Z'));
    await page.route('**/images/products/dummy-lighter.svg', () => {
      // never answered
    });
    await page.mainFrame().goto('/shop/dummy-lighter', { waitUntil: 'domcontentloaded' });
    const addToCart = productPage(page, 'Dummy Lighter').getByRole('button', { name: 'Add to Cart' });
    await expect(addToCart).toBeVisible();
    expect(asked).toEqual([]);
    await addToCart.click();
    await interactive(page);
    expect(asked.some((url) => /\/assets\/index-[^/]+\.js$/.test(url))).toBe(true);
    // One tap, one item: the visitor does not tap again.
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });

  test('comes after three seconds at most when the first picture does not', async ({ page }) => {
    const asked = scriptsAskedFor(page);
    // The page's own clock, stopped and moved by the test: three seconds of it, not of a busy machine's.
    await page.clock.install({ time: new Date('2026-11-26T10:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-26T10:00:01Z'));
    await page.route('**/images/products/dummy-lighter.svg', () => {
      // never answered
    });
    await page.mainFrame().goto('/shop/dummy-lighter', { waitUntil: 'domcontentloaded' });
    await page.clock.runFor(2_900);
    await page.waitForTimeout(300);
    expect(asked).toEqual([]);
    await page.clock.runFor(100);
    await interactive(page);
    expect(asked.some((url) => /\/assets\/index-[^/]+\.js$/.test(url))).toBe(true);
  });
});

// Issue 46: on a phone the buyer's part comes first, in the page and in the modal: the name and price beside the picture,
// the colour and Add to Cart inside the first screen (667 px high: an iPhone 8's); then a bar right under the control
// tapped leads to the checkout, covering nothing.
for (const width of [320, 360, 375] as const) {
  test.describe(`product first on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 667 } });

    for (const where of ['page', 'modal'] as const) {
      test(`in the ${where}: name, price, colour and Add to Cart in the first screen, then "Added · Checkout – total"`, async ({ page }) => {
        if (where === 'page') await page.goto('/shop/dummy-lighter');
        else {
          await page.goto('/shop');
          await page.getByRole('button', { name: 'View details of Dummy Lighter' }).click();
        }
        const scope = where === 'page' ? page.getByRole('main') : page.getByRole('dialog', { name: 'Dummy Lighter' });
        await expect(scope.getByRole('heading', { name: 'Dummy Lighter' })).toBeInViewport({ ratio: 1 });
        await expect(scope.getByText('VAT included')).toBeInViewport({ ratio: 1 });
        await expect(scope.getByRole('radio', { name: /Black/ })).toBeInViewport({ ratio: 1 });
        const add = scope.getByRole('button', { name: 'Add to Cart' });
        await expect(add).toBeInViewport({ ratio: 1 });
        // The description follows the buyer's part.
        const addBox = (await add.boundingBox())!;
        const descriptionBox = (await scope.getByText(/^Looks and feels like an ordinary pocket lighter/).boundingBox())!;
        expect(descriptionBox.y).toBeGreaterThan(addBox.y);
        await expect(scope.getByRole('status').getByRole('link')).toHaveCount(0);

        await add.click();
        const checkout = scope.getByRole('status').getByRole('link', { name: /^Checkout – \d+\.\d\d RON$/ });
        await expect(checkout).toBeInViewport({ ratio: 1 });
        await expect(scope.getByRole('status').getByText('Added', { exact: true })).toBeVisible();
        await expectNoHorizontalScroll(page);
        await expectAccessible(page);
        // Under the stepper the thumb tapped, over nothing: not the + nor the header's cart.
        const stepperBox = (await scope.getByRole('group', { name: 'Dummy Lighter (Black) in cart' }).boundingBox())!;
        const barBox = (await checkout.boundingBox())!;
        expect(barBox.y).toBeGreaterThan(stepperBox.y + stepperBox.height);
        const cartBox = (await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).boundingBox())!;
        expect(barBox.y).toBeGreaterThan(cartBox.y + cartBox.height);
        await checkout.click();
        await expect(page).toHaveURL(/\/checkout$/);
        await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
      });
    }
  });
}
