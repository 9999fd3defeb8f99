import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { shopDay } from '../domain/locale';
import { withdrawalLastDay } from '../domain/withdrawal';
import { OWNER } from '../playwright.config';
import { answeringToInput, test as base, confirmAndShip, expect, expectAccessible, expectNoHorizontalScroll, fillShipping, signInOwnerByApi, typeOwnerCode } from './fixtures';

/**
 * The owner's session, signed in once per worker (sign-in attempts are limited per email), for the
 * tests that start signed in as the owner; the journey signs in through the page itself.
 */
const test = base.extend<{ ownerState: string }, { workerOwnerState: string }>({
  ownerState: async ({ workerOwnerState }, use) => use(workerOwnerState),
  workerOwnerState: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const context = await browser.newContext({ baseURL });
      await signInOwnerByApi(context.request, baseURL);
      const file = `${workerInfo.project.outputDir}/owner-state-${workerInfo.workerIndex}.json`;
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
});

const SHIPPING = {
  'First name': 'Ioana',
  'Last name': 'Ștefănescu',
  Country: 'Romania',
  City: 'Brașov',
  County: 'Brașov',
  Street: 'Strada Republicii',
  'Street number': '5',
  'Postal code': '500030',
  'Phone number': '0722 000 111',
};

/** A customer signs up and places a cash-on-delivery order for a Dummy Car Key; returns its id and number. */
async function placeOrderAsCustomer(page: Page) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(`buyer-${randomUUID().slice(0, 8)}@example.ro`);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/shop');
  await page.getByRole('article', { name: 'Dummy Car Key' }).getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Continue to Email' }).click();
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await fillShipping(page, SHIPPING);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order (COD)' }).click();
  const order = (await (await placed).json()) as { id: string; number: number };
  await page.getByRole('dialog', { name: 'Order placed' }).getByRole('button', { name: 'OK' }).click();
  return order;
}

/** The customer's My orders, reloaded, as they would check it. */
async function myOrder(page: Page, number: number) {
  await page.goto('/account/orders');
  return page.getByRole('article', { name: `Order ${number}` });
}

/** The customer's own browser, in English whatever the test's language (the steps above read the English shop). */
async function customerPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  return { page: answeringToInput(await context.newPage()), close: () => context.close() };
}

