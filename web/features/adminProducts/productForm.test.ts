import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../domain/contracts/adminProducts';
import { ADMIN_MESSAGES } from '../../../locales/catalogues';
import { ApiError } from '../../lib/api';
import { createI18n, type Translate } from '../../lib/i18n';
import { formValuesOf, productFromForm as fromForm, type ProductFormValues, problemOf } from './productForm';

/** The server's 409 for an address another product has, as it answers in English. */
const SLUG_TAKEN = 'Another product already has this address.';
const SLUG_REFUSED = 'Use lowercase letters, digits and hyphens for the address.';

/** The page's `t` in a language, as useI18n gives it. */
function wordsIn(locale: 'en' | 'ro'): { t: Translate } {
  const i18n = createI18n(locale, ADMIN_MESSAGES[locale]);
  return { t: (id, values) => i18n._(id, values) };
}
const en = wordsIn('en');
const productFromForm = (values: ProductFormValues) => fromForm(en.t, values);

const lighter: AdminProduct = {
  id: '1',
  name: 'Dummy Lighter',
  slug: 'dummy-lighter',
  description: 'Looks like a lighter.',
  price: 3999,
  stock: 4,
  weightGrams: 80,
  packedSizeCm: { length: 10, width: 4, height: 2 },
  active: true,
  images: ['/images/products/dummy-lighter.svg'],
  stripePriceId: null,
  keyFeatures: ['Real shell', 'Hidden base'],
  colourOptions: [
    { name: 'Black', available: true, stock: 3 },
    { name: 'Red', available: false, stock: null },
  ],
  manufacturer: null,
  responsiblePerson: null,
  model: null,
  safetyInfo: null,
  excludeFromFeeds: false,
  feedTitle: null,
  translations: { ro: { name: 'Brichetă', description: 'Arată ca o brichetă.', keyFeatures: ['Carcasă adevărată', 'Bază ascunsă'], colours: { Black: 'Negru' } } },
  createdAt: '2026-11-23T10:00:00.000Z',
};

