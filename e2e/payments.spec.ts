import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CARD_SHOP_PORT, FAKE_STRIPE_PORT } from '../playwright.config';
import { sampleOrder } from '../testing/sampleOrder';
import { answeringToInput, cartToPayment, expect, expectAccessible, signInAsOwner, signUp, test } from './fixtures';

const CARD_SHOP = `http://127.0.0.1:${CARD_SHOP_PORT}`;
const FAKE_STRIPE = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;

async function fillCheckout(page: Page, products: string[]) {
  await page.goto('/shop');
  await expect(page.getByRole('article')).toHaveCount(5);
  for (const name of products) await page.getByRole('article', { name }).getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: /^Cart, / }).click();
  const shipping = {
    'First name': 'Maria',
    'Last name': 'Ionescu',
    City: 'Brașov',
    County: 'Brașov',
    Street: 'Strada Lungă',
    'Street number': '10',
    'Postal code': '500035',
    'Phone number': '0722 000 333',
  };
  await cartToPayment(page, { email: 'card.buyer@example.ro', shipping });
}

test.describe('single-product purchase', () => {
  test.use({ baseURL: CARD_SHOP });

  test('a known price id goes to Stripe Checkout; paying lands on a confirmed success page', async ({ page }) => {
    await page.goto('/stripe-checkout?priceId=price_key');
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    expect(page.url()).toMatch(/127\.0\.0\.1:4320\/pay\/cs_test_/);
    await expect(page.getByText('Total 8498 ron')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/success\?session_id=cs_test_/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    const sessionId = new URL(page.url()).searchParams.get('session_id')!;
    await expect(page.getByText(sessionId)).toBeVisible();
    await expect(page.getByText(/Shipping: we pack your order/)).toBeVisible();
    await expect(page.getByText('A confirmation email with your receipt is sent to card.buyer@example.ro.')).toBeVisible();
    // A guest sees no order status here, but a link to the order's own page, as in their mail.
    await expect(page.getByText('Order status')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'See your order' }).click();
    await expect(page).toHaveURL(/\/orders\/[\w-]+\?token=[\w-]{32}$/);
    const order = page.getByRole('article', { name: /^Order 1\d{4}$/ });
    await expect(order).toContainText('Dummy Car Key');
    await expect(order).toContainText('Paid');
  });

  test('the product modal offers "Buy now by card" for products with a Stripe price', async ({ page }) => {
    await page.goto('/shop');
    await page.getByRole('button', { name: 'View details of Dummy Phone Charger' }).click();
    await expect(page.getByRole('dialog', { name: 'Dummy Phone Charger' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buy now by card' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // It buys the colour chosen above it.
    await page.getByRole('button', { name: 'View details of Dummy Lighter' }).click();
    const lighter = page.getByRole('dialog', { name: 'Dummy Lighter' });
    await expect(lighter.getByRole('radio', { name: 'Black' })).toBeChecked();
    await expect(lighter.getByRole('link', { name: 'Buy now by card' })).toHaveAttribute('href', '/stripe-checkout?priceId=price_lighter&colour=Black');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'View details of Dummy Car Key' }).click();
    await page.getByRole('dialog', { name: 'Dummy Car Key' }).getByRole('link', { name: 'Buy now by card' }).click();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await expect(page.getByText('Total 8498 ron')).toBeVisible();
  });

  test('an unknown price id shows Product Not Found with a way home', async ({ page }) => {
    await page.goto('/stripe-checkout?priceId=price_unknown');
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(`${CARD_SHOP}/`);
  });
});

test.describe('without Stripe keys', () => {
  test.use({ allowedConsoleErrors: /status of 503/ });

  test('the single-product page says the checkout could not start', async ({ page }) => {
    await page.goto('/stripe-checkout?priceId=price_key');
    await expect(page.getByRole('alert')).toHaveText('Failed to start checkout process');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });
});

test.describe('a card payment that is not the order’s total', () => {
  test.use({ baseURL: CARD_SHOP });

  test('is shown to the owner on the order’s page: what Stripe charged beside what the order says', async ({ page, browser }) => {
    const placed = await page.request.post('/api/orders', { data: sampleOrder({ email: 'card.mismatch@example.ro', paymentMethod: 'card', lines: [{ productId: '2', quantity: 1 }] }) });
    expect(placed.status()).toBe(201);
    const { id, checkoutUrl } = (await placed.json()) as { id: string; checkoutUrl: string };
    // Stripe's session was changed to charge 10 lei less (in its dashboard, say) before the customer paid.
    const session = (await (await page.request.get(`${FAKE_STRIPE}/v1/checkout/sessions/${checkoutUrl.split('/').at(-1)}`, { headers: { authorization: 'Bearer sk_test_e2e' } })).json()) as {
      amount_total: number;
    };
    await page.request.post(`${checkoutUrl.replace('/pay/', '/_test/sessions/')}/amount`, { data: { amount_total: session.amount_total - 1000 } });
    await page.goto(checkoutUrl);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    const context = await browser.newContext({ baseURL: CARD_SHOP });
    const owner = answeringToInput(await context.newPage());
    try {
      await signInAsOwner(owner);
      await owner.goto(`/admin/orders/${id}`);
      const alert = owner.getByRole('region', { name: 'Check this card payment' });
      await expect(alert).toContainText(`Stripe charged ${((session.amount_total - 1000) / 100).toFixed(2)} RON, the order says ${(session.amount_total / 100).toFixed(2)} RON`);
      await expect(alert).toContainText('Check the payment in Stripe before you send the order.');
      await expectAccessible(owner);
    } finally {
      await context.close();
    }
  });
});

test.describe('success page', () => {
  test.use({ baseURL: CARD_SHOP });

  test('never says Payment Successful! for an unpaid or unknown session', async ({ page, request }) => {
    const created = await request.post(`${CARD_SHOP}/api/payments/product-checkout`, { data: { priceId: 'price_marker' } });
    const sessionId = (await created.json()).url.split('/').at(-1);
    await page.goto(`/success?session_id=${sessionId}`);
    await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);
    await expectAccessible(page);

    await page.goto('/success?session_id=cs_test_made_up');
    await expect(page.getByRole('heading', { name: 'Payment not confirmed' })).toBeVisible();
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  });
});

