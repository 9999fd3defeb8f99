import type { Page } from '@playwright/test';
import { totpCode } from '../testing/totp';
import { expect, expectAccessible, expectNoHorizontalScroll, signInOwnerByApi, signUp, test } from './fixtures';

/**
 * Two-factor sign-in (issue 48), on a 375 px phone: a new owner sets it up at their first visit to the back office
 * (the password, the authenticator app through its link or key, its first code, the backup codes), then signs in with
 * the app's code (a wrong one refused) and with a backup code.
 */
test.use({ viewport: { width: 375, height: 812 } });

async function signIn(page: Page, email: string) {
  // Off the back office first (its requests would meet a signed-out session), then signed out.
  await page.goto('/login');
  await page.request.post('/api/auth/sign-out', { headers: { origin: new URL(page.url()).origin } });
  await page.reload();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
}

test.describe('an owner', () => {
  // The refusals the test provokes: a wrong password, a wrong code, a used backup code.
  test.use({ allowedConsoleErrors: /api\/auth\/two-factor\/(enable|verify-totp|verify-backup-code)/ });

  test('a new owner sets up two-factor sign-in, then signs in with the app’s code and with a backup code', async ({ page, browser, baseURL }) => {
    const email = `new-owner-${Date.now()}@example.ro`;
    await signUp(page, email);
    // The shop's owner makes them an owner too (Owners, in the back office).
    const owner = await browser.newContext({ baseURL });
    try {
      await signInOwnerByApi(owner.request, baseURL!);
      expect((await owner.request.post('/api/admin/owners', { data: { email }, headers: { origin: baseURL! } })).status()).toBe(200);
    } finally {
      await owner.close();
    }

    // Their first visit: the back office asks for two-factor sign-in before anything else.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('That is not your password.');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'Add the shop to your authenticator app' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const uri = (await page.getByRole('link', { name: 'Open in my authenticator app' }).getAttribute('href'))!;
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+/);
    // The key shown for typing by hand is the link's.
    const key = new URL(uri).searchParams.get('secret')!;
    await expect(page.getByText(key.replace(/(.{4})/g, '$1 ').trim())).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.getByLabel('Code from your authenticator app').fill(totpCode(uri));
    await page.getByRole('button', { name: 'Confirm' }).click();

    const codes = page.getByRole('list', { name: 'Your backup codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const backupCodes = await codes.allTextContents();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I have saved my backup codes' }).click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

    // Signing in again: the password, then the app's code; a wrong code is refused with a message.
    await signIn(page, email);
    await expectAccessible(page);
    const now = totpCode(uri);
    await page.getByLabel('Code from your authenticator app').fill(now === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not right. Type the 6 digits your authenticator app shows now.');
    await page.getByLabel('Code from your authenticator app').fill(totpCode(uri));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

    // A lost phone: a backup code signs in, once.
    await signIn(page, email);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await signIn(page, email);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('That backup code is not right, or it was used already.');
  });
});

test('a customer turns two-factor sign-in on from Your data', async ({ page }) => {
  await signUp(page, `two-factor-${Date.now()}@example.ro`);
  await page.goto('/account/data');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section).toContainText('Off.');
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await section.getByLabel('Password', { exact: true }).fill('secret123');
  await section.getByRole('button', { name: 'Continue' }).click();
  const uri = (await section.getByRole('link', { name: 'Open in my authenticator app' }).getAttribute('href'))!;
  await section.getByLabel('Code from your authenticator app').fill(totpCode(uri));
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByRole('list', { name: 'Your backup codes' }).getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved my backup codes' }).click();
  await expect(section).toContainText('On: signing in asks for your password and a code');
  await expectAccessible(page);
});
