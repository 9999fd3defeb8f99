import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import type { Product } from '../../../domain/catalog';
import { setUpTestApp, signUpOwner, TEST_ORIGIN } from '../../../testing/app';

/** A product's safety information (GPSR, domain/productSafety.ts): set by the owner, shown by the storefront. */
const shop = setUpTestApp();
const ROMANIAN = { 'accept-language': 'ro-RO,ro;q=0.9' };

const maker = { name: 'Hidden Goods Ltd', address: '5 Harbour Road, Shenzhen, China', email: 'safety@hidden.example' };
const representative = { name: 'Import Sigur SRL', address: 'Strada Lungă 3, Brașov, România', email: 'gpsr@import.example' };
const newProduct = { name: 'Dummy Torch', description: 'A torch with a hollow handle.', price: 5999 };

async function asOwner(method: 'POST' | 'PATCH', url: string, payload: unknown, headers: Record<string, string> = {}) {
  const owner = await signUpOwner(shop.app, shop.database.db);
  return shop.app.inject({ method, url, payload: JSON.stringify(payload), headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers } });
}

const storefront = async (id: string, headers: Record<string, string> = {}) =>
  ((await shop.app.inject({ method: 'GET', url: '/api/products', headers })).json().products as Product[]).find((product) => product.id === id);

const row = async (id: string) => (await shop.database.db.select().from(products).where(eq(products.id, id)))[0]!;

describe('a product’s safety information', () => {
  it('the seeded products have none, and the storefront’s products carry nothing of it', async () => {
    const seeded = await shop.database.db
      .select({ manufacturer: products.manufacturer, responsiblePerson: products.responsiblePerson, model: products.model, safetyInfo: products.safetyInfo })
      .from(products);
    expect(seeded).toHaveLength(5);
    for (const product of seeded) expect(product).toEqual({ manufacturer: null, responsiblePerson: null, model: null, safetyInfo: null });
    const listed = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products as Product[];
    for (const product of listed) expect(product).not.toHaveProperty('safety');
  });

  it('is saved with a new product and shown by the storefront in each language, the owner sees it back', async () => {
    const created = await asOwner('POST', '/api/admin/products', {
      ...newProduct,
      active: true,
      manufacturer: maker,
      responsiblePerson: representative,
      model: ' TR-7 ',
      safetyInfo: 'Not a toy. Keep away from children.',
      translations: { ro: { safetyInfo: 'Nu este o jucărie. Nu lăsa la îndemâna copiilor.' } },
    });
    expect(created.statusCode).toBe(201);
    const { product } = created.json();
    expect(product).toMatchObject({ manufacturer: maker, responsiblePerson: representative, model: 'TR-7', safetyInfo: 'Not a toy. Keep away from children.' });
    expect(product.translations.ro.safetyInfo).toBe('Nu este o jucărie. Nu lăsa la îndemâna copiilor.');
    expect((await row(product.id)).manufacturer).toEqual(maker);

    expect((await storefront(product.id))?.safety).toEqual({ manufacturer: maker, responsiblePerson: representative, model: 'TR-7', warnings: 'Not a toy. Keep away from children.' });
    expect((await storefront(product.id, ROMANIAN))?.safety).toEqual({
      manufacturer: maker,
      responsiblePerson: representative,
      model: 'TR-7',
      warnings: 'Nu este o jucărie. Nu lăsa la îndemâna copiilor.',
    });

    // The English warnings taken off: the English shop shows the Romanian ones, marked as Romanian.
    const changed = await asOwner('PATCH', `/api/admin/products/${product.id}`, { safetyInfo: null, responsiblePerson: null });
    expect(changed.statusCode).toBe(200);
    expect((await storefront(product.id))?.safety).toEqual({ manufacturer: maker, model: 'TR-7', warnings: 'Nu este o jucărie. Nu lăsa la îndemâna copiilor.', warningsLang: 'ro' });

    // All of it taken off: the product carries nothing of it again.
    const cleared = await asOwner('PATCH', `/api/admin/products/${product.id}`, { manufacturer: null, model: null, translations: { ro: {} } });
    expect(cleared.statusCode).toBe(200);
    expect(await storefront(product.id)).not.toHaveProperty('safety');
  });

  it('refuses bad input with a 400 naming the field, in the owner’s language, and changes nothing', async () => {
    const before = await row('2');
    const cases: [unknown, string][] = [
      [{ manufacturer: { ...maker, email: 'safety at hidden.example' } }, 'Manufacturer’s email must be an email address, like name@example.com.'],
      [{ manufacturer: { ...maker, address: '' } }, 'Manufacturer’s postal address is required.'],
      [{ manufacturer: { name: maker.name, email: maker.email } }, 'Manufacturer’s postal address must be text.'],
      [{ responsiblePerson: { ...representative, name: 'x'.repeat(201) } }, 'EU responsible person’s name is too long (at most 200 characters).'],
      [{ responsiblePerson: { ...representative, phone: '+40 700 000 000' } }, 'Unknown field: phone.'],
      [{ model: 'x'.repeat(121) }, 'Type, batch or model is too long (at most 120 characters).'],
      [{ model: 'LX\u0007200' }, 'Type, batch or model must not contain control characters.'],
      [{ safetyInfo: 'x'.repeat(4001) }, 'Warnings and safety information in English is too long (at most 4000 characters).'],
      // English warnings, and no Romanian ones: the law asks for them in Romanian.
      [{ safetyInfo: 'Not a toy.' }, 'Give the warnings and safety information in Romanian too: the law asks for them in Romanian.'],
    ];
    for (const [change, message] of cases) {
      const refused = await asOwner('PATCH', '/api/admin/products/2', change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const inRomanian = await asOwner('PATCH', '/api/admin/products/2', { manufacturer: { ...maker, email: 'nope' } }, ROMANIAN);
    expect(inRomanian.statusCode).toBe(400);
    expect(inRomanian.json().message).toBe('Câmpul „E-mailul producătorului” trebuie să fie o adresă de e-mail, de exemplu nume@exemplu.ro.');
    const newWithoutRomanian = await asOwner('POST', '/api/admin/products', { ...newProduct, safetyInfo: 'Not a toy.' });
    expect(newWithoutRomanian.statusCode).toBe(400);
    expect(newWithoutRomanian.json().message).toBe('Give the warnings and safety information in Romanian too: the law asks for them in Romanian.');
    expect(await row('2')).toEqual(before);
  });

  it('checks the warnings on the product as it would be: Romanian first, then English; the Romanian not taken away under the English', async () => {
    try {
      expect((await asOwner('PATCH', '/api/admin/products/3', { translations: { ro: { safetyInfo: 'Nu înghiți.' } } })).statusCode).toBe(200);
      expect((await asOwner('PATCH', '/api/admin/products/3', { safetyInfo: 'Do not swallow.' })).statusCode).toBe(200);
      const takenAway = await asOwner('PATCH', '/api/admin/products/3', { translations: { ro: { name: 'Curea' } } });
      expect(takenAway.statusCode).toBe(400);
      expect(takenAway.json().code).toBe('safety_info_in_romanian');
      expect((await row('3')).translations.ro?.safetyInfo).toBe('Nu înghiți.');
      expect((await storefront('3'))?.safety).toEqual({ warnings: 'Do not swallow.' });
      expect((await storefront('3', ROMANIAN))?.safety).toEqual({ warnings: 'Nu înghiți.' });
    } finally {
      await shop.database.db
        .update(products)
        .set({ safetyInfo: null, translations: (await row('3')).translations })
        .where(eq(products.id, '3'));
    }
  });
});
