import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../locales/catalogues';
import { createI18n, type Translate } from '../../lib/i18n';
import { testimonialFromForm, testimonialValuesOf } from './testimonialForm';

const wordsIn = (locale: 'en' | 'ro'): Translate => {
  const i18n = createI18n(locale, ADMIN_MESSAGES[locale]);
  return (id, values) => i18n._(id, values);
};
const en = wordsIn('en');
const typed = { ...testimonialValuesOf(), text: 'Bricheta e perfectă.', name: 'Andrei M.', orderNumber: ' #10042 ' };

describe('the testimonial form', () => {
  it('starts from an order, in Romanian, unpublished; and shows a saved one as it is', () => {
    expect(testimonialValuesOf()).toEqual({ text: '', name: '', source: 'order', orderNumber: '', language: 'ro', published: false });
    expect(testimonialValuesOf({ id: 1, text: 'Great.', name: 'Ana P.', source: 'instagram', orderNumber: null, language: 'en', published: true, updatedAt: '2026-11-29T10:00:00.000Z' })).toEqual({
      text: 'Great.',
      name: 'Ana P.',
      source: 'instagram',
      orderNumber: '',
      language: 'en',
      published: true,
    });
  });

  it('sends the order’s number as a number, and no number for a message on Instagram', () => {
    expect(testimonialFromForm(en, typed)).toEqual({
      testimonial: { text: 'Bricheta e perfectă.', name: 'Andrei M.', source: { kind: 'order', orderNumber: 10042 }, language: 'ro', published: false },
    });
    expect(testimonialFromForm(en, { ...typed, source: 'instagram', orderNumber: '12' })).toEqual({ testimonial: expect.objectContaining({ source: { kind: 'instagram' } }) });
  });

  it('says what is wrong in the API’s words, in the page’s language', () => {
    expect(testimonialFromForm(en, { ...typed, orderNumber: 'ten' })).toEqual({ problem: 'Order number must be the number of one of this shop’s orders, like 10001.' });
    expect(testimonialFromForm(en, { ...typed, orderNumber: '' })).toEqual({ problem: 'Order number must be the number of one of this shop’s orders, like 10001.' });
    expect(testimonialFromForm(en, { ...typed, name: 'Andrei Mureșan' })).toEqual({ problem: 'Give the name shown as the first name and the initial of the last name, like Andrei M.' });
    expect(testimonialFromForm(en, { ...typed, text: '' })).toEqual({ problem: 'Testimonial text is required.' });
    expect(testimonialFromForm(wordsIn('ro'), { ...typed, orderNumber: 'zece' })).toEqual({
      problem: 'Câmpul „Numărul comenzii” trebuie să fie numărul unei comenzi a acestui magazin, de exemplu 10001.',
    });
  });
});
