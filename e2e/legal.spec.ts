import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { sampleOrder } from '../testing/sampleOrder';
import { answeringToInput, cartToPayment, expect, expectAccessible, expectNoHorizontalScroll, signInOwnerByApi, signUp, test } from './fixtures';
import { caughtMail } from './mails';

/** The e2e shop runs with the placeholders a new owner replaces (server/env.ts). */
const COMPANY = ['EXEMPLU SRL', 'RO00000000', 'J00/0000/2025', 'Strada Exemplului nr. 1, București, România', 'contact@exemplu.ro', '+40 700 000 000'];
const SAL = { name: 'ANPC – alternative dispute resolution (SAL)', href: 'https://anpc.ro/ce-este-sal/' };
const LEGAL_PAGES = [
  { link: 'Terms and conditions', heading: 'Terms and conditions', path: '/terms' },
  { link: 'Privacy policy', heading: 'Privacy policy', path: '/privacy' },
  { link: 'Delivery', heading: 'Delivery', path: '/delivery' },
  { link: 'Returns and withdrawal', heading: 'Returns and the right of withdrawal', path: '/returns' },
  { link: 'Cookies', heading: 'Cookies', path: '/cookies' },
];

/** From a filled cart through the checkout's steps to its payment step. */
async function toPaymentStep(page: Page) {
  await page.getByRole('link', { name: /^Cart, / }).click();
  await cartToPayment(page);
}

async function expectFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  for (const part of COMPANY) await expect(footer, part).toContainText(part);
  const sal = footer.getByRole('link', { name: SAL.name });
  await expect(sal).toHaveAttribute('href', SAL.href);
  await expect(sal.getByRole('img', { name: SAL.name })).toHaveJSProperty('naturalWidth', 250);
  const legal = footer.getByRole('navigation', { name: 'Legal' });
  for (const { link, path } of LEGAL_PAGES) await expect(legal.getByRole('link', { name: link, exact: true })).toHaveAttribute('href', path);
  // The EU's ODR platform closed on 20 July 2025.
  await expect(page.locator('a[href*="ec.europa.eu/consumers/odr"]')).toHaveCount(0);
}

test('every kind of page has the seller’s identification, the legal pages and the ANPC SAL pictogram in its footer', async ({ page, request }) => {
  for (const url of ['/', '/shop', '/shop/dummy-lighter', '/checkout', '/login', '/signup', '/terms', '/returns/withdraw', '/no/such/page']) {
    await page.goto(url);
    await expectFooter(page);
  }
  // Server-rendered pages arrive with it: no layout shift, no request for it.
  for (const url of ['/', '/shop', '/shop/dummy-lighter']) {
    const html = await (await request.get(url)).text();
    for (const part of ['EXEMPLU SRL', 'RO00000000', 'J00/0000/2025', 'href="https://anpc.ro/ce-este-sal/"']) expect(html, url).toContain(part);
  }
});