test.describe('the journey', () => {
  test('the owner signs in, sees a customer’s order arrive live, and runs it to delivery while the customer follows it', async ({ page, browser, baseURL }) => {
    // Two browsers and a dozen page loads on a small machine.
    test.setTimeout(120_000);
    await page.goto('/admin');
    await expect(page.getByText('Please sign in with the shop owner’s account.')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await typeOwnerCode(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Live: new orders appear here as they come.' })).toBeVisible();
    await expect(page).toHaveTitle('Orders — Back office');
    await expectAccessible(page);

    const customer = await customerPage(browser, baseURL!);
    try {
      const order = await placeOrderAsCustomer(customer.page);
      // Live, without a reload: within two seconds of the order being answered.
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: String(order.number), exact: true }) });
      await expect(row).toBeVisible({ timeout: 2_000 });
      await expect(row).toContainText('Ioana Ștefănescu');
      // The city, with its county under it (villages of one name are told apart by it).
      await expect(row.getByRole('cell', { name: /^Brașov\s*Brașov$/ })).toBeVisible();
      await expect(row).toContainText('84.98 RON');
      await expect(row).toContainText('Pending');
      await expect(row).toContainText(order.id.slice(0, 8));
      await expect(page).toHaveTitle(/^\(\d+\) Orders — Back office$/);

      await row.getByRole('link', { name: String(order.number), exact: true }).click();
      await expect(page.getByRole('heading', { name: `Order ${order.number}`, level: 1 })).toBeVisible();
      await expect(page.getByText(order.id, { exact: true })).toBeVisible();
      await expect(page).toHaveTitle(`Order ${order.number} — Back office`);
      // The phone as stored (E.164), the address with its county.
      await expect(page.getByRole('link', { name: '+40722000111' })).toHaveAttribute('href', 'tel:+40722000111');
      await expect(page.getByText('500030 Brașov, Brașov')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Items' })).toContainText('Dummy Car Key');
      // Each line's VAT and the order's, for an invoice: 64.99 → 11.28, shipping 19.99 → 3.47, 14.75 in all.
      await expect(page.getByRole('cell', { name: '11.28 RON 21%' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Items' })).toContainText('of which VAT 21%14.75 RON');
      await expect(page.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'The order is confirmed.' })).toBeVisible();
      await expect(page.getByText('Status: Confirmed')).toBeVisible();
      await expect(await myOrder(customer.page, order.number)).toContainText('Confirmed, being prepared');

      const ship = page.getByRole('form', { name: 'Ship the order' });
      await ship.getByRole('button', { name: 'Ship' }).click();
      await expect(page.getByRole('alert')).toHaveText('Tracking number is required.');
      await ship.getByLabel('Carrier', { exact: true }).selectOption('Sameday');
      await ship.getByLabel('Tracking number (AWB)').fill('AWB-E2E-1001');
      await ship.getByRole('button', { name: 'Ship' }).click();
      await expect(page.getByText('Status: Shipped')).toBeVisible();
      const shipped = await myOrder(customer.page, order.number);
      await expect(shipped).toContainText('Shipped');
      await expect(shipped).toContainText('Sameday');
      await expect(shipped).toContainText('AWB-E2E-1001');

      await page.getByRole('button', { name: 'Mark delivered' }).click();
      await expect(page.getByText('Status: Delivered')).toBeVisible();
      await expect(page.getByText('Nothing more to do: the order is delivered.')).toBeVisible();
      const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
      await expect(timeline).toHaveText([
        /Placed: Pending.*Customer/,
        /Pending → Confirmed.*Owner \(owner@example\.ro\)/,
        /Confirmed → Shipped.*Sameday, tracking number AWB-E2E-1001/,
        /Shipped → Delivered/,
      ]);
      await expect(await myOrder(customer.page, order.number)).toContainText('Delivered');
      // From delivery, the customer has 14 days to withdraw (to the next working day): both see the last one.
      const lastDay = withdrawalLastDay(new Date());
      await expect(page.getByText(`The customer may withdraw until the end of ${shopDay(lastDay, 'en')}`)).toBeVisible();
      await expectAccessible(page);
      await customer.page.goto(`/orders/${order.id}`);
      await expect(customer.page.getByText(`Changed your mind? You may withdraw until the end of ${shopDay(lastDay, 'en')}.`)).toBeVisible();
      await expect(customer.page.getByRole('main').getByRole('link', { name: 'Withdraw from contract here' })).toHaveAttribute('href', /\/returns\/withdraw\?number=/);
      // The day after that day, in Bucharest, the page says the period is over, and offers no form.
      await customer.page.clock.setFixedTime(new Date(`${lastDay}T23:30:00Z`));
      await customer.page.reload();
      await expect(customer.page.getByText(`The withdrawal period for this order ended on ${shopDay(lastDay, 'en')}.`)).toBeVisible();
      await expect(customer.page.getByRole('main').getByRole('link', { name: 'Withdraw from contract here' })).toHaveCount(0);
    } finally {
      await customer.close();
    }
  });
});

