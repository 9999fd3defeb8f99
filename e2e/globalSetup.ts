import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_MAILS_SHOP_PORT, ADMIN_PRODUCTS_SHOP_PORT, CARD_SHOP_PORT, OWNER, SHOP_PORT } from '../playwright.config';
import { totpCode } from '../testing/totp';

/** Where each shop's owner authenticator (its otpauth:// URI) is kept for the specs (e2e/fixtures.ts ownerCode). */
export const AUTHENTICATORS_FILE = path.join('test-results', 'e2e-authenticators.json');

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => !pair!.endsWith('='))
    .join('; ');

async function post(origin: string, path: string, body: object, cookie = ''): Promise<Response> {
  const response = await fetch(`${origin}/api/auth${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`${origin}${path}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * Once the shops are up (after the web servers), their owner sets up two-factor sign-in, as at an owner's first visit
 * (issue 48): password, the app's first code (testing/totp.ts). The specs then sign in with the app's codes;
 * e2e/two-factor.spec.ts takes a new owner through the same in the browser.
 */
export default async function globalSetup() {
  const authenticators: Record<string, string> = {};
  for (const port of [SHOP_PORT, CARD_SHOP_PORT, ADMIN_PRODUCTS_SHOP_PORT, ADMIN_MAILS_SHOP_PORT]) {
    const origin = `http://127.0.0.1:${port}`;
    const signedIn = cookiesOf(await post(origin, '/sign-in/email', OWNER));
    const { totpURI } = (await (await post(origin, '/two-factor/enable', { password: OWNER.password }, signedIn)).json()) as { totpURI: string };
    await post(origin, '/two-factor/verify-totp', { code: totpCode(totpURI) }, signedIn);
    authenticators[String(port)] = totpURI;
  }
  mkdirSync(path.dirname(AUTHENTICATORS_FILE), { recursive: true });
  writeFileSync(AUTHENTICATORS_FILE, JSON.stringify(authenticators));
}
