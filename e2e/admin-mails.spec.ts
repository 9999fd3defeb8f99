import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_MAILS_SHOP_PORT, FAKE_SMTP_CONTROL_PORT, OWNER } from '../playwright.config';
import { sampleOrder } from '../testing/sampleOrder';
import { expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, signInOwnerByApi, test } from './fixtures';

// A shop of its own whose SMTP server (testing/fakeSmtpMain.ts) refuses mails until a test lets it
// accept them, and which gives a mail up at its first failure (MAIL_GIVE_UP_HOURS=0).
const ORIGIN = `http://127.0.0.1:${ADMIN_MAILS_SHOP_PORT}`;
const SMTP_CONTROL = `http://127.0.0.1:${FAKE_SMTP_CONTROL_PORT}`;
test.use({ baseURL: ORIGIN });
// One mail server whose state the tests switch: one test at a time.
test.describe.configure({ mode: 'serial' });

interface CaughtMail {
  messageId: string;
  to: string[];
  subject: string;
}

async function smtpRefuses(request: APIRequestContext, refusing: boolean) {
  expect((await request.post(`${SMTP_CONTROL}/${refusing ? 'refuse' : 'accept'}`)).status()).toBe(200);
}

/** The mails the SMTP server took for this address. */
async function mailsTo(request: APIRequestContext, address: string): Promise<CaughtMail[]> {
  const mails = (await (await request.get(`${SMTP_CONTROL}/mails`)).json()) as CaughtMail[];
  return mails.filter((mail) => mail.to.includes(address));
}

/** A guest orders through the shop's API, as the checkout does; returns its id, number and the customer's address. */
async function placeOrder(request: APIRequestContext) {
  const email = `mail-${randomUUID().slice(0, 8)}@example.ro`;
  const response = await request.post('/api/orders', { data: sampleOrder({ email, lines: [{ productId: '2', quantity: 1 }] }) });
  expect(response.status()).toBe(201);
  return { ...((await response.json()) as { id: string; number: number }), email };
}

/** The row of one mail of an order on /admin/mails. */
const mailRow = (page: Page, mail: string, orderNumber: number) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: mail }) })
    .filter({ has: page.getByRole('link', { name: String(orderNumber), exact: true }) });

test('the owner sees the mails the shop gave up on, and sends them again once the mail server is back', async ({ page, request }) => {
  test.setTimeout(120_000);
  await smtpRefuses(request, true);
  const order = await placeOrder(request);
  await signInAsOwner(page);

  // The dashboard says so as soon as both mails are given up (the delivery loop runs every second).
  await page.goto('/admin');
  const notice = page.getByRole('link', { name: /mails? could not be sent/ });
  await expect(async () => {
    await page.reload();
    await expect(notice).toHaveText('2 mails could not be sent', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expectAccessible(page);
  await notice.click();

  await expect(page).toHaveURL(/\/admin\/mails$/);
  await expect(page.getByRole('heading', { name: 'Mails that could not be sent', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Mails that could not be sent — Back office');
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Mails' })).toHaveAttribute('aria-current', 'page');
  const confirmation = mailRow(page, 'Order confirmation', order.number);
  const alert = mailRow(page, 'New order alert', order.number);
  await expect(confirmation).toContainText(order.email);
  await expect(confirmation).toContainText('451');
  await expect(confirmation.getByRole('cell').nth(2)).toHaveText('1');
  await expect(alert).toContainText('The shop’s owners');
  await expectAccessible(page);

  await smtpRefuses(request, false);
  await confirmation.getByRole('button', { name: `Send again: Order confirmation to ${order.email}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order confirmation to ${order.email} is queued again` })).toBeVisible();
  await expect(confirmation).toHaveCount(0);
  // The keyboard stays in the list: on the next mail's button.
  const alertButton = alert.getByRole('button', { name: 'Send again: New order alert to The shop’s owners' });
  await expect(alertButton).toBeFocused();
  await expect.poll(async () => (await mailsTo(request, order.email)).map((mail) => mail.subject), { timeout: 10_000 }).toEqual([`Your order ${order.number} at Secret Stash`]);
  const [sent] = await mailsTo(request, order.email);
  expect(sent!.messageId).toMatch(/^<outbox-\d+\.\d+@127\.0\.0\.1>$/);

  // The last one by keyboard alone.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'New order alert to The shop’s owners is queued again' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mails that could not be sent', level: 1 })).toBeFocused();
  await expect.poll(async () => (await mailsTo(request, OWNER.email)).map((mail) => mail.subject), { timeout: 10_000 }).toContainEqual(expect.stringContaining(`New order ${order.number}`));

  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText('Every mail has been sent or is on its way.')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the list fits: the table scrolls inside its own region, and a mail’s order is a tap away', async ({ page, request }) => {
    await smtpRefuses(request, true);
    const order = await placeOrder(request);
    await signInOwnerByApi(page.request, ORIGIN);
    await page.goto('/admin/mails');
    const row = mailRow(page, 'Order confirmation', order.number);
    await expect(async () => {
      await page.getByRole('button', { name: 'Check again' }).click();
      await expect(row).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Mails that could not be sent, newest first' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await row.getByRole('link', { name: String(order.number), exact: true }).click();
    await expect(page.getByRole('heading', { name: `Order ${order.number}`, level: 1 })).toBeVisible();
    await smtpRefuses(request, false);
  });
});