test.describe('signed in as the owner', () => {
  test.use({ storageState: async ({ ownerState }, use) => use(ownerState) });

  test('filters live in the URL, the CSV link carries them, and the export downloads for Excel', async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel('Status').selectOption('pending');
    await page.getByLabel('Search').fill('ioana');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/\/admin\?status=pending&q=ioana$/);
    const csv = page.getByRole('link', { name: 'Download CSV (filtered)' });
    await expect(csv).toHaveAttribute('href', '/api/admin/orders.csv?status=pending&q=ioana');
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('pending');
    await expect(page.getByLabel('Search')).toHaveValue('ioana');

    const downloading = page.waitForEvent('download');
    await csv.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('Order number,Date,Name,Phone');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expectAccessible(page);
  });

  test('the dashboard points out shipments not marked delivered in time, and lists them', async ({ page, browser, baseURL }) => {
    const customer = await customerPage(browser, baseURL!);
    const order = await placeOrderAsCustomer(customer.page).finally(() => customer.close());
    await page.goto(`/admin/orders/${order.id}`);
    await confirmAndShip(page, 'AWB-E2E-LATE');

    // This shop points out every shipped order (SHIPMENT_OVERDUE_DAYS=0 in playwright.config.ts; 7 days by default).
    await page.goto('/admin');
    await expect(page.getByText(/, not yet marked delivered or returned: check with the courier\.$/)).toBeVisible();
    await page.getByRole('link', { name: /^\d+ orders? shipped more than 0 days ago$/ }).click();
    await expect(page).toHaveURL(/\/admin\?status=overdue$/);
    await expect(page.getByLabel('Status').locator('option:checked')).toHaveText('Overdue shipments');
    const list = page.getByRole('region', { name: 'Orders, newest first' });
    const link = page.getByRole('link', { name: String(order.number), exact: true });
    await expect(list.getByRole('row').filter({ has: link })).toContainText('Shipped');
    // Only shipped orders (asked of the API: the page's rows follow other specs' orders live, delivered meanwhile).
    const overdue = (await (await page.request.get('/api/admin/orders?status=overdue')).json()) as { orders: { status: string }[] };
    expect(new Set(overdue.orders.map((row) => row.status))).toEqual(new Set(['shipped']));
    await expect(page.getByRole('link', { name: 'Download CSV (filtered)' })).toHaveAttribute('href', '/api/admin/orders.csv?status=overdue');
    await expectAccessible(page);

    // The customer asks to withdraw while it travels: the timeline says so, and names the shipment once.
    const { email } = (await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as { email: string };
    const found = (await (await page.request.post('/api/orders/withdrawal/order', { data: { orderNumber: order.number, email } })).json()) as { lines: { id: number; left: number }[] };
    const lines = found.lines.map((line) => ({ lineId: line.id, quantity: line.left }));
    expect((await page.request.post('/api/orders/withdrawal', { data: { orderNumber: order.number, email, lines } })).status()).toBe(201);
    await link.click();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('Withdrawal requested');
    await expect(timeline.getByText('Sameday, tracking number AWB-E2E-LATE')).toHaveCount(1);

    // Marked delivered, it is no longer overdue.
    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(page.getByText('Status: Delivered')).toBeVisible();
    await page.goto('/admin?status=overdue');
    // Loaded (other specs' shipped orders may be there), and this one is not.
    await expect(page.getByText('No orders match.').or(list)).toBeVisible();
    await expect(page.getByRole('link', { name: String(order.number), exact: true })).toHaveCount(0);
  });

  test.describe('changed meanwhile', () => {
    // The refused change is a 409 the browser logs; the page shows its message.
    test.use({ allowedConsoleErrors: /status of 409/ });

    test('a change from an outdated page gets the 409 message and the order as it is now', async ({ page, browser, baseURL }) => {
      const customer = await customerPage(browser, baseURL!);
      const order = await placeOrderAsCustomer(customer.page).finally(() => customer.close());
      await page.goto(`/admin/orders/${order.id}`);
      await expect(page.getByText('Status: Pending')).toBeVisible();
      // Another tab cancels it meanwhile.
      const other = await page.request.post(`/api/admin/orders/${order.id}/status`, { data: { to: 'cancelled', version: 1, reason: 'Duplicate order' }, headers: { origin: baseURL! } });
      expect(other.status()).toBe(200);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('alert')).toHaveText('This order was changed meanwhile (now: Cancelled). Look at it again before changing it.');
      await expect(page.getByText('Status: Cancelled')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
      await expect(page.getByText('Duplicate order')).toHaveCount(2); // the reason, and the timeline's note
    });
  });

  test.describe('owners', () => {
    // Promoting an email without an account is answered 404, which the browser logs.
    test.use({ allowedConsoleErrors: /status of 404/ });

    test('the owners page lists the owner and says when an email has no account', async ({ page }) => {
      await page.goto('/admin');
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Owners' }).click();
      await expect(page.getByRole('heading', { name: 'Owners', level: 1 })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: OWNER.email })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/admin/products');
      await page.getByLabel('Email of the account').fill('nobody-e2e@example.ro');
      await page.getByRole('button', { name: 'Make owner' }).click();
      await expect(page.getByRole('alert')).toHaveText('There is no account for nobody-e2e@example.ro. Ask them to sign up in the shop first, then make them an owner.');
      await expectAccessible(page);
    });
  });

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the list and an order page fit: the orders are cards there (e2e/phone-header.spec.ts)', async ({ page, browser, baseURL }) => {
      const customer = await customerPage(browser, baseURL!);
      const order = await placeOrderAsCustomer(customer.page).finally(() => customer.close());
      await page.goto('/admin');
      await expect(page.getByRole('list', { name: 'Orders, newest first' }).getByRole('link', { name: new RegExp(`^Order ${order.number}`) })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await page.goto(`/admin/orders/${order.id}`);
      await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
    });
  });
});

