import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalScroll, fillShipping, signInAsOwner, test } from './fixtures';
import { caughtMail } from './mails';

// Delivery to a Sameday easybox (issue 33): the e2e shop has Sameday through its stand-in (testing/fakeSamedayMain.ts),
// whose lockers it loaded at start: two in Cluj-Napoca (Lidl Manastur takes no payment on pickup) and one in
// Bucharest's Sectorul 4. Card payments are off here, so the one taking no payment is not offered.

const EASYBOX = 'easybox Iulius Mall Cluj, Str. Alexandru Vaida Voevod, Nr. 53B';
const EASYBOX_LINE = `${EASYBOX}, 400436 Cluj-Napoca, Cluj`;

async function toShipping(page: Page, email: string) {
  await page.goto('/shop');
  await page.getByRole('article', { name: 'Dummy Marker' }).getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Continue to Email' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await fillShipping(page, {
    'First name': 'Ana',
    'Last name': 'Popescu',
    City: 'Cluj-Napoca',
    County: 'Cluj',
    Street: 'Strada Memorandumului',
    'Street number': '28',
    'Postal code': '400114',
    'Phone number': '0712345678',
  });
}

test('the customer has the order delivered to an easybox of their town; the owner’s AWB goes there', async ({ page }) => {
  test.setTimeout(60_000);
  await toShipping(page, 'easybox@example.ro');
  const delivery = page.getByRole('group', { name: 'Delivery' });
  await expect(delivery.getByRole('radio', { name: 'By courier to my address' })).toBeChecked();
  await delivery.getByRole('radio', { name: 'To a Sameday easybox: pick it up when it suits you' }).check();
  // The address's own town first, and its lockers by name and address.
  await expect(page.getByLabel('Town of the easybox')).toHaveValue('Cluj-Napoca');
  const locker = page.getByLabel('Easybox', { exact: true });
  await expect(locker.getByRole('option')).toHaveText(['Choose the easybox', EASYBOX]);
  await expectAccessible(page);

  // Continue without one: the field says so and takes the focus.
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Choose the easybox to deliver to.')).toBeVisible();
  await expect(locker).toBeFocused();
  await locker.selectOption({ label: EASYBOX });
  await expect(page.getByText('Your address above is the one on your invoice.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(`Delivered to the locker ${EASYBOX_LINE}.`);
  await expectAccessible(page);
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order (COD)' }).click();
  const { id, number } = await (await placed).json();
  const confirmation = page.getByRole('dialog', { name: 'Order placed' });
  await page.goto((await confirmation.getByRole('link', { name: 'See your order' }).getAttribute('href'))!);
  await expect(page.getByRole('article', { name: `Order ${number}` })).toContainText(`To the locker ${EASYBOX_LINE}`);
  const mail = await caughtMail('easybox@example.ro', `Your order ${number} at Secret Stash`);
  expect(mail.text).toContain(`Delivered to the locker ${EASYBOX_LINE}`);

  // The owner sees where it goes; Create AWB offers Sameday only, and the AWB names the locker.
  await signInAsOwner(page);
  await page.goto(`/admin/orders/${id}`);
  await expect(page.getByText(`To the Sameday locker ${EASYBOX_LINE}`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  const form = page.getByRole('form', { name: 'Create AWB' });
  await expect(form.getByText(`The AWB goes to the locker the customer chose: ${EASYBOX_LINE}.`)).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Courier' }).getByRole('option')).toHaveText(['Sameday']);
  await expect(form.getByRole('checkbox', { name: 'The customer may open the parcel before paying' })).toHaveCount(0);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create AWB' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^AWB 1SDY\d+ created with Sameday: the order is shipped\.$/ })).toBeVisible();
});

test('on a 375 px phone the easybox choice fits, and a county without lockers says so', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await toShipping(page, 'phone-easybox@example.ro');
  await page.getByRole('radio', { name: 'To a Sameday easybox: pick it up when it suits you' }).check();
  await expect(page.getByLabel('Easybox', { exact: true }).getByRole('option')).toHaveText(['Choose the easybox', EASYBOX]);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.getByLabel('County', { exact: true }).selectOption({ label: 'Brașov' });
  await expect(page.getByText('There is no easybox in this county yet: we deliver to your address.')).toBeVisible();
  // Bucharest: the sector's lockers.
  await page.getByLabel('County', { exact: true }).selectOption({ label: 'București' });
  await page.getByLabel('City', { exact: true }).fill('București, Sector 4');
  await page.getByLabel('Town of the easybox').selectOption('Sectorul 4');
  await expect(page.getByLabel('Easybox', { exact: true }).getByRole('option')).toHaveText(['Choose the easybox', 'easybox Kaufland Aparatorii Patriei( Oltenitei), Sos. Oltenitei, Nr. 388']);
  await expectNoHorizontalScroll(page);
});