test('each legal page is reached from the footer, with its own title, and is accessible', async ({ page }) => {
  await page.goto('/');
  for (const { link, heading, path } of LEGAL_PAGES) {
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} · Secret Stash`);
    // Each names the seller's contact, from the configuration.
    await expect(page.getByRole('main')).toContainText('contact@exemplu.ro');
    await expectAccessible(page);
  }
  await page.goto('/delivery');
  await expect(page.getByRole('main')).toContainText('Standard shipping: 19.99 RON per order.');
  await expect(page.getByRole('main')).toContainText('Free shipping for orders of 200 RON or more.');
  // The privacy page says how long each thing is kept, and what is kept after an account or an order's details go, and why (issue 48).
  await page.goto('/privacy');
  const privacy = page.getByRole('main');
  await expect(privacy.getByRole('row', { name: /The emails we send you/ })).toContainText('90 days after they are sent');
  await expect(privacy.getByRole('row', { name: /cash on delivery/ })).toContainText('Until we lift it');
  await expect(privacy).toContainText('with nothing that names you, so the shop’s accounts and figures still add up; and the record that we sent you the confirmation, without your address.');
  await page.goto('/returns');
  await expect(page.getByRole('heading', { name: 'Model withdrawal form' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale');
});

test('the payment step names the seller before the order is placed', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('article', { name: 'Dummy Marker' }).getByRole('button', { name: 'Add to Cart' }).click();
  await toPaymentStep(page);
  const seller = page.getByRole('form', { name: 'Payment Method' }).getByRole('region', { name: 'Sold by' });
  for (const part of COMPANY) await expect(seller).toContainText(part);
  await expect(seller.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
  await expectAccessible(page);
});

test.describe('withdrawing online', () => {
  // The wrong email's 404 and the missing IBAN's 400, staged on purpose; the customer on a 375 px phone.
  test.use({ allowedConsoleErrors: /status of 40[04] .*\/api\/orders\/withdrawal/, viewport: { width: 375, height: 740 } });

  test('a customer withdraws from a cash order online: confirmed on screen and by mail, and the owner sees it in the back office', async ({ page, request, browser, baseURL }) => {
    test.setTimeout(60_000);
    const email = `withdraw-${randomUUID().slice(0, 8)}@example.ro`;
    const placed = await request.post('/api/orders', { data: sampleOrder({ email }) });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { id: string; number: number; accessToken: string };

    // "Withdraw from contract here" on the order's own page opens the statement, its order found and filled in, and records nothing.
    const orderPage = `/orders/${order.id}?token=${order.accessToken}`;
    await page.goto(orderPage);
    await page.getByRole('main').getByRole('link', { name: 'Withdraw from contract here' }).click();
    await expect(page.getByRole('heading', { name: 'Your withdrawal statement' })).toBeFocused();
    const filledIn = page.getByRole('main').getByRole('definition');
    await expect(filledIn).toHaveText(['Ana Popescu', String(order.number), email]);
    await expect(page.getByRole('checkbox', { name: 'Dummy Lighter (Black)' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Dummy Phone Charger' })).toBeChecked();
    await expectAccessible(page);
    await page.goto(orderPage);
    await expect(page.getByRole('main').getByRole('link', { name: 'Withdraw from contract here' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('You withdrew');

    // So does the footer's, on every page; and the returns page's link to the form.
    await page.goto('/returns');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Withdraw from contract here' })).toHaveAttribute('href', '/returns/withdraw');
    await page.getByRole('link', { name: 'online withdrawal form' }).click();
    await expect(page).toHaveURL('/returns/withdraw');
    await expect(page).toHaveTitle('Withdraw from a purchase · Secret Stash');
    await expectAccessible(page);
    // A wrong email tells nothing about the order.
    await page.getByLabel('Order number').fill(String(order.number));
    await page.getByLabel('Email address').fill('someone-else@example.ro');
    await page.getByRole('button', { name: 'Find my order' }).click();
    await expect(page.getByRole('alert')).toHaveText(/We found no order with this number and email address/);

    // One of the two lighters, not the charger: only Confirm withdrawal records it.
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Find my order' }).click();
    await page.getByRole('checkbox', { name: 'Dummy Phone Charger' }).uncheck();
    await page.getByRole('combobox', { name: 'How many of Dummy Lighter (Black)' }).selectOption({ label: '1 of 2' });
    await page.getByLabel('Reason (optional)').fill('Changed my mind');
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(page.getByRole('heading', { name: 'We received your withdrawal' })).toBeFocused();
    await expect(page.getByRole('status')).toContainText(`Your withdrawal from order ${order.number} reached us on`);
    await expect(page.getByRole('status')).toContainText(`We have sent this receipt to ${email} too.`);
    // The receipt: the statement as it was sent, when it reached the shop, and what happens next.
    const receipt = page.getByRole('region', { name: 'We received your withdrawal' });
    await expect(receipt.getByRole('heading', { name: 'What you sent us' })).toBeVisible();
    for (const [term, value] of [
      ['Name', 'Ana Popescu'],
      ['Order number', String(order.number)],
      ['Email address', email],
      ['Products you are sending back', '1 × Dummy Lighter (Black)'],
      ['Reason (optional)', 'Changed my mind'],
    ]) {
      await expect(receipt.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]')).toHaveText(value!);
    }
    await expect(receipt.getByRole('term').filter({ hasText: 'Sent on' }).locator('xpath=following-sibling::dd[1]')).toHaveText(/\d{2}:\d{2}/);
    await expect(receipt.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    await expect(receipt).toContainText(`Send the products back within 14 days, to ${COMPANY[0]}`);
    await expect(receipt).toContainText(/by \d{1,2} [A-Z][a-z]+ \d{4} at the latest/);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    const mail = await caughtMail(email, `We received your withdrawal from order ${order.number}`);
    expect(mail.text).toContain('This mail is your confirmation of it.');
    expect(mail.text).toContain('Products you are sending back: 1 × Dummy Lighter (Black).');
    expect(mail.text).toContain('Changed my mind');
    // The order's own page says what was withdrawn from, and still offers the rest.
    await page.goto(`/orders/${order.id}?token=${order.accessToken}`);
    await expect(page.getByText(/^You withdrew from 1 × Dummy Lighter \(Black\) on .+\. Please send them back within 14 days of that day; we refund you by .+ at the latest\.$/)).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Withdraw from contract here' }).click();
    await expect(page.getByRole('checkbox', { name: 'Dummy Lighter (Black)' })).toBeChecked();
    await expect(page.getByRole('main')).toContainText('Dummy Lighter (Black)');
    await expect(page.getByRole('combobox', { name: 'How many of Dummy Lighter (Black)' })).toHaveCount(0);

    const owner = await browser.newContext({ baseURL });
    try {
      await signInOwnerByApi(owner.request, baseURL!);
      const admin = answeringToInput(await owner.newPage());
      await admin.goto(`/admin?q=${order.number}`);
      // The owner on the same 375 px phone: the order is a card there.
      const card = admin.getByRole('list', { name: 'Orders, newest first' }).getByRole('link', { name: new RegExp(`^Order ${order.number}`) });
      await expect(card).toContainText('Withdrawal requested');
      await card.click();
      const notice = admin.getByRole('region', { name: 'The customer withdraws from this purchase' });
      await expect(notice).toContainText('1 × Dummy Lighter (Black) (0 received)');
      await expect(notice).toContainText('Reason: Changed my mind');
      await expect(notice).toContainText(/Refund due by \d{1,2} [A-Z][a-z]+ \d{4} at the latest/);
      await expect(admin.getByRole('region', { name: 'Timeline' })).toContainText('Withdrawal requested');
      await expectAccessible(admin);
    } finally {
      await owner.close();
    }
  });

  test('a customer who paid the courier in cash gives the IBAN for the refund, checked; the owner sees where to pay it', async ({ page, request, browser, baseURL }) => {
    test.setTimeout(60_000);
    const email = `withdraw-cash-${randomUUID().slice(0, 8)}@example.ro`;
    const placed = await request.post('/api/orders', { data: sampleOrder({ email }) });
    const order = (await placed.json()) as { id: string; number: number };
    const owner = await browser.newContext({ baseURL });
    try {
      const headers = { origin: baseURL! };
      await signInOwnerByApi(owner.request, baseURL!);
      // The owner runs it to delivery: the courier collected the cash.
      for (const [to, extra] of [
        ['confirmed', {}],
        ['shipped', { carrier: 'Sameday', trackingNumber: `IBAN-${order.number}` }],
        ['delivered', {}],
      ] as const) {
        const { version } = (await (await owner.request.get(`/api/admin/orders/${order.id}`)).json()) as { version: number };
        expect((await owner.request.post(`/api/admin/orders/${order.id}/status`, { data: { to, version, ...extra }, headers })).status()).toBe(200);
      }

      // On a 375 px phone: the statement and its receipt fit the screen.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`/returns/withdraw?number=${order.number}&email=${encodeURIComponent(email)}`);
      await expect(page.getByRole('heading', { name: 'Your withdrawal statement' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await expect(page.getByRole('alert')).toHaveText('You paid this order in cash: give the IBAN we pay your refund into.');
      const iban = page.getByLabel('IBAN for your refund');
      await iban.fill('RO49 AAAA 1B31 0075 9384 0001');
      await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await expect(page.getByRole('alert')).toHaveText(/^This IBAN is not valid/);
      await iban.fill('ro49 aaaa 1b31 0075 9384 0000');
      await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
      const receipt = page.getByRole('region', { name: 'We received your withdrawal' });
      await expect(receipt.getByRole('term').filter({ hasText: 'IBAN for your refund' }).locator('xpath=following-sibling::dd[1]')).toHaveText('RO49 AAAA 1B31 0075 9384 0000');
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);

      const admin = answeringToInput(await owner.newPage());
      await admin.goto(`/admin/orders/${order.id}`);
      await expect(admin.getByRole('region', { name: 'The customer withdraws from this purchase' })).toContainText('Paid in cash: refund by bank transfer to IBAN RO49 AAAA 1B31 0075 9384 0000.');
      await expectAccessible(admin);
    } finally {
      await owner.close();
    }
  });
});

/** The storefront's own origin: the only one any page may contact. */
test('only essential cookies and no third-party requests, for a guest and for a signed-in customer', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const own = new URL(baseURL!).origin;
  const contacted = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'http:' || url.protocol === 'https:') contacted.add(url.origin);
  });

  async function visitEveryPage() {
    for (const url of ['/', '/shop', '/shop/dummy-lighter', '/login', '/signup', '/reset-password', ...LEGAL_PAGES.map((legal) => legal.path), '/returns/withdraw']) {
      await page.goto(url);
      await expect(page.getByRole('contentinfo')).toContainText('EXEMPLU SRL');
      await page.waitForLoadState('networkidle');
    }
    // The checkout, step by step.
    await page.goto('/shop');
    await page
      .getByRole('article', { name: 'Dummy Marker' })
      .getByRole('button', { name: /Add to Cart|Add one more Dummy Marker/ })
      .click();
    await toPaymentStep(page);
    await page.waitForLoadState('networkidle');
  }

  await visitEveryPage();
  expect(await context.cookies(), 'a guest gets no cookie at all').toEqual([]);
  expect([...contacted]).toEqual([own]);

  await signUp(page, `cookies-${randomUUID().slice(0, 8)}@example.ro`);
  await visitEveryPage();
  await page.goto('/account/orders');
  await page.waitForLoadState('networkidle');
  const cookies = await context.cookies();
  // The session cookie better-auth sets (__Secure-… over HTTPS), as the Cookies page lists it; nothing else.
  expect(cookies.map((cookie) => cookie.name)).toEqual(['better-auth.session_token']);
  expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect([...contacted]).toEqual([own]);

  // Choosing a language adds the one preference cookie the switch sets (the Cookies page lists it), nothing more.
  await page.goto('/');
  await page.getByRole('button', { name: 'Română' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await page.waitForLoadState('networkidle');
  const withLanguage = await context.cookies();
  expect(withLanguage.map((cookie) => cookie.name).sort()).toEqual(['better-auth.session_token', 'lang']);
  // For the whole site, first-party, kept for a year (not for the session).
  const language = withLanguage.find((cookie) => cookie.name === 'lang')!;
  expect(language).toMatchObject({ value: 'ro', path: '/', sameSite: 'Lax', httpOnly: false });
  expect(language.expires * 1000).toBeGreaterThan(Date.now() + 360 * 24 * 60 * 60 * 1000);
  expect([...contacted]).toEqual([own]);
});