test.describe('cart card path with the flag on', () => {
  test.use({ baseURL: CARD_SHOP });

  test('saves the order, clears the cart and goes to Stripe; paying marks it paid and a signed-in buyer sees it', async ({ page }) => {
    const email = `card-${randomUUID().slice(0, 8)}@example.ro`;
    await signUp(page, email);
    await expect(page).toHaveURL(`${CARD_SHOP}/`);

    await fillCheckout(page, ['Dummy Lighter', 'Dummy Marker']);
    await page.getByRole('radio', { name: /Card/ }).check();
    await expect(page.getByRole('button', { name: 'Pay with Card' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay with Card' }).click();

    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await expect(page.getByText('Total 9997 ron')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Order status')).toBeVisible();
    // The order this session paid, in its real status (not the account's latest order, not a default).
    await expect(page.getByRole('definition').filter({ hasText: /^Paid$/ })).toBeVisible();
    await expect(page.getByText('Order date')).toBeVisible();
    await expect(page.getByText('Order number')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^1\d{4}$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeAttached();

    // The signed webhook from Stripe marked the order paid.
    await page.getByRole('link', { name: 'My orders' }).click();
    await expect(page.getByRole('article').first()).toContainText('Paid');
    await expect(page.getByRole('article').first()).toContainText('99.97 RON');
  });

  test.describe('when Stripe fails', () => {
    test.use({ allowedConsoleErrors: /status of 502|Failed to load resource: net::ERR_FAILED/ });

    test('the spec texts for a refused session and for an answer without a URL, and the cart stays', async ({ page }) => {
      await fillCheckout(page, ['Dummy Car Key']);
      await page.getByRole('radio', { name: /Card/ }).check();
      await page.route('**/api/orders', (route) =>
        route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'payment_failed', message: 'Failed to create Stripe checkout session', code: 'stripe_failed' }) }),
      );
      await page.getByRole('button', { name: 'Pay with Card' }).click();
      await expect(page.getByRole('alert')).toHaveText('Failed to create Stripe checkout session');
      await page.unroute('**/api/orders');
      await page.route('**/api/orders', (route) => route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ id: randomUUID(), number: 10001, checkoutUrl: null }) }));
      await page.getByRole('button', { name: 'Pay with Card' }).click();
      await expect(page.getByRole('alert')).toHaveText('No checkout URL received from Stripe');
      await page.unroute('**/api/orders');
      await page.route('**/api/orders', (route) => route.abort('failed'));
      await page.getByRole('button', { name: 'Pay with Card' }).click();
      await expect(page.getByRole('alert')).toHaveText('There was an error processing your Stripe payment. Please try again.');
      await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    });

    test('the single-product page says when no checkout URL came back', async ({ page }) => {
      await page.route('**/api/payments/product-checkout', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"url":null}' }));
      await page.goto('/stripe-checkout?priceId=price_lighter');
      await expect(page.getByRole('alert')).toHaveText('No checkout URL received');
    });
  });

  test('a product with no Stripe price is paid like any other: Stripe charges the shop’s prices', async ({ page }) => {
    const { products } = (await (await page.request.get('/api/products')).json()) as { products: { name: string; price: number }[] };
    const price = (name: string) => products.find((product) => product.name === name)!.price;
    const subtotal = price('Dummy Lighter') + price('Dummy Phone Charger');
    await fillCheckout(page, ['Dummy Lighter', 'Dummy Phone Charger']);
    await page.getByRole('radio', { name: /Card/ }).check();
    await page.getByRole('button', { name: 'Pay with Card' }).click();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await expect(page.getByText(`Total ${subtotal + (subtotal >= 20_000 ? 0 : 1999)} ron`)).toBeVisible();
  });
});

test('without Stripe keys no card option is offered, and the cart checkout shows it disabled', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('button', { name: 'View details of Dummy Car Key' }).click();
  await expect(page.getByRole('dialog', { name: 'Dummy Car Key' }).getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy now by card' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await fillCheckout(page, ['Dummy Marker']);
  await expect(page.getByRole('radio', { name: /Card/ })).toBeDisabled();
  await expect(page.getByText('Temporarily not available')).toBeVisible();
});
