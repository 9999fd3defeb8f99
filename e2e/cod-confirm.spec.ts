import { CARD_SHOP_PORT, CARD_SMTP_CONTROL_PORT } from '../playwright.config';
import { sampleOrder } from '../testing/sampleOrder';
import { answeringToInput, expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, signInOwnerByApi, test } from './fixtures';
import { linkOf, smtpMail } from './mails';

// Issue 47: a cash order's mail carries "Confirm my order". Opening the link (a mail scanner, a link preview, the
// customer) changes nothing; only the page's button confirms, once; the owner sees it on the order's card and timeline.

// The altered link's 404 is what the console says of it. The card shop's mails go over SMTP to a fake server of its own:
// the links are read from the mail as SMTP delivered it.
test.use({
  viewport: { width: 375, height: 740 },
  allowedConsoleErrors: /404 \(Not Found\) \(.*\/confirmation\?key=/,
  baseURL: `http://127.0.0.1:${CARD_SHOP_PORT}`,
});
const SMTP = `http://127.0.0.1:${CARD_SMTP_CONTROL_PORT}`;

test('the customer confirms a cash order from the mail’s link; opening the link changes nothing', async ({ page, request, browser, baseURL }) => {
  const email = `confirm-${Date.now()}@example.ro`;
  const placed = await request.post('/api/orders', { data: sampleOrder({ email, lines: [{ productId: '2', quantity: 1 }] }) });
  expect(placed.status()).toBe(201);
  const { id, number } = (await placed.json()) as { id: string; number: number };
  const link = linkOf(await smtpMail(SMTP, email, new RegExp(`^Your order ${number} `)), 'Confirm my order');
  expect(link).toMatch(new RegExp(`/orders/${id}/confirm\\?key=[\\w-]{32}$`));
  const key = new URL(link).searchParams.get('key')!;
  const state = async () => (await request.get(`/api/orders/${id}/confirmation?key=${key}`)).json();

  // A mail scanner fetches the link, then the customer opens it: nothing is confirmed by either.
  expect((await request.get(link)).status()).toBe(200);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your order', level: 1 })).toBeVisible();
  await expect(page.getByText(`Order ${number}: you pay 84.98 RON in cash to the courier when it arrives.`)).toBeVisible();
  expect(await state()).toMatchObject({ confirmedAt: null });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Confirm my order' }).click();
  const done = page.getByRole('status').filter({ hasText: `Thank you! Order ${number} is confirmed` });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  expect(await state()).toMatchObject({ confirmedAt: expect.any(String) });
  await expectAccessible(page);
  // Opened again: said as confirmed, no button.
  await page.reload();
  await expect(page.getByText(`Thank you! Order ${number} is confirmed`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm my order' })).toHaveCount(0);
  // An altered link finds no order.
  await page.goto(link.replace(/.$/, (last) => (last === 'a' ? 'b' : 'a')));
  await expect(page.getByRole('alert')).toHaveText('We could not find this order. Please open the link from your order’s email again.');

  // The owner sees it on the order's card and in its timeline, once.
  const ownerContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  try {
    await signInOwnerByApi(ownerContext.request, baseURL!);
    const admin = answeringToInput(await ownerContext.newPage());
    await admin.goto(`/admin?q=${number}`);
    const card = admin.getByRole('list', { name: 'Orders, newest first' }).getByRole('link', { name: new RegExp(`^Order ${number}`) });
    await expect(card).toContainText('Confirmed by the customer');
    await card.click();
    await expect(admin.getByRole('region', { name: 'Timeline' }).getByText('Confirmed by the customer, from the link in the order mail')).toHaveCount(1);
  } finally {
    await ownerContext.close();
  }
});

test.describe('where the cart takes cards', () => {
  test('the customer pays a cash order by card instead from the mail’s link; the AWB then collects nothing', async ({ page, request, browser, baseURL }) => {
    const email = `prepay-${Date.now()}@example.ro`;
    const placed = await request.post('/api/orders', { data: sampleOrder({ email, lines: [{ productId: '2', quantity: 1 }] }) });
    expect(placed.status()).toBe(201);
    const { id, number } = (await placed.json()) as { id: string; number: number };
    const mail = await smtpMail(SMTP, email, new RegExp(`^Your order ${number} `));
    const link = linkOf(mail, 'Pay now by card instead');
    expect(link).toMatch(new RegExp(`/orders/${id}/pay\\?key=[\\w-]{32}$`));
    // Opened by a mail scanner, then by the customer: nothing happens until the button.
    expect((await request.get(link)).status()).toBe(200);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Pay your order by card', level: 1 })).toBeVisible();
    await expect(page.getByText(`Order ${number}: pay 84.98 RON by card now, and the courier collects nothing at your door.`)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay now by card instead' }).click();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await expect(page.getByText('Total 8498 ron')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    // The link now says there is nothing more to pay.
    await page.goto(link);
    await expect(page.getByText(`Order ${number} is already paid: there is nothing more to pay.`)).toBeVisible();

    // The owner's AWB form: a paid card order, nothing to collect.
    const ownerContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    try {
      const owner = answeringToInput(await ownerContext.newPage());
      await signInAsOwner(owner);
      await owner.goto(`/admin/orders/${id}`);
      await expect(owner.getByText('Status: Paid')).toBeVisible();
      await expect(owner.getByRole('form', { name: 'Create AWB' })).toContainText('Paid by card: the courier collects nothing.');
      await expect(owner.getByRole('region', { name: 'Timeline' })).toContainText('Paid by card instead of cash on delivery, from the link in the order mail');
      await expectAccessible(owner);
    } finally {
      await ownerContext.close();
    }
  });
});
