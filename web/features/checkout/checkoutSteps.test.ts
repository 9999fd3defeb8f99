import { describe, expect, it } from 'vitest';
import { attemptFor, shippingOf, stepToShow } from './checkoutSteps';
import type { CheckoutDraft } from './useCheckoutDraft';

const shipping = {
  firstName: 'Ana',
  lastName: 'Pop',
  country: 'Romania',
  county: 'CJ',
  city: 'Cluj-Napoca',
  street: 'Strada Memorandumului',
  streetNumber: '28',
  addressLine2: '',
  postalCode: '400114',
  phoneNumber: '0722123456',
};
const complete: CheckoutDraft = { email: 'ana@example.ro', shipping, postalCodeConfirmed: false, sector: '', delivery: 'address', locker: null, discount: null, reminder: false, reminderId: null };
const noEmail: CheckoutDraft = { ...complete, email: 'ana@' };
const noCity: CheckoutDraft = { ...complete, shipping: { ...shipping, city: ' ' } };
const otherCounty: CheckoutDraft = { ...complete, shipping: { ...shipping, county: 'BV' } };
const bucharest: CheckoutDraft = { ...complete, shipping: { ...shipping, county: 'B', city: 'București', postalCode: '020452' } };

describe('stepToShow', () => {
  it('opens the step asked for when the steps before it are done', () => {
    expect(stepToShow(null, complete)).toBe('cart');
    expect(stepToShow('email', noEmail)).toBe('email');
    expect(stepToShow('shipping', complete)).toBe('shipping');
    expect(stepToShow('payment', complete)).toBe('payment');
  });

  it('lands a deep link on the first step missing', () => {
    expect(stepToShow('shipping', noEmail)).toBe('email');
    expect(stepToShow('payment', noEmail)).toBe('email');
    expect(stepToShow('payment', noCity)).toBe('shipping');
    expect(stepToShow('payment', otherCounty)).toBe('shipping');
    expect(stepToShow('payment', { ...otherCounty, postalCodeConfirmed: true })).toBe('payment');
  });

  it('asks a Bucharest address for its sector unless the address names it', () => {
    expect(stepToShow('payment', bucharest)).toBe('shipping');
    expect(stepToShow('payment', { ...bucharest, sector: '2' })).toBe('payment');
    expect(stepToShow('payment', { ...bucharest, shipping: { ...bucharest.shipping, streetNumber: '12, Sector 2' } })).toBe('payment');
    expect(shippingOf({ ...bucharest, sector: '2' })).toMatchObject({ city: 'București', sector: '2' });
    // A sector chosen for an address that names its own (or is not in Bucharest) is not sent.
    expect(shippingOf({ ...complete, sector: '2' })).not.toHaveProperty('sector');
  });

  it('opens the payment for delivery to an easybox once one is chosen, and sends its id', () => {
    const easybox = {
      courier: 'sameday' as const,
      id: '2101',
      name: 'easybox Iulius Mall Cluj',
      county: 'CJ',
      city: 'Cluj-Napoca',
      address: 'Str. Alexandru Vaida Voevod, Nr. 53B',
      postalCode: '400436',
      acceptsCash: true,
    };
    expect(stepToShow('payment', { ...complete, delivery: 'locker' })).toBe('shipping');
    expect(stepToShow('payment', { ...complete, delivery: 'locker', locker: easybox })).toBe('payment');
    expect(shippingOf({ ...complete, delivery: 'locker', locker: easybox })).toMatchObject({ lockerId: '2101' });
    // A locker chosen, then delivery to the address: no locker is sent.
    expect(shippingOf({ ...complete, delivery: 'address', locker: easybox })).not.toHaveProperty('lockerId');
  });

  it('shows the cart for a step it does not know', () => {
    expect(stepToShow('confirm', complete)).toBe('cart');
  });
});

describe('attemptFor', () => {
  let counter = 0;
  const newKey = () => `key-${++counter}`;

  it('reuses the key when the same order is submitted again', () => {
    const first = attemptFor(null, { lines: [{ productId: '1', quantity: 2 }] }, newKey);
    const retry = attemptFor(first, { lines: [{ productId: '1', quantity: 2 }] }, newKey);
    expect(retry.idempotencyKey).toBe(first.idempotencyKey);
  });

  it('takes a new key when the order changed', () => {
    const first = attemptFor(null, { lines: [{ productId: '1', quantity: 2 }] }, newKey);
    const changed = attemptFor(first, { lines: [{ productId: '1', quantity: 3 }] }, newKey);
    expect(changed.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(attemptFor(changed, { lines: [{ productId: '1', quantity: 2 }] }, newKey).idempotencyKey).not.toBe(first.idempotencyKey);
  });
});
