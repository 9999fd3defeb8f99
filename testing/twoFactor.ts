import { totpCode } from './totp';

/**
 * Two-factor sign-in over HTTP, for tests that talk to a shop process of their own (the back office opens only to an
 * owner with it, issue 48): what the sign-in page and the owner's first visit do, with an authenticator app's codes
 * (testing/totp.ts); also the end-to-end shops' owners (e2e/globalSetup.ts). testing/app.ts turnOnTwoFactor does the
 * same on an app in the test's process.
 */

/** Each shop's accounts' authenticator URIs ("origin email"), once their two-factor sign-in is on: later sign-ins type its codes. */
const authenticators = new Map<string, string>();

/** The authenticator URI of `email` at the shop `origin`, set up by turnOnTwoFactorAt or signInOwnerAt. */
export function authenticatorOf(origin: string, email: string): string {
  const uri = authenticators.get(`${origin} ${email}`);
  if (!uri) throw new Error(`no authenticator for ${email} at ${origin}`);
  return uri;
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => !pair!.endsWith('='))
    .join('; ');

async function post(origin: string, path: string, body: object, cookie?: string): Promise<Response> {
  const response = await fetch(`${origin}/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** Turns two-factor sign-in on for the session of `cookie` (the account's password asked again); returns the new session's cookie. */
export async function turnOnTwoFactorAt(origin: string, email: string, password: string, cookie: string): Promise<string> {
  const { totpURI } = (await (await post(origin, '/two-factor/enable', { password }, cookie)).json()) as { totpURI: string };
  authenticators.set(`${origin} ${email}`, totpURI);
  return cookiesOf(await post(origin, '/two-factor/verify-totp', { code: totpCode(totpURI) }, cookie));
}

/** Signs an owner in, with the app's code when two-factor sign-in is on, turning it on first when it is not. Returns the session's cookie. */
export async function signInOwnerAt(origin: string, owner: { email: string; password: string }): Promise<string> {
  const signIn = await post(origin, '/sign-in/email', owner);
  const answer = (await signIn.json()) as { twoFactorRedirect?: boolean };
  if (!answer.twoFactorRedirect) return turnOnTwoFactorAt(origin, owner.email, owner.password, cookiesOf(signIn));
  return cookiesOf(await post(origin, '/two-factor/verify-totp', { code: totpCode(authenticatorOf(origin, owner.email)) }, cookiesOf(signIn)));
}
