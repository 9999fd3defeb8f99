import { expect, expectAccessible, test } from './fixtures';

// Issue 14's journey with a Romanian browser: the shop and the checkout in Romanian, amounts in lei, the
// county select, a postal code of another county asked about and confirmed, a wrong phone refused next to
// its field, and the order placed with the button that says it obliges to pay.
test.describe('a Romanian browser', () => {
  test.use({ locale: 'ro-RO' });

  test('orders in Romanian, from the shop to the confirmation, amounts in lei', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.getByRole('heading', { name: 'Colecția noastră' })).toBeVisible();
    const lighter = page.getByRole('article', { name: 'Brichetă cu ascunzătoare' });
    await expect(lighter.getByText(/39,99\s+lei$/)).toBeVisible();
    await lighter.getByRole('button', { name: 'Adaugă în coș' }).click();
    await page.getByRole('link', { name: 'Coș, 1 produs' }).click();

    // The cart: its lines and totals in lei, VAT included, and what is missing for free shipping.
    await expect(page).toHaveTitle(/^Finalizare comandă/);
    await expect(page.getByRole('heading', { name: 'Coșul tău' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Pașii comenzii' }).getByRole('listitem')).toHaveText(['1. Coș', '2. Email', '3. Livrare', '4. Plată']);
    const line = page.getByRole('listitem').filter({ hasText: 'Brichetă cu ascunzătoare' });
    await expect(line).toContainText('Culoare: Negru');
    await expect(line).toContainText('39,99 lei bucata · 39,99 lei');
    await expect(line.getByRole('button', { name: 'Elimină Brichetă cu ascunzătoare (Negru) din coș' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('term')).toHaveText(['Subtotal', 'Livrare', 'Total', 'din care TVA 21%']);
    await expect(page.getByRole('main').getByRole('definition')).toHaveText(['39,99 lei', '19,99 lei', '59,98 lei', '10,41 lei']);
    await expect(page.getByText('Mai adaugă 160,01 lei pentru livrare gratuită.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Continuă la email' }).click();
    await expect(page.getByRole('heading', { name: 'Emailul tău' })).toBeFocused();
    await expect(page.getByText('Aici îți trimitem confirmarea comenzii. Nu ai nevoie de cont.')).toBeVisible();
    await page.getByLabel('Adresa de email').fill('ana@example.ro');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continuă la livrare' }).click();

    // The address: the county chosen from the select, the country as Romanian writes it.
    await expect(page.getByRole('heading', { name: 'Date de livrare' })).toBeFocused();
    await expect(page.getByLabel('Țară')).toHaveValue('România');
    const county = page.getByLabel('Județ');
    await expect(county.getByRole('option', { selected: true })).toHaveText('Alege județul');
    await page.getByLabel('Prenume').fill('Ana');
    await page.getByLabel('Nume', { exact: true }).fill('Popescu');
    await page.getByLabel('Localitate').fill('Cluj-Napoca');
    await county.selectOption({ label: 'București' });
    await page.getByLabel('Stradă').fill('Strada Memorandumului');
    await page.getByLabel('Număr', { exact: true }).fill('28');
    const postalCode = page.getByLabel('Cod poștal');
    await postalCode.fill('400114');
    const phone = page.getByLabel('Număr de telefon');
    await phone.fill('0722 123 456');
    await expectAccessible(page);

    // A postal code of another county is asked about in Romanian, and confirmed as typed.
    const mismatch = 'Codul poștal 400114 nu corespunde județului ales (București). Verifică-l; dacă este corect, confirmă-l.';
    await expect(postalCode).toHaveAccessibleDescription(mismatch);
    const toPayment = page.getByRole('button', { name: 'Continuă la plată' });
    await toPayment.click();
    await expect(postalCode).toHaveAttribute('aria-invalid', 'true');
    await expect(postalCode).toBeFocused();
    await expectAccessible(page);
    await page.getByRole('checkbox', { name: 'Codul poștal este corect' }).check();
    await expect(postalCode).not.toHaveAttribute('aria-invalid');
    // Bucharest: the sector, asked in Romanian.
    await page.getByRole('combobox', { name: 'Sectorul' }).selectOption({ label: 'Sectorul 2' });

    // A wrong phone is refused next to its field, in Romanian, until it is fixed.
    await phone.fill('0722 123');
    await toPayment.click();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAccessibleDescription('Introdu un număr de telefon valid, de exemplu 0722 123 456 sau +40 722 123 456.');
    await expectAccessible(page);
    await phone.fill('0722 123 456');
    await toPayment.click();

    // Payment: the summary in lei, and the button that says ordering obliges to pay, with the amount beside it.
    await expect(page.getByRole('heading', { name: 'Metoda de plată' })).toBeFocused();
    await expect(page.getByRole('radio', { name: 'Plată ramburs la livrare' })).toBeChecked();
    await expect(page.getByText(/legătura cu magazinul|Conectat la magazin/)).toHaveCount(0);
    const summary = page.getByRole('region', { name: 'Sumarul comenzii' });
    await expect(summary).toContainText('Brichetă cu ascunzătoare (Negru) × 1');
    await expect(summary.getByRole('definition')).toHaveText(['39,99 lei', '19,99 lei', '59,98 lei', '10,41 lei']);
    await expect(summary).toContainText('400114 Cluj-Napoca, București');
    const obligation = 'Plasând comanda, te obligi să plătești 59,98 lei curierului, la livrare.';
    await expect(page.getByText(obligation)).toBeVisible();
    const order = page.getByRole('button', { name: 'Comandă cu obligație de plată' });
    await expect(order).toHaveAccessibleName('Comandă cu obligație de plată');
    await expect(order).toHaveAccessibleDescription(obligation);
    await expectAccessible(page);

    const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
    await order.click();
    const answer = await placed;
    expect(answer.status()).toBe(201);
    const { id, number } = await answer.json();

    const confirmation = page.getByRole('dialog', { name: 'Comanda a fost plasată' });
    await expect(confirmation).toContainText(`Numărul comenzii tale este ${number}: spune-l dacă ne suni în legătură cu comanda.`);
    await expect(page.getByRole('link', { name: 'Coș, 0 produse' })).toBeAttached();
    await expectAccessible(page);

    const stored = await (await page.request.get(`/api/orders/${id}?email=ana@example.ro`)).json();
    expect(stored).toMatchObject({ country: 'România', county: 'B', city: 'Cluj-Napoca, Sector 2', postalCode: '400114', phoneNumber: '+40722123456', total: 5998 });
  });
});
