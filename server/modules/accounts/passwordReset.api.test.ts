import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { verification } from '../../../db/schema/accounts';
import { outbox } from '../../../db/schema/outbox';
import { sessionCookie, setUpMailingTestApp, signUpCustomer, TEST_ORIGIN } from '../../../testing/app';
import { translate } from '../../i18n';
import { RESET_REQUESTS_PER_EMAIL } from './passwordReset';

const shop = setUpMailingTestApp();
beforeEach(() => {
  shop.smtp.mails.length = 0;
});

let visitor = 0;
/** Each call from its own address unless one is given, so only the per-address tests meet the limit. */
function post(path: string, payload: object, ip = `10.7.${Math.floor(++visitor / 250)}.${visitor % 250}`) {
  return shop.app.inject({ method: 'POST', url: `/api/auth${path}`, payload, remoteAddress: ip, headers: { origin: TEST_ORIGIN } });
}
const signIn = (email: string, password: string) => post('/sign-in/email', { email, password });
const getSession = (cookie: string) => shop.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

/** The link of the reset mail sent to `email` (waits for it). */
async function resetLinkFor(email: string): Promise<URL> {
  // A mail of an earlier test may still arrive meanwhile: wait for this address's own.
  const mine = () => shop.smtp.mails.find((caught) => caught.to.includes(email));
  for (let count = 1; !mine() && count <= 10; count += 1) await shop.smtp.waitFor(shop.smtp.mails.length + 1);
  const mail = mine();
  expect(mail?.subject).toBe('Choose a new password for Secret Stash');
  const link = mail!.text.match(/http\S+\/reset-password\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  return new URL(link!);
}

describe('forgot password', () => {
  it('mails a one-time link; the new password signs the customer in, the old one and the old sessions stop working', async () => {
    const customer = await signUpCustomer(shop.app);
    const asked = await post('/request-password-reset', { email: customer.email.toUpperCase() });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: true, message: translate('en', 'message.account.resetLinkSent') });

    const link = await resetLinkFor(customer.email);
    expect(link.origin + link.pathname).toBe(`${TEST_ORIGIN}/reset-password`);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(32);

    const reset = await post('/reset-password', { token, newPassword: 'brand-new-secret' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await getSession(sessionCookie(reset))).json().user.email).toBe(customer.email);

    expect((await signIn(customer.email, 'secret123')).statusCode).toBe(401);
    expect((await signIn(customer.email, 'brand-new-secret')).statusCode).toBe(200);
    // The session from before the reset (a stolen one, say) has ended.
    expect((await getSession(customer.cookie)).json()).toBeNull();

    const again = await post('/reset-password', { token, newPassword: 'third-secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(translate('en', 'message.account.resetLinkInvalid'));
    expect((await signIn(customer.email, 'third-secret')).statusCode).toBe(401);
  });

  it('ends every other link of the account once one is used: an older mail (forwarded, say) cannot reset it again', async () => {
    const customer = await signUpCustomer(shop.app);
    expect((await post('/request-password-reset', { email: customer.email })).statusCode).toBe(200);
    expect((await post('/request-password-reset', { email: customer.email })).statusCode).toBe(200);
    const mine = () => shop.smtp.mails.filter((caught) => caught.to.includes(customer.email));
    for (let count = 1; mine().length < 2 && count <= 10; count += 1) await shop.smtp.waitFor(shop.smtp.mails.length + 1);
    const [first, second] = mine().map((mail) => mail.text.match(/reset-password\?token=([\w-]+)/)![1]!);
    expect(first).not.toBe(second);

    expect((await post('/reset-password', { token: second, newPassword: 'brand-new-secret' })).statusCode).toBe(200);
    const older = await post('/reset-password', { token: first, newPassword: 'someone-elses' });
    expect(older.statusCode).toBe(400);
    expect(older.json().message).toBe(translate('en', 'message.account.resetLinkInvalid'));
    expect((await signIn(customer.email, 'brand-new-secret')).statusCode).toBe(200);
  });

  it('answers an address without an account exactly as one with, and writes nothing', async () => {
    const counts = async () => ({
      mails: (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n,
      links: (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(verification))[0]!.n,
    });
    const before = await counts();
    const unknown = await post('/request-password-reset', { email: 'nobody-here@example.ro' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: true, message: translate('en', 'message.account.resetLinkSent') });
    expect(await counts()).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(shop.smtp.mails).toHaveLength(0);
  });

  it('writes the link and its mail together: when the mail cannot be written, there is no link either', async () => {
    const customer = await signUpCustomer(shop.app);
    const links = async () => (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(verification))[0]!.n;
    const before = await links();
    // The outbox refuses every new row for a moment (a real failure inside the database).
    await shop.database.db.execute(sql`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'outbox unavailable'; end $$`);
    await shop.database.db.execute(sql`create trigger refuse_mail before insert on outbox for each row execute function refuse_mail()`);
    try {
      const asked = await post('/request-password-reset', { email: customer.email });
      expect(asked.statusCode).toBe(500);
      expect(await links()).toBe(before);
    } finally {
      await shop.database.db.execute(sql`drop trigger refuse_mail on outbox`);
      await shop.database.db.execute(sql`drop function refuse_mail()`);
    }
    expect((await post('/request-password-reset', { email: customer.email })).statusCode).toBe(200);
    expect(await links()).toBe(before + 1);
  });

  it('refuses an expired link and keeps the password', async () => {
    const customer = await signUpCustomer(shop.app);
    await post('/request-password-reset', { email: customer.email });
    const token = (await resetLinkFor(customer.email)).searchParams.get('token')!;
    await shop.database.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verification.identifier, `reset-password:${token}`));

    const reset = await post('/reset-password', { token, newPassword: 'brand-new-secret' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(translate('en', 'message.account.resetLinkInvalid'));
    expect((await signIn(customer.email, 'secret123')).statusCode).toBe(200);
  });

  it('refuses a made-up link, and a new password that is too short or among the commonest, changing nothing', async () => {
    const made = await post('/reset-password', { token: 'a'.repeat(32), newPassword: 'brand-new-secret' });
    expect(made.statusCode).toBe(400);
    expect(made.json().message).toBe(translate('en', 'message.account.resetLinkInvalid'));

    const customer = await signUpCustomer(shop.app);
    await post('/request-password-reset', { email: customer.email });
    const token = (await resetLinkFor(customer.email)).searchParams.get('token')!;
    const short = await post('/reset-password', { token, newPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/password/i);
    const common = await post('/reset-password', { token, newPassword: 'Password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(translate('en', 'message.account.passwordTooCommon'));
    // The link still works for a good password.
    expect((await post('/reset-password', { token, newPassword: 'long-enough' })).statusCode).toBe(200);
  });

  it('sends an address at most three links an hour, whoever asks, and says so the same way for any address', async () => {
    const customer = await signUpCustomer(shop.app);
    for (let n = 0; n < RESET_REQUESTS_PER_EMAIL.max; n++) expect((await post('/request-password-reset', { email: customer.email })).statusCode).toBe(200);
    const refused = await post('/request-password-reset', { email: customer.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(translate('en', 'message.account.tooManyResetRequests'));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    const theirs = () => shop.smtp.mails.filter((mail) => mail.to.includes(customer.email));
    for (let count = 1; theirs().length < RESET_REQUESTS_PER_EMAIL.max && count <= 10; count += 1) await shop.smtp.waitFor(shop.smtp.mails.length + 1);
    expect(theirs()).toHaveLength(RESET_REQUESTS_PER_EMAIL.max);

    for (let n = 0; n < RESET_REQUESTS_PER_EMAIL.max; n++) await post('/request-password-reset', { email: 'no-account@example.ro' });
    const unknown = await post('/request-password-reset', { email: 'no-account@example.ro' });
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().message).toBe(refused.json().message);
  });

  it('limits the requests of one address (IP) over any emails', async () => {
    const ip = '10.8.8.8';
    const answers: number[] = [];
    for (let n = 0; n < 11; n++) answers.push((await post('/request-password-reset', { email: `guess-${n}@example.ro` }, ip)).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it.each([
    [{}, 'Email is required.'],
    [{ email: 'not-an-address' }, 'Enter a valid email address, like name@example.com.'],
    [{ email: 'ana\u0007@example.ro' }, /control characters|valid email/],
  ])('refuses a request of %j readably', async (payload, message) => {
    const response = await post('/request-password-reset', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });
});