describe('the product form', () => {
  it('reads the weight in grams, empty for the shop’s default, and refuses anything else', () => {
    expect(productFromForm({ ...formValuesOf(lighter), weightGrams: ' 120 ' })).toMatchObject({ product: { weightGrams: 120 } });
    expect(productFromForm({ ...formValuesOf(lighter), weightGrams: '' })).toMatchObject({ product: { weightGrams: null } });
    expect(productFromForm({ ...formValuesOf(lighter), weightGrams: '0.5' })).toEqual({ problem: 'The weight is a whole number of grams, or empty.' });
    expect(productFromForm({ ...formValuesOf(lighter), weightGrams: '0' })).toEqual({ problem: 'Weight packed (grams) must be at least 1.' });
  });

  it('reads the packed size in centimetres: all three sides, or none for the shop’s default', () => {
    const values = formValuesOf(lighter);
    expect(values.packedSizeCm).toEqual({ length: '10', width: '4', height: '2' });
    expect(productFromForm({ ...values, packedSizeCm: { length: ' 12 ', width: '5', height: '3' } })).toMatchObject({ product: { packedSizeCm: { length: 12, width: 5, height: 3 } } });
    expect(productFromForm({ ...values, packedSizeCm: { length: '', width: '', height: '' } })).toMatchObject({ product: { packedSizeCm: null } });
    const refused = { problem: 'Give all three sides packed, each a whole number of centimetres from 1 to 200, or leave all three empty.' };
    expect(productFromForm({ ...values, packedSizeCm: { length: '12', width: '', height: '3' } })).toEqual(refused);
    expect(productFromForm({ ...values, packedSizeCm: { length: '12', width: '0', height: '3' } })).toEqual(refused);
    expect(productFromForm({ ...values, packedSizeCm: { length: '1.5', width: '5', height: '3' } })).toEqual(refused);
    expect(productFromForm({ ...values, packedSizeCm: { length: '201', width: '5', height: '3' } })).toEqual({ problem: 'Length packed (cm) must be at most 200.' });
  });

  it('shows amounts in RON and key features one per line, and sends them back unchanged in bani', () => {
    const values = formValuesOf(lighter);
    expect(values).toMatchObject({ price: '39.99', stock: '4', weightGrams: '80', keyFeatures: 'Real shell\nHidden base' });
    expect(values.colourOptions).toEqual([
      { name: 'Black', available: true, stock: '3', nameRo: 'Negru' },
      { name: 'Red', available: false, stock: '', nameRo: '' },
    ]);
    expect(values).toMatchObject({ nameRo: 'Brichetă', descriptionRo: 'Arată ca o brichetă.', keyFeaturesRo: 'Carcasă adevărată\nBază ascunsă' });
    const { id, images, createdAt, ...editable } = lighter;
    expect(productFromForm(values)).toEqual({ product: editable });
  });

  it('reads what the owner types: commas, blank lines, stock and price id', () => {
    const values = {
      ...formValuesOf(lighter),
      price: '35,5',
      stock: '',
      keyFeatures: '\n  One  \n\nTwo\n',
      description: 'First line\nsecond line',
      stripePriceId: ' price_abc ',
    };
    expect(productFromForm(values)).toEqual({
      product: expect.objectContaining({ price: 3550, stock: null, keyFeatures: ['One', 'Two'], description: 'First line second line', stripePriceId: 'price_abc' }),
    });
  });

  it("leaves out the Romanian texts left empty (the shop shows the English), and keys a colour's by its own name", () => {
    const values = { ...formValuesOf(lighter), nameRo: ' ', descriptionRo: 'Rândul unu\nrândul doi', keyFeaturesRo: '\n' };
    values.colourOptions = [
      { name: ' Black ', available: true, stock: '', nameRo: 'Negru' },
      { name: 'Red', available: true, stock: '', nameRo: '' },
    ];
    expect(productFromForm(values)).toEqual({
      product: expect.objectContaining({ translations: { ro: { description: 'Rândul unu rândul doi', colours: { Black: 'Negru' } } } }),
    });
    const untranslated = { ...formValuesOf({ ...lighter, translations: {} }) };
    expect(productFromForm(untranslated)).toEqual({ product: expect.objectContaining({ translations: { ro: {} } }) });
    expect(productFromForm({ ...untranslated, nameRo: 'x'.repeat(121) })).toEqual({ problem: 'Name in Romanian is too long (at most 120 characters).' });
  });

  it('says what is wrong, in the words of the form', () => {
    const values = formValuesOf(lighter);
    expect(productFromForm({ ...values, price: '39.999' })).toEqual({ problem: 'Price must be an amount in RON, like 39.99.' });
    expect(productFromForm({ ...values, price: '' })).toEqual({ problem: 'Price must be an amount in RON, like 39.99.' });
    expect(productFromForm({ ...values, stock: '-1' })).toEqual({ problem: 'Stock must be a whole number of units, or empty when not counted.' });
    expect(productFromForm({ ...values, name: ' ' })).toEqual({ problem: 'Name is required.' });
    expect(productFromForm({ ...values, stripePriceId: 'prod_1' })).toEqual({ problem: 'Stripe price id must look like price_123abc.' });
    expect(
      productFromForm({
        ...values,
        colourOptions: [
          { name: 'Red', available: true, stock: '', nameRo: '' },
          { name: 'red', available: false, stock: '', nameRo: '' },
        ],
      }),
    ).toEqual({ problem: 'Each colour may appear only once.' });
    expect(productFromForm({ ...values, colourOptions: [{ name: 'Black', available: true, stock: '2.5', nameRo: '' }] })).toEqual({
      problem: 'Stock of Black must be a whole number of units, or empty when not counted.',
    });
  });

  it('sends the address trimmed, and says what is wrong with it next to the Address field', () => {
    const values = formValuesOf(lighter);
    expect(values.slug).toBe('dummy-lighter');
    expect(productFromForm({ ...values, slug: ' secret-lighter ' })).toEqual({ product: expect.objectContaining({ slug: 'secret-lighter' }) });
    for (const slug of ['Secret Lighter', 'secret_lighter', 'brichetă', 'secret-', '/shop/secret']) {
      expect(productFromForm({ ...values, slug })).toEqual({ problem: SLUG_REFUSED, field: 'slug' });
    }
    expect(productFromForm({ ...values, slug: '' })).toEqual({ problem: 'Address is required.', field: 'slug' });
    expect(productFromForm({ ...values, slug: 'a'.repeat(81) })).toEqual({ problem: 'Address is too long (at most 80 characters).', field: 'slug' });
  });

  it('shows the server’s "another product has this address" next to the Address field, other refusals under the form', () => {
    expect(problemOf(en.t, new ApiError(409, SLUG_TAKEN, 'slug_taken'))).toEqual({ problem: SLUG_TAKEN, field: 'slug' });
    expect(problemOf(en.t, new ApiError(400, 'Name is required.'))).toEqual({ problem: 'Name is required.' });
    expect(problemOf(en.t, new TypeError('Failed to fetch'))).toEqual({ problem: 'The product could not be saved. Check your connection and try again.' });
  });

  it('says what is wrong in the words of every field, as the API says it in English', () => {
    const values = formValuesOf(lighter);
    expect(productFromForm({ ...values, description: 'x'.repeat(2001) })).toEqual({ problem: 'Description is too long (at most 2000 characters).' });
    expect(productFromForm({ ...values, keyFeatures: 'Bell\u0007' })).toEqual({ problem: 'Key feature must not contain control characters.' });
    expect(productFromForm({ ...values, colourOptions: [{ name: ' ', available: true, stock: '', nameRo: '' }] })).toEqual({ problem: 'Colour name is required.' });
    expect(productFromForm({ ...values, price: '0' })).toEqual({ problem: 'Price must be at least 0.01 RON.' });
    expect(productFromForm({ ...values, price: '10000.01' })).toEqual({ problem: 'Price must be at most 10,000.00 RON.' });
    expect(productFromForm({ ...values, stock: '1000001' })).toEqual({ problem: 'Stock must be at most 1000000.' });
    expect(productFromForm({ ...values, keyFeatures: Array.from({ length: 13 }, (_, n) => `F${n}`).join('\n') })).toEqual({ problem: 'A product can have at most 12 key features.' });
    expect(productFromForm({ ...values, colourOptions: [{ name: '', available: true, stock: 'x', nameRo: '' }] })).toEqual({
      problem: 'Stock of a colour must be a whole number of units, or empty when not counted.',
    });
  });

  it('says it in Romanian on a Romanian page', () => {
    const ro = wordsIn('ro');
    const values = formValuesOf(lighter);
    expect(fromForm(ro.t, { ...values, price: '39.999' })).toEqual({ problem: 'Prețul trebuie să fie o sumă în lei, de exemplu 39,99.' });
    expect(fromForm(ro.t, { ...values, name: ' ' })).toEqual({ problem: 'Completează câmpul „Nume”.' });
    expect(fromForm(ro.t, { ...values, slug: 'a'.repeat(81) })).toEqual({ problem: 'Câmpul „Adresă” este prea lung (cel mult 80 de caractere).', field: 'slug' });
    expect(fromForm(ro.t, { ...values, slug: 'Secret Lighter' })).toEqual({ problem: 'Folosește pentru adresă litere mici, cifre și cratime.', field: 'slug' });
    // The schema's messages are the admin catalogue's keys, the field named in Romanian and amounts in lei.
    expect(fromForm(ro.t, { ...values, price: '0' })).toEqual({ problem: 'Câmpul „Preț” trebuie să fie de cel puțin 0,01\u00a0lei.' });
    expect(fromForm(ro.t, { ...values, price: '10000.01' })).toEqual({ problem: 'Câmpul „Preț” trebuie să fie de cel mult 10.000,00\u00a0lei.' });
    expect(fromForm(ro.t, { ...values, stock: '1000001' })).toEqual({ problem: 'Câmpul „Stoc” trebuie să fie de cel mult 1000000.' });
    expect(fromForm(ro.t, { ...values, description: 'Bell\u0007' })).toEqual({ problem: 'Câmpul „Descriere” nu poate conține caractere de control.' });
    expect(fromForm(ro.t, { ...values, colourOptions: [{ name: ' ', available: true, stock: '', nameRo: '' }] })).toEqual({ problem: 'Completează câmpul „Numele culorii”.' });
    expect(
      fromForm(ro.t, {
        ...values,
        colourOptions: [
          { name: 'Red', available: true, stock: '', nameRo: '' },
          { name: 'red', available: false, stock: '', nameRo: '' },
        ],
      }),
    ).toEqual({
      problem: 'Fiecare culoare poate apărea o singură dată.',
    });
    expect(fromForm(ro.t, { ...values, keyFeatures: Array.from({ length: 13 }, (_, n) => `F${n}`).join('\n') })).toEqual({
      problem: 'Un produs poate avea cel mult 12 caracteristici principale.',
    });
    expect(fromForm(ro.t, { ...values, stripePriceId: 'prod_1' })).toEqual({ problem: 'Id-ul prețului Stripe trebuie să arate ca price_123abc.' });
    expect(problemOf(ro.t, new TypeError('Failed to fetch'))).toEqual({ problem: 'Produsul nu a putut fi salvat. Verifică-ți conexiunea și încearcă din nou.' });
  });

  it('starts a new product hidden, with nothing filled in', () => {
    // No address yet: the server makes one from the name.
    expect(formValuesOf()).not.toHaveProperty('slug');
    expect(formValuesOf()).toEqual({
      name: '',
      description: '',
      keyFeatures: '',
      price: '',
      stock: '',
      weightGrams: '',
      packedSizeCm: { length: '', width: '', height: '' },
      active: false,
      stripePriceId: '',
      colourOptions: [],
      nameRo: '',
      descriptionRo: '',
      keyFeaturesRo: '',
      safety: { manufacturer: { name: '', address: '', email: '' }, responsiblePerson: { name: '', address: '', email: '' }, model: '', safetyInfo: '', safetyInfoRo: '' },
      feeds: { exclude: false, title: '' },
    });
  });

  it('sends the feeds’ switch and neutral title (empty: none), and refuses too long a title', () => {
    const values = formValuesOf({ ...lighter, excludeFromFeeds: true, feedTitle: 'Brichetă' });
    expect(values.feeds).toEqual({ exclude: true, title: 'Brichetă' });
    expect(productFromForm(values)).toEqual({ product: expect.objectContaining({ excludeFromFeeds: true, feedTitle: 'Brichetă' }) });
    expect(productFromForm({ ...values, feeds: { exclude: false, title: '  ' } })).toEqual({ product: expect.objectContaining({ excludeFromFeeds: false, feedTitle: null }) });
    expect(productFromForm({ ...values, feeds: { exclude: false, title: 'x'.repeat(151) } })).toEqual({ problem: 'Title in the feeds (Romanian) is too long (at most 150 characters).' });
  });
});

