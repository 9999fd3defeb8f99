import { describe, expect, it } from 'vitest';
import { attemptFor, stepToShow } from './checkoutSteps';
import type { CheckoutDraft } from './useCheckoutDraft';

const shipping = {
  firstName: 'Ana',
  lastName: 'Pop',
  country: 'Romania',
  county: 'CJ',
  city: 'Cluj-Napoca',
  street: 'Strada Memorandumului',
  streetNumber: '28',
  postalCode: '400114',
  phoneNumber: '0722123456',
};
const complete: CheckoutDraft = { email: 'ana@example.ro', shipping, postalCodeConfirmed: false };
const noEmail: CheckoutDraft = { ...complete, email: 'ana@' };
const noCity: CheckoutDraft = { ...complete, shipping: { ...shipping, city: ' ' } };
const otherCounty: CheckoutDraft = { ...complete, shipping: { ...shipping, county: 'B' } };

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
