import { randomUUID } from 'node:crypto';
import { sampleOrder } from '../testing/sampleOrder';
import { confirmAndShip, expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, signUp, test } from './fixtures';
import { caughtMail } from './mails';

// The customer's data rights (issue 34): their data, readable and as a file; their account deleted with the password
// asked again; a guest's details erased from an order through its link once it is done with.

test.use({ allowedConsoleErrors: /Failed to load resource: the server responded with a status of (400|409)/ });

const newEmail = () => `rights-${randomUUID().slice(0, 8)}@example.ro`;

test('a customer sees and downloads their data, and deletes their account once no order is on its way', async ({ page }) => {
  const email = newEmail();
  await signUp(page, email);
  const placed = await page.request.post('/api/orders', { data: sampleOrder({ email, lines: [{ productId: '4', quantity: 1 }] }) });
  expect(placed.status()).toBe(201);
  const { number } = await placed.json();

  await page.goto('/account/orders');
  await page.getByRole('link', { name: 'Your data and your account' }).click();
  await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Orders' })).toContainText(`Order ${number}`);
  await expect(page.getByRole('region', { name: 'Addresses and phone numbers' })).toContainText('Strada Memorandumului 28, 400114 Cluj-Napoca, Cluj');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download your data (JSON)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/);
  await expectAccessible(page);

  // An order on its way: not yet.
  const deletion = page.getByRole('region', { name: 'Delete your account' });
  await deletion.getByLabel('Your password, to confirm').fill('secret123');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion.getByRole('alert')).toHaveText(`Your orders ${number} are still on their way: you can delete your account once they are delivered, returned or cancelled.`);
});

test('an account with nothing on its way is deleted with its password, and a mail confirms it', async ({ page }) => {
  const email = newEmail();
  await signUp(page, email);
  await page.goto('/account/data');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  const deletion = page.getByRole('region', { name: 'Delete your account' });
  await expect(deletion).toContainText('ten years from the end of the year they were issued in');
  await deletion.getByLabel('Your password, to confirm').fill('wrong-password');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion.getByRole('alert')).toHaveText('That is not your password. Your account is not deleted.');
  await deletion.getByLabel('Your password, to confirm').fill('secret123');
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('status')).toHaveText('Your account is deleted and your details are erased from your orders. A mail confirms it.');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  const mail = await caughtMail(email, 'Your account at Secret Stash is deleted');
  expect(mail.text).toContain('Legea contabilității nr. 82/1991, art. 25');
});

test('a guest has their details erased from a delivered order through its link', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = newEmail();
  const response = await page.request.post('/api/orders', { data: sampleOrder({ email, lines: [{ productId: '4', quantity: 1 }] }) });
  const order = await response.json();
  const guestBrowser = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const guest = await guestBrowser.newPage();
  await guest.goto(`/orders/${order.id}?token=${order.accessToken}`);
  const data = guest.getByRole('region', { name: 'Your data' });
  await expect(data).toContainText('You can have your details erased from this order once it is delivered, returned or cancelled.');
  await data.getByRole('button', { name: 'Show the data of this order' }).click();
  await expect(data.getByRole('region', { name: 'Addresses and phone numbers' })).toContainText('+40712345678');

  // The order is delivered.
  await signInAsOwner(page);
  await page.goto(`/admin/orders/${order.id}`);
  await confirmAndShip(page, `GDPR${order.number}`);
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByText('Status: Delivered')).toBeVisible();

  await guest.reload();
  await guest.getByRole('checkbox', { name: 'I understand the shop can then no longer reach me about this order' }).check();
  await expectAccessible(guest);
  await guest.getByRole('button', { name: 'Erase my details from this order' }).click();
  await expect(guest.getByRole('region', { name: 'Your data' }).getByRole('status')).toHaveText('Your details are erased from this order. A mail confirms it.');
  await caughtMail(email, `Your details are erased from order ${order.number} at Secret Stash`);
  // The owner's page no longer names them.
  await page.reload();
  await expect(page.getByText(email)).toHaveCount(0);
  await guestBrowser.close();
});