describe('the product form’s safety information (GPSR)', () => {
  const maker = { name: 'Hidden Goods Ltd', address: '5 Harbour Road, Shenzhen, China', email: 'safety@hidden.example' };
  const representative = { name: 'Import Sigur SRL', address: 'Strada Lungă 3, Brașov, România', email: 'gpsr@import.example' };
  const safe: AdminProduct = {
    ...lighter,
    manufacturer: maker,
    responsiblePerson: representative,
    model: 'LX-200',
    safetyInfo: 'Not a toy.',
    translations: { ro: { ...lighter.translations.ro, safetyInfo: 'Nu este o jucărie.' } },
  };

  it('shows what the product has and sends it back unchanged', () => {
    const values = formValuesOf(safe);
    expect(values.safety).toEqual({ manufacturer: maker, responsiblePerson: representative, model: 'LX-200', safetyInfo: 'Not a toy.', safetyInfoRo: 'Nu este o jucărie.' });
    const { id, images, createdAt, ...editable } = safe;
    expect(productFromForm(values)).toEqual({ product: editable });
  });

  it('sends a party left wholly empty as none, the model and warnings left empty as none, and warnings as one paragraph', () => {
    const values = formValuesOf(safe);
    const emptied = {
      ...values,
      safety: { ...values.safety, responsiblePerson: { name: ' ', address: '', email: '' }, model: '  ', safetyInfo: 'Keep away\nfrom children.', safetyInfoRo: 'Nu lăsa\r\nla copii.' },
    };
    expect(productFromForm(emptied)).toEqual({
      product: expect.objectContaining({
        manufacturer: maker,
        responsiblePerson: null,
        model: null,
        safetyInfo: 'Keep away from children.',
        translations: { ro: expect.objectContaining({ safetyInfo: 'Nu lăsa la copii.' }) },
      }),
    });
    const none = { ...values, safety: formValuesOf(lighter).safety };
    expect(productFromForm(none)).toEqual({ product: expect.objectContaining({ manufacturer: null, responsiblePerson: null, model: null, safetyInfo: null }) });
  });

  it('names what is missing or wrong: each party’s three fields, an email that is not one, too long a text, English warnings without the Romanian', () => {
    const values = formValuesOf(safe);
    const withSafety = (safety: Partial<typeof values.safety>) => ({ ...values, safety: { ...values.safety, ...safety } });
    expect(productFromForm(withSafety({ manufacturer: { ...maker, email: '' } }))).toEqual({ problem: 'Manufacturer’s email is required.' });
    expect(productFromForm(withSafety({ manufacturer: { ...maker, address: ' ' } }))).toEqual({ problem: 'Manufacturer’s postal address is required.' });
    expect(productFromForm(withSafety({ responsiblePerson: { ...representative, email: 'gpsr at import.example' } }))).toEqual({
      problem: 'EU responsible person’s email must be an email address, like name@example.com.',
    });
    expect(productFromForm(withSafety({ manufacturer: { ...maker, name: 'x'.repeat(201) } }))).toEqual({ problem: 'Manufacturer’s name is too long (at most 200 characters).' });
    expect(productFromForm(withSafety({ model: 'x'.repeat(121) }))).toEqual({ problem: 'Type, batch or model is too long (at most 120 characters).' });
    expect(productFromForm(withSafety({ safetyInfoRo: 'x'.repeat(4001) }))).toEqual({ problem: 'Warnings and safety information in Romanian is too long (at most 4000 characters).' });
    expect(productFromForm(withSafety({ safetyInfoRo: '' }))).toEqual({ problem: 'Give the warnings and safety information in Romanian too: the law asks for them in Romanian.' });
    // Romanian alone is enough: the English shop shows it.
    expect(productFromForm(withSafety({ safetyInfo: '' }))).toEqual({
      product: expect.objectContaining({ safetyInfo: null, translations: { ro: expect.objectContaining({ safetyInfo: 'Nu este o jucărie.' }) } }),
    });
    const ro = wordsIn('ro');
    expect(fromForm(ro.t, withSafety({ manufacturer: { ...maker, email: 'nope' } }))).toEqual({
      problem: 'Câmpul „E-mailul producătorului” trebuie să fie o adresă de e-mail, de exemplu nume@exemplu.ro.',
    });
  });
});
