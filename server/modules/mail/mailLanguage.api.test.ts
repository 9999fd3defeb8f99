import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { signUpCustomer, signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { cardOrder, sendWebhook, setUpCardShop } from '../../../testing/cardShop';
import type { CaughtMail } from '../../../testing/fakeSmtp';
import { sampleOrder } from '../../../testing/sampleOrder';

/**
 * Which language each mail is written in: a customer's in the language they ordered in (stored on the
 * order), a reset link in the language it was asked for in, the owners' alerts in OWNER_MAIL_LANGUAGE
 * (Romanian here, the shop's default).
 */
const shop = setUpCardShop({ mails: true, ownerMailLanguage: 'ro' });
let owner: { email: string };

beforeAll(async () => {
  owner = await signUpOwner(shop.app, shop.database.db, 'owner-language@example.ro');
});
beforeEach(() => {
  shop.smtp.mails.length = 0;
});

const ROMANIAN = { 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.8' };
const place = (body: object, headers: Record<string, string>) => shop.app.inject({ method: 'POST', url: '/api/orders', payload: body, headers });
const localeOf = async (id: string) => (await shop.database.db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, id)))[0]?.locale;
/** The mail sent to `address` whose subject names `about` (waits for it); amounts' no-break spaces read as spaces. */
async function mailTo(address: string, about = ''): Promise<CaughtMail> {
  const mine = () => shop.smtp.mails.find((mail) => mail.to.includes(address) && mail.subject.includes(about));
  for (let count = 1; !mine() && count <= 10; count += 1) await shop.smtp.waitFor(shop.smtp.mails.length + 1);
  const mail = mine();
  expect(mail, `a mail to ${address}`).toBeDefined();
  return { ...mail!, subject: mail!.subject.replaceAll('\u00a0', ' '), text: mail!.text.replaceAll('\u00a0', ' ') };
}

describe('the language of the mails', () => {
  it('an order placed in Romanian (Accept-Language: ro-RO) is stored as such and confirmed in Romanian', async () => {
    const placed = await place(sampleOrder({ email: 'ro.lang@example.ro' }), ROMANIAN);
    expect(placed.statusCode).toBe(201);
    const { id, number } = placed.json();
    expect(await localeOf(id)).toBe('ro');

    const mail = await mailTo('ro.lang@example.ro');
    expect(mail.subject).toBe(`Comanda ta ${number} la Secret Stash`);
    for (const part of [`Mulțumim, Ana! Am primit comanda ta ${number}.`, 'Total: 124,96 lei', 'Te rugăm să ai pregătită suma de 124,96 lei', 'Vezi comanda']) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('lang="ro"');
  });

  it('the lang=en cookie wins over a Romanian browser: stored English, confirmed in English; the owners’ alert is Romanian either way', async () => {
    const placed = await place(sampleOrder({ email: 'en.lang@example.ro' }), { ...ROMANIAN, cookie: 'lang=en' });
    const { id, number } = placed.json();
    expect(await localeOf(id)).toBe('en');

    const mail = await mailTo('en.lang@example.ro');
    expect(mail.subject).toBe(`Your order ${number} at Secret Stash`);
    expect(mail.text).toContain('Please have 124.96 RON ready to pay the courier in cash.');
    expect(mail.html).toContain('lang="en"');

    const alert = await mailTo(owner.email, String(number));
    expect(alert.subject).toBe(`Comandă nouă ${number}: 124,96 lei (plată ramburs)`);
    expect(alert.text).toContain('Deschide-o în panoul de administrare');
  });

  it('an order without a language of its own (no header, no cookie) is English', async () => {
    const { id } = (await place(sampleOrder({ email: 'no.lang@example.ro' }), {})).json();
    expect(await localeOf(id)).toBe('en');
  });

  it('a cart paid by card: the order keeps the language it was placed in, and its confirmation comes in it once paid', async () => {
    const placed = await place(cardOrder([{ productId: '2', quantity: 1 }], { email: 'card.ro@example.ro' }), { cookie: 'lang=ro' });
    expect(placed.statusCode).toBe(201);
    const { id, number, checkoutUrl } = placed.json();
    expect(await localeOf(id)).toBe('ro');
    expect(shop.fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')?.body.locale).toBe('ro');
    const session = shop.fake.markPaid(checkoutUrl.split('/').at(-1));
    expect((await sendWebhook(shop.app, { id: `evt_${randomUUID()}`, object: 'event', type: 'checkout.session.completed', data: { object: session } })).json().result).toBe('paid');
    const mail = await mailTo('card.ro@example.ro');
    expect(mail.subject).toBe(`Comanda ta ${number} la Secret Stash`);
    expect(mail.text).toContain('Este plătită (84,98 lei cu cardul).');
  });

  it('"Buy now by card": the language travels in the Checkout Session to the order the webhook makes', async () => {
    const { cookie } = await signUpCustomer(shop.app);
    const started = await shop.app.inject({ method: 'POST', url: '/api/payments/product-checkout', payload: { priceId: 'price_key' }, headers: { ...ROMANIAN, cookie } });
    expect(started.statusCode).toBe(200);
    const session = shop.fake.markPaid(started.json().url.split('/').at(-1));
    expect(session.metadata).toMatchObject({ kind: 'product', productId: '2', locale: 'ro' });
    // Stripe's own payment page is asked to speak Romanian too.
    expect(shop.fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')?.body.locale).toBe('ro');
    expect((await sendWebhook(shop.app, { id: `evt_${randomUUID()}`, object: 'event', type: 'checkout.session.completed', data: { object: session } })).json().result).toBe('order_created');
    const [order] = await shop.database.db.select({ locale: orders.locale, email: orders.email }).from(orders).where(eq(orders.stripeSessionId, session.id));
    expect(order?.locale).toBe('ro');
    expect((await mailTo(order!.email)).subject).toMatch(/^Comanda ta \d+ la Secret Stash$/);
  });

  it('a reset link in the language it was asked for in', async () => {
    const customer = await signUpCustomer(shop.app);
    const asked = await shop.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: customer.email }, headers: { origin: TEST_ORIGIN, ...ROMANIAN } });
    expect(asked.statusCode).toBe(200);
    const mail = await mailTo(customer.email);
    expect(mail.subject).toBe('Alege o parolă nouă pentru Secret Stash');
    expect(mail.text).toMatch(/Linkul funcționează o singură dată, timp de 60 de minute: http\S+\/reset-password\?token=/);
  });
});
