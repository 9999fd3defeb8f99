import { describe, expect, it } from 'vitest';
import { sessionCookie, setUpTestApp, signUpCustomer, TEST_ORIGIN, turnOnTwoFactor } from '../../../testing/app';
import { totpCode } from '../../../testing/totp';

/**
 * Two-factor sign-in (issue 48) through the shop's /api/auth, as the sign-in page and the account page use it:
 * better-auth's twoFactor plugin behind our attempt limits and messages.
 */
const shop = setUpTestApp();
let address = 0;

function post(path: string, payload: object, options: { cookie?: string; ip?: string } = {}) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    payload,
    remoteAddress: options.ip ?? `10.77.0.${++address % 250}`,
    headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

/** The cookies an answer sets, as a Cookie header (the sign-in's pending second factor is one). */
const cookiesOf = (response: { headers: Record<string, unknown> }) => ([response.headers['set-cookie']].flat().filter(Boolean) as string[]).map((cookie) => cookie.split(';')[0]).join('; ');

async function customerWithTwoFactor() {
  const customer = await signUpCustomer(shop.app);
  const on = await turnOnTwoFactor(shop.app, customer.cookie);
  return { ...customer, ...on };
}

describe('two-factor sign-in', () => {
  it('a customer turns it on; sign-in then asks for the app’s code: a wrong one refused with a message, the right one signs in', async () => {
    const { email, totpURI } = await customerWithTwoFactor();
    const first = await post('/sign-in/email', { email, password: 'secret123' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const pending = cookiesOf(first);
    // The password's session is not given: its cookie is cleared, and the pending second factor's is set.
    expect(pending).not.toMatch(/session_token=[^;]/);
    expect(pending).toMatch(/two_factor=[^;]/);

    const wrong = await post('/two-factor/verify-totp', { code: '000000' === totpCode(totpURI) ? '111111' : '000000' }, { cookie: pending });
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, 'That code is not right. Type the 6 digits your authenticator app shows now.']);
    const right = await post('/two-factor/verify-totp', { code: totpCode(totpURI) }, { cookie: pending });
    expect(right.statusCode, right.body).toBe(200);
    const session = await shop.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: sessionCookie(right) } });
    expect(session.json().user).toMatchObject({ email, twoFactorEnabled: true });
  });

  it('a backup code signs in once; the same code again is refused', async () => {
    const { email, backupCodes } = await customerWithTwoFactor();
    expect(backupCodes).toHaveLength(10);
    const signIn = async () => cookiesOf(await post('/sign-in/email', { email, password: 'secret123' }));
    const used = await post('/two-factor/verify-backup-code', { code: backupCodes[0] }, { cookie: await signIn() });
    expect(used.statusCode, used.body).toBe(200);
    expect(sessionCookie(used)).toContain('session_token=');
    const again = await post('/two-factor/verify-backup-code', { code: backupCodes[0] }, { cookie: await signIn() });
    expect([again.statusCode, again.json().message]).toEqual([401, 'That backup code is not right, or it was used already.']);
  });

  it('turning it on asks for the password; a code without a sign-in under way is refused; bad input is told', async () => {
    const customer = await signUpCustomer(shop.app);
    const wrongPassword = await post('/two-factor/enable', { password: 'not-my-password' }, { cookie: customer.cookie });
    expect([wrongPassword.statusCode, wrongPassword.json().message]).toEqual([400, 'That is not your password.']);
    const noCode = await post('/two-factor/verify-totp', {});
    expect([noCode.statusCode, noCode.json().message]).toEqual([400, 'Enter the code.']);
    const nobody = await post('/two-factor/verify-totp', { code: '123456' });
    expect([nobody.statusCode, nobody.json().message]).toEqual([401, 'The sign-in took too long or had too many wrong codes. Sign in again.']);
  });

  it('codes are counted like passwords: 30 a minute from one address (each sign-in allows 5), then 429', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 30; i += 1) expect((await post('/two-factor/verify-totp', { code: '123456' }, { ip })).statusCode).toBe(401);
    const blocked = await post('/two-factor/verify-totp', { code: '123456' }, { ip });
    expect([blocked.statusCode, blocked.json().message]).toEqual([429, 'Too many attempts. Please wait a minute and try again.']);
  });

  it('a customer turns it off with the password; sign-in is then the password alone', async () => {
    const { email, cookie } = await customerWithTwoFactor();
    const off = await post('/two-factor/disable', { password: 'secret123' }, { cookie });
    expect(off.statusCode, off.body).toBe(200);
    const signIn = await post('/sign-in/email', { email, password: 'secret123' });
    expect(signIn.json().twoFactorRedirect).toBeUndefined();
    expect(sessionCookie(signIn)).toContain('session_token=');
  });
});
