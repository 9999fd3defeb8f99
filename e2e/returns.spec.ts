import type { APIRequestContext, Page } from '@playwright/test';
import { addDays } from '../domain/calendar';
import { bucharestDay, shopDay } from '../domain/locale';
import { refundDueDay } from '../domain/withdrawal';
import { CARD_SHOP_PORT, CARD_SMTP_CONTROL_PORT, FAKE_CARGUS_CONTROL_PORT, FAKE_SAMEDAY_CONTROL_PORT, FAKE_STRIPE_PORT } from '../playwright.config';
import { sampleOrder } from '../testing/sampleOrder';
import { expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';
import { caughtMail, smtpMail } from './mails';

let placed = 0;

/**
 * A cash order of two black lighters and a phone charger, run to delivered by the owner (the courier collected the
 * cash, its invoice issued), then withdrawn from entirely by its customer, with the IBAN of the refund.
 */
async function withdrawnOrder(page: Page, request: APIRequestContext) {
  const email = `returns-${Date.now()}-${++placed}@example.ro`;
  const answer = await request.post('/api/orders', { data: sampleOrder({ email }) });
  expect(answer.status()).toBe(201);
  const order = (await answer.json()) as { id: string; number: number; accessToken: string };
  const origin = new URL(page.url()).origin;
  for (const [to, extra] of [
    ['confirmed', {}],
    ['shipped', { carrier: 'Sameday', trackingNumber: `RET-${order.number}` }],
    ['delivered', {}],
  ] as const) {
    const { version } = (await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as { version: number };
    expect((await page.request.post(`/api/admin/orders/${order.id}/status`, { data: { to, version, ...extra }, headers: { origin } })).status()).toBe(200);
  }
  const found = (await (await request.post('/api/orders/withdrawal/order', { data: { orderNumber: order.number, email } })).json()) as { lines: { id: number; quantity: number }[] };
  const stated = await request.post('/api/orders/withdrawal', {
    data: { orderNumber: order.number, email, lines: found.lines.map((line) => ({ lineId: line.id, quantity: line.quantity })), iban: 'RO49 AAAA 1B31 0075 9384 0000' },
  });
  expect(stated.status()).toBe(201);
  return { ...order, email, statedAt: new Date(((await stated.json()) as { requestedAt: string }).requestedAt) };
}

test.describe('the owner’s returns, on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('receives one of two products: its credit note, valid for e-Factura, and the cash refund recorded paid by transfer to the IBAN; the customer is told', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signInAsOwner(page);
    const order = await withdrawnOrder(page, request);
    await page.goto(`/admin/orders/${order.id}`);
    const withdrawal = page.getByRole('region', { name: 'The customer withdraws from this purchase' });
    await expect(withdrawal).toContainText('2 × Dummy Lighter (Black) (0 received)');
    await expect(withdrawal).toContainText('Paid in cash: refund by bank transfer to IBAN RO49 AAAA 1B31 0075 9384 0000.');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // The customer sends the parcel themselves: it is on its way back.
    await withdrawal.getByRole('button', { name: 'The customer sends it themselves' }).click();
    await expect(withdrawal).toContainText('On its way back');
    await expect(withdrawal.getByRole('button', { name: 'The customer sends it themselves' })).toHaveCount(0);

    // The lighters came back; the charger has not yet.
    const received = withdrawal.getByRole('form', { name: 'Goods received back' });
    await received.getByRole('combobox', { name: 'Received of Dummy Phone Charger' }).selectOption({ label: '0 of 1' });
    await received.getByRole('button', { name: 'Received' }).click();
    await expect(withdrawal).toContainText('2 × Dummy Lighter (Black) (2 received)');
    await expect(withdrawal).toContainText('Received in part');
    const refund = withdrawal.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
    await expect(refund).toContainText(/^79\.98\sRON by bank transfer \(credit note SST-\d{4,}\): to pay/);
    const creditNote = /credit note (SST-\d{4,})/.exec((await refund.textContent())!)![1]!;

    // Its credit note, of the lighters only, is checked for e-Factura within seconds (the background check runs every 5 s).
    // On this phone each invoice is a card (issue 46).
    const invoices = page.getByRole('list', { name: `Invoices and credit notes of order ${order.number}` });
    await expect(async () => {
      await page.reload();
      await expect(invoices.getByRole('listitem').filter({ hasText: creditNote }).getByRole('definition').getByText('Valid', { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const xml = await page.request.get((await invoices.getByRole('link', { name: `e-Factura XML of invoice ${creditNote}` }).getAttribute('href'))!);
    const text = await xml.text();
    expect(text).toContain('<cbc:PayableAmount currencyID="RON">79.98</cbc:PayableAmount>');
    expect(text).not.toContain('Dummy Phone Charger');

    // The owner paid it by bank transfer today.
    await refund.getByRole('button', { name: 'Record the transfer' }).click();
    await expect(refund).toContainText(`paid on ${shopDay(bucharestDay(new Date()), 'en')}`);
    await expect(refund.getByRole('button', { name: 'Record the transfer' })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    const mail = await caughtMail(order.email, `Your refund for order ${order.number}`);
    expect(mail.text).toContain('We refunded you 79.98 RON by bank transfer to RO49 AAAA 1B31 0075 9384 0000');
    // The customer's order page (their own browser, signed out) says so too, with the credit note among its documents.
    const customer = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    try {
      const own = await customer.newPage();
      await own.goto(`/orders/${order.id}?token=${order.accessToken}`);
      await expect(own.getByText(`We refunded you 79.98 RON by bank transfer on ${shopDay(bucharestDay(new Date()), 'en')}.`)).toBeVisible();
      await expect(own.getByRole('link', { name: `Credit note ${creditNote} (PDF)` })).toBeVisible();
      await expectNoHorizontalScroll(own);
      await expectAccessible(own);
    } finally {
      await customer.close();
    }
  });

  test('lists the open returns, and the dashboard warns two days before a refund is due and once it is late, by the page’s clock', async ({ page, request }) => {
    test.setTimeout(60_000);
    await signInAsOwner(page);
    const order = await withdrawnOrder(page, request);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Returns' }).click();
    const open = page.getByRole('region', { name: 'Open' });
    const item = open.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order ${order.number}`, exact: true }) });
    await expect(item).toContainText('Requested · 0 of 3 units received');
    await expect(item).toContainText(`Refund due by ${shopDay(refundDueDay(order.statedAt), 'en')} at the latest`);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    const dueDay = refundDueDay(order.statedAt);
    const noon = (day: string) => new Date(`${day}T10:00:00Z`);
    await page.clock.setFixedTime(noon(addDays(dueDay, -5)));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /refunds? (is|are) due within two days/ })).toHaveCount(0);

    await page.clock.setFixedTime(noon(addDays(dueDay, -1)));
    await page.goto('/admin');
    const due = page.getByRole('link', { name: /withdrawals?’s? refunds? (is|are) due within two days/ });
    await expect(due).toBeVisible();
    await expectAccessible(page);

    await page.clock.setFixedTime(noon(addDays(dueDay, 1)));
    await page.goto('/admin');
    await expect(page.getByRole('link', { name: /refunds? (is|are) past the 14 days the law gives/ })).toBeVisible();
    await page.getByRole('link', { name: /refunds? (is|are) past the 14 days the law gives/ }).click();
    await expect(page.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Open' })
        .getByRole('listitem')
        .filter({ hasText: `Order ${order.number}` }),
    ).toContainText(/The refund was due by .+: it is late\./);
  });
});

/**
 * A cash order of a dummy car key shipped with `courier` through Create AWB (the API's), delivered, and withdrawn from by
 * its customer: its return AWB goes with that courier.
 */
async function withdrawnAfterCourier(page: Page, request: APIRequestContext, courier: 'sameday' | 'cargus') {
  const email = `return-awb-${courier}-${Date.now()}-${++placed}@example.ro`;
  const answer = await request.post('/api/orders', { data: sampleOrder({ email, lines: [{ productId: '2', quantity: 1 }] }) });
  expect(answer.status()).toBe(201);
  const order = (await answer.json()) as { id: string; number: number; accessToken: string };
  const origin = new URL(page.url()).origin;
  const version = async () => ((await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as { version: number }).version;
  expect((await page.request.post(`/api/admin/orders/${order.id}/status`, { data: { to: 'confirmed', version: await version() }, headers: { origin } })).status()).toBe(200);
  const awb = await page.request.post(`/api/admin/orders/${order.id}/awb`, {
    data: { courier, parcels: 1, weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10, declaredValue: 6499, openPackage: false, version: await version() },
    headers: { origin },
  });
  expect(awb.status(), await awb.text()).toBe(201);
  expect((await page.request.post(`/api/admin/orders/${order.id}/status`, { data: { to: 'delivered', version: await version() }, headers: { origin } })).status()).toBe(200);
  const found = (await (await request.post('/api/orders/withdrawal/order', { data: { orderNumber: order.number, email } })).json()) as { lines: { id: number; quantity: number }[] };
  const stated = await request.post('/api/orders/withdrawal', {
    data: { orderNumber: order.number, email, lines: found.lines.map((line) => ({ lineId: line.id, quantity: line.quantity })), iban: 'RO49 AAAA 1B31 0075 9384 0000' },
  });
  expect(stated.status()).toBe(201);
  return { ...order, email };
}

test.describe('the owner’s return AWB, on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('with Sameday, left by the customer in an easybox of their town: the customer is mailed the label and finds it on their order’s page', async ({ page, request, browser, baseURL }) => {
    test.setTimeout(90_000);
    await signInAsOwner(page);
    const order = await withdrawnAfterCourier(page, request, 'sameday');
    await page.goto(`/admin/orders/${order.id}`);
    const withdrawal = page.getByRole('region', { name: 'The customer withdraws from this purchase' });
    const form = withdrawal.getByRole('form', { name: 'Return AWB' });
    await expect(form).toContainText('With Sameday, from the customer’s address to yours, nothing to collect; the customer gets its label by email.');
    await form.getByRole('radio', { name: 'The customer leaves it in an easybox' }).check();
    // The easyboxes of the customer's town (Cluj-Napoca), by name and address.
    const easybox = form.getByRole('combobox', { name: 'Easybox' });
    await expect(easybox.getByRole('option')).toHaveCount(2);
    await easybox.selectOption({ index: 1 });
    const chosen = (await easybox.locator('option:checked').textContent())!;
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Create return AWB' }).click();

    const made = withdrawal.getByText(/^Return AWB (1SDY\d+) with Sameday: the customer leaves it in easybox/);
    await expect(made).toBeVisible();
    await expect(withdrawal).toContainText('On its way back');
    await expect(withdrawal.getByRole('form', { name: 'Return AWB' })).toHaveCount(0);
    await expect(withdrawal.getByRole('button', { name: 'The customer sends it themselves' })).toHaveCount(0);
    const awb = /Return AWB (\S+) with/.exec((await made.textContent())!)![1]!;
    expect(await made.textContent()).toContain(chosen.split(',')[0]);
    const label = await page.request.get((await withdrawal.getByRole('link', { name: 'Return label (PDF)' }).getAttribute('href'))!);
    expect([label.status(), label.headers()['content-type']]).toEqual([200, 'application/pdf']);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // What Sameday was asked: a pickup from the customer (a third party) to the shop, from the easybox chosen, no cash.
    const [sent] = (await (await request.get(`http://127.0.0.1:${FAKE_SAMEDAY_CONTROL_PORT}/awbs?reference=${order.number}-R1`)).json()) as { awbNumber: string; form: Record<string, string> }[];
    expect(sent).toMatchObject({ awbNumber: awb, form: { thirdPartyPickup: '1', 'thirdParty[name]': 'Ana Popescu', 'awbRecipient[name]': 'EXEMPLU SRL', cashOnDelivery: '0' } });
    expect(['2101', '2102']).toContain(sent!.form.lockerFirstMile);

    const mail = await caughtMail(order.email, `Your return label for order ${order.number}`);
    expect(mail.text).toContain(`Leave the parcel in easybox`);
    expect(mail.text).toContain(`under Sameday AWB ${awb}`);
    const link = mail.links.find((item) => item.text === `Download the return label, AWB ${awb} (PDF)`)!;
    // The customer (their own browser, signed out) opens it from the mail, and finds it on their order's page.
    const customer = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    try {
      const fromMail = await customer.request.get(new URL(link.href).pathname + new URL(link.href).search);
      expect([fromMail.status(), (await fromMail.body()).subarray(0, 4).toString('latin1')]).toEqual([200, '%PDF']);
      const own = await customer.newPage();
      await own.goto(`/orders/${order.id}?token=${order.accessToken}`);
      await expect(own.getByRole('link', { name: `Return label, AWB ${awb} (PDF)` })).toBeVisible();
      await expectNoHorizontalScroll(own);
      await expectAccessible(own);
    } finally {
      await customer.close();
    }
  });

  test('with Cargus, picked up at the customer’s address (AwbPickup), nothing to collect', async ({ page, request }) => {
    test.setTimeout(60_000);
    await signInAsOwner(page);
    const order = await withdrawnAfterCourier(page, request, 'cargus');
    await page.goto(`/admin/orders/${order.id}`);
    const withdrawal = page.getByRole('region', { name: 'The customer withdraws from this purchase' });
    const form = withdrawal.getByRole('form', { name: 'Return AWB' });
    await expect(form).toContainText('With Cargus, from the customer’s address to yours');
    // Only Sameday offers an easybox.
    await expect(form.getByRole('radio')).toHaveCount(0);
    await form.getByRole('button', { name: 'Create return AWB' }).click();
    const made = withdrawal.getByText(/^Return AWB (\d+) with Cargus: picked up at the customer’s address\./);
    await expect(made).toBeVisible();
    await expect(withdrawal).toContainText('On its way back');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    const awb = /Return AWB (\S+) with/.exec((await made.textContent())!)![1]!;
    const [sent] = (await (await request.get(`http://127.0.0.1:${FAKE_CARGUS_CONTROL_PORT}/awbs?reference=${order.number}-R1`)).json()) as {
      barCode: string;
      pickup: boolean;
      request: Record<string, unknown>;
    }[];
    expect(sent).toMatchObject({
      barCode: awb,
      pickup: true,
      request: { Sender: { Name: 'Ana Popescu', LocalityName: 'Cluj-Napoca' }, Recipient: { LocationId: 0 }, CashRepayment: 0, BankRepayment: 0, ShipmentPayer: 1 },
    });
    const mail = await caughtMail(order.email, `Your return label for order ${order.number}`);
    expect(mail.text).toContain(`Cargus will pick the parcel up at your address in the next working days, under AWB ${awb}`);
  });
});

test.describe('a card order’s refund, on a 375 px phone', () => {
  test.use({ baseURL: `http://127.0.0.1:${CARD_SHOP_PORT}`, viewport: { width: 375, height: 740 } });

  test('the owner refunds the goods sent back to the card: exactly the credited amount, once, a double click included', async ({ page, request }) => {
    test.setTimeout(90_000);
    await signInAsOwner(page);
    const email = `card-return-${Date.now()}@example.ro`;
    const placed = await request.post('/api/orders', { data: sampleOrder({ email, paymentMethod: 'card', lines: [{ productId: '2', quantity: 1 }] }) });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { id: string; number: number; checkoutUrl: string };
    // Paid on Stripe's page (the fake's): Stripe tells the shop by its webhook.
    await page.goto(order.checkoutUrl);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/success\?session_id=cs_test_/);
    const origin = new URL(page.url()).origin;
    await expect.poll(async () => ((await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as { status: string }).status).toBe('paid');
    for (const [to, extra] of [
      ['shipped', { carrier: 'Sameday', trackingNumber: `CARD-${order.number}` }],
      ['delivered', {}],
    ] as const) {
      const { version } = (await (await page.request.get(`/api/admin/orders/${order.id}`)).json()) as { version: number };
      expect((await page.request.post(`/api/admin/orders/${order.id}/status`, { data: { to, version, ...extra }, headers: { origin } })).status()).toBe(200);
    }
    const found = (await (await request.post('/api/orders/withdrawal/order', { data: { orderNumber: order.number, email } })).json()) as { lines: { id: number; quantity: number }[] };
    expect(
      (await request.post('/api/orders/withdrawal', { data: { orderNumber: order.number, email, lines: found.lines.map((line) => ({ lineId: line.id, quantity: line.quantity })) } })).status(),
    ).toBe(201);

    await page.goto(`/admin/orders/${order.id}`);
    const withdrawal = page.getByRole('region', { name: 'The customer withdraws from this purchase' });
    await withdrawal.getByRole('form', { name: 'Goods received back' }).getByRole('button', { name: 'Received' }).click();
    const refund = withdrawal.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
    await expect(refund).toContainText(/^84\.98\sRON to the card \(credit note SST-\d{4,}\): to pay/);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await refund.getByRole('button', { name: 'Refund to the card' }).dblclick();
    await expect(refund).toContainText(`paid on ${shopDay(bucharestDay(new Date()), 'en')}`);
    await expect(refund.getByRole('button', { name: 'Refund to the card' })).toHaveCount(0);
    await expectAccessible(page);

    // At Stripe (the fake's own list): one refund of the whole sum, on this order's payment.
    const stripe = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;
    const session = (await (await request.get(`${stripe}/v1/checkout/sessions/${order.checkoutUrl.split('/').at(-1)}`)).json()) as { payment_intent: string };
    const made = ((await (await request.get(`${stripe}/v1/refunds`)).json()) as { data: { payment_intent: string; amount: number; status: string }[] }).data.filter(
      (item) => item.payment_intent === session.payment_intent,
    );
    expect(made).toEqual([expect.objectContaining({ amount: 8498, status: 'succeeded' })]);
    const mail = await smtpMail(`http://127.0.0.1:${CARD_SMTP_CONTROL_PORT}`, email, `Your refund for order ${order.number}`);
    expect(mail.text).toContain('We refunded you 84.98 RON to the card you paid with');
  });
});