test.describe('in Romanian', () => {
  test.use({ locale: 'ro-RO', storageState: async ({ ownerState }, use) => use(ownerState) });

  test('the owner sees the dashboard and the orders in Romanian, amounts in lei', async ({ page, browser, baseURL }) => {
    const customer = await customerPage(browser, baseURL!);
    const order = await placeOrderAsCustomer(customer.page).finally(() => customer.close());
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Comenzi', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Comenzi — Administrare');
    await expect(page.getByRole('navigation', { name: 'Administrare' }).getByRole('link', { name: 'Produse' })).toHaveAttribute('href', '/admin/products');
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();

    const glance = page.getByRole('region', { name: 'Ziua de azi, pe scurt' });
    await expect(glance.getByRole('list').first().getByRole('link')).toHaveText([/^Comenzi azi\d+$/, /^Te așteaptă\d+$/, /^Livrate luna aceasta[\d.]+,\d\d\slei$/]);
    await expect(page.getByRole('status').filter({ hasText: 'În timp real: comenzile noi apar aici pe măsură ce vin.' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Filtrează comenzile' }).getByLabel('Stare')).toContainText('Toate stările');
    await expect(page.getByRole('link', { name: 'Descarcă CSV' })).toBeVisible();

    const list = page.getByRole('region', { name: 'Comenzi, cele mai noi întâi' });
    await expect(list.getByRole('columnheader')).toHaveText(['Comandă', 'Plasată', 'Client', 'Telefon', 'Oraș', 'Total', 'Plată', 'Stare']);
    const row = list.getByRole('row').filter({ has: page.getByRole('link', { name: String(order.number), exact: true }) });
    await expect(row).toContainText(/84,98\slei/);
    await expect(row).toContainText('Plată la livrare');
    await expect(row).toContainText('În așteptare');
    await expectAccessible(page);
  });

  test('the owner opens an order and moves it on in Romanian; on a 375 px phone it fits', async ({ page, browser, baseURL }) => {
    const customer = await customerPage(browser, baseURL!);
    const order = await placeOrderAsCustomer(customer.page).finally(() => customer.close());
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Comanda ${order.number}`, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`Comanda ${order.number} — Administrare`);
    await expect(page.getByRole('link', { name: '← Toate comenzile' })).toHaveAttribute('href', '/admin');
    await expect(page.getByText('Stare: În așteptare · plasată pe')).toBeVisible();
    const items = page.getByRole('region', { name: 'Produse' });
    await expect(items.getByRole('columnheader')).toHaveText(['Produs', 'Preț unitar', 'Cantitate', 'Valoare', 'TVA']);
    await expect(items.getByRole('cell', { name: /^11,28\slei 21%$/ })).toBeVisible();
    await expect(items).toContainText(/din care TVA 21%14,75\slei/);
    await expect(page.getByRole('region', { name: 'Client și livrare' }).getByRole('term')).toHaveText(['Nume', 'Telefon', 'E-mail', 'Adresă']);
    await expect(page.getByRole('region', { name: 'Plată și expediere' })).toContainText(/Plată la livrare · Plată la livrare: 84,98\slei de încasat/);
    await expect(page.getByRole('region', { name: 'Istoric' }).getByRole('listitem')).toHaveText([/^Plasată: În așteptare.*Client$/]);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Confirmă' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Comanda este confirmată.' })).toBeVisible();
    await expect(page.getByText('Stare: Confirmată')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Istoric' }).getByRole('listitem').last()).toHaveText(/^În așteptare → Confirmată.*Proprietar \(owner@example\.ro\)$/);
    const ship = page.getByRole('form', { name: 'Expediază comanda' });
    await expect(ship.getByLabel('Curier', { exact: true })).toBeVisible();
    await ship.getByRole('button', { name: 'Expediază' }).click();
    await expect(page.getByRole('alert')).toHaveText('Completează câmpul „Număr de urmărire”.');
    await expect(page.getByRole('form', { name: 'Anulează comanda' }).getByLabel('Motivul anulării')).toBeVisible();
    await expectAccessible(page);

    // The shipment on the timeline, in Romanian.
    await ship.getByLabel('Număr de urmărire (AWB)').fill('AWB-RO-1');
    await ship.getByRole('button', { name: 'Expediază' }).click();
    await expect(page.getByRole('region', { name: 'Istoric' }).getByRole('listitem').last()).toHaveText(/^Confirmată → Expediată.*, număr de urmărire AWB-RO-1$/);

    // Romanian words are longer: the whole order page still fits a phone.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole('heading', { name: `Comanda ${order.number}` })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
});

test.describe('no back office for others', () => {
  test('a visitor gets a sign-in prompt and no data', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByText('Please sign in with the shop owner’s account.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fadmin');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
    expect((await page.request.get('/api/admin/orders')).status()).toBe(401);
    await expectAccessible(page);
  });

  test('a customer is told it is for the owner only, and gets no data', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Email').fill(`curious-${randomUUID().slice(0, 8)}@example.ro`);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/orders/00000000-0000-0000-0000-000000000000');
    await expect(page.getByText('This is for the shop’s owner only.')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Order/ })).toHaveCount(0);
    expect((await page.request.get('/api/admin/orders')).status()).toBe(403);
    await expectAccessible(page);
  });
});
