import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_MAILS_SHOP_PORT, ADMIN_PRODUCTS_SHOP_PORT, CARD_SHOP_PORT, OWNER, SHOP_PORT } from '../playwright.config';
import { authenticatorOf, signInOwnerAt } from '../testing/twoFactor';

/** Where each shop's owner authenticator (its otpauth:// URI) is kept for the specs (e2e/fixtures.ts ownerCode). */
export const AUTHENTICATORS_FILE = path.join('test-results', 'e2e-authenticators.json');

/**
 * Once the shops are up (after the web servers), their owner sets up two-factor sign-in, as at an owner's first visit
 * (issue 48): password, the app's first code (testing/twoFactor.ts). The specs then sign in with the app's codes;
 * e2e/two-factor.spec.ts takes a new owner through the same in the browser.
 */
export default async function globalSetup() {
  const authenticators: Record<string, string> = {};
  for (const port of [SHOP_PORT, CARD_SHOP_PORT, ADMIN_PRODUCTS_SHOP_PORT, ADMIN_MAILS_SHOP_PORT]) {
    const origin = `http://127.0.0.1:${port}`;
    await signInOwnerAt(origin, OWNER);
    authenticators[String(port)] = authenticatorOf(origin, OWNER.email);
  }
  mkdirSync(path.dirname(AUTHENTICATORS_FILE), { recursive: true });
  writeFileSync(AUTHENTICATORS_FILE, JSON.stringify(authenticators));
}
