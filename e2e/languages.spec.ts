import { randomUUID } from 'node:crypto';
import { sampleOrder } from '../testing/sampleOrder';
import { expect, expectAccessible, expectNoHorizontalScroll, holdRequests, test } from './fixtures';
import { caughtMail } from './mails';

test.describe('a Romanian browser', () => {
  test.use({ locale: 'ro-RO' });

  test('gets the shop in Romanian, amounts in lei, on the server’s first answer and after it', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Păstrează-ți lucrurile de preț acolo unde nu se uită nimeni');
    await expect(page.getByRole('heading', { name: 'Livrare gratuită pentru comenzi de peste 200 lei' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Cumpără acum' }).click();
    await expect(page.getByRole('heading', { name: 'Colecția noastră' })).toBeVisible();
    await expect(page).toHaveTitle('Magazin · Secret Stash');
    // The products' own texts are Romanian too.
    const lighter = page.getByRole('article', { name: 'Brichetă cu ascunzătoare' });
    await expect(lighter.getByText(/39,99\s+lei$/)).toBeVisible();
    await lighter.getByRole('button', { name: 'Adaugă în coș' }).click();
    await expect(page.getByRole('link', { name: 'Coș, 1 produs' })).toBeVisible();
    await lighter.getByRole('button', { name: 'Mai adaugă o bucată de Brichetă cu ascunzătoare (Negru)' }).click();
    await expect(page.getByRole('link', { name: 'Coș, 2 produse' })).toBeVisible();
    await expectAccessible(page);

    // The page as the server sends it is Romanian too (no JavaScript needed to read it).
    const html = await (await page.request.get('/shop/dummy-lighter', { headers: { 'accept-language': 'ro-RO,ro;q=0.9' } })).text();
    expect(html).toContain('<html lang="ro"');
    expect(html).toContain('Caracteristici principale');
    expect(html).toContain('<title>Brichetă cu ascunzătoare · Secret Stash</title>');
    expect(html).toContain('Compartiment ascuns în bază');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
    expect(jsonLd.find((data) => data['@type'] === 'Product')).toMatchObject({ name: 'Brichetă cu ascunzătoare' });

    await page.goto('/shop/dummy-lighter');
    await expect(page.getByRole('heading', { level: 1, name: 'Brichetă cu ascunzătoare' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Negru' })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Roșu/ })).toBeDisabled();
  });

  test('can switch to English, which is remembered, and back', async ({ page, context }) => {
    await page.goto('/shop');
    await expect(page.getByRole('article', { name: 'Cheie auto cu ascunzătoare' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Our Collection' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Dummy Car Key' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect((await context.cookies()).find((cookie) => cookie.name === 'lang')).toMatchObject({ value: 'en', sameSite: 'Lax' });

    // Remembered: a new page of the shop, and the server's own answer, are English.
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Shop Now' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Română' }).click();
    await expect(page.getByRole('link', { name: 'Cumpără acum' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  });

  test('reads the legal pages in Romanian, amounts in lei', async ({ page }) => {
    await page.goto('/delivery');
    await expect(page.getByRole('main')).toContainText(/Livrare standard: 19,99\s+lei pe comandă\./);
    await expect(page.getByRole('main')).toContainText(/Livrare gratuită pentru comenzile de cel puțin 200\s+lei\./);
    await expectAccessible(page);
  });

  test('waits for the back office in Romanian while its code comes', async ({ page }) => {
    const sendCode = await holdRequests(page, '**/assets/AdminApp-*.js');
    await page.goto('/admin');
    await expect(page.getByText('Se încarcă…')).toBeVisible();
    sendCode();
    await expect(page.getByText('Se încarcă…')).toBeHidden();
  });

  test('withdraws online in Romanian on a 375 px phone, with the footer in Romanian too', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const email = `retragere-${randomUUID().slice(0, 8)}@example.ro`;
    const placed = await request.post('/api/orders', { data: sampleOrder({ email }), headers: { 'accept-language': 'ro-RO' } });
    const order = (await placed.json()) as { number: number };
    await page.goto('/returns/withdraw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Retragere dintr-o achiziție');
    await expect(page.getByRole('main')).toContainText('Te poți retrage dintr-o achiziție în termen de 14 zile de la primirea produselor');
    await page.getByRole('textbox', { name: 'Numărul comenzii' }).fill(String(order.number));
    await page.getByRole('textbox', { name: 'Adresa de e-mail' }).fill(email);
    await page.getByRole('button', { name: 'Găsește comanda' }).click();
    await expect(page.getByRole('heading', { name: 'Declarația ta de retragere' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Brichetă cu ascunzătoare (Negru)' }).uncheck();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirmați retragerea' }).click();
    const receipt = page.getByRole('region', { name: 'Am primit retragerea ta' });
    await expect(receipt.getByRole('term').filter({ hasText: 'Produsele pe care le trimiți înapoi' }).locator('xpath=following-sibling::dd[1]')).toHaveText(/^1 × .+/);
    await expect(receipt).toContainText(/cel târziu pe \d{1,2} [a-z]+ \d{4}/);
    await expectNoHorizontalScroll(page);
    const mail = await caughtMail(email, `Am primit retragerea ta din comanda ${order.number}`);
    expect(mail.text).toContain('Acest e-mail este confirmarea primirii ei.');
    await expectAccessible(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Retrageți-vă din contract aici' })).toHaveAttribute('href', '/returns/withdraw');
    await expect(footer).toContainText(/Livrare standard 19,99\s+lei\. Livrare gratuită pentru comenzi de peste 200\s+lei\./);
    await expect(footer.getByRole('navigation', { name: 'Informații legale' }).getByRole('link', { name: 'Retur și dreptul de retragere' })).toHaveAttribute('href', '/returns');
    await expectAccessible(page);
  });

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the header keeps its switch, and the page fits', async ({ page }) => {
      await page.goto('/shop/dummy-lighter');
      await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
    });
  });
});

test('an English browser gets English, and pages rendered in the browser follow the switch too', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Română' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page.getByRole('link', { name: 'Magazin' })).toBeVisible();
});
