import { describe, expect, it } from 'vitest';
import { wordsOf } from '../testing/messages';
import { onlyLeft, orderFailureMessage } from './messages';

describe('order failure alert (spec 8)', () => {
  it('chooses the text by what the failure says', () => {
    expect(wordsOf(orderFailureMessage({ message: 'JWT expired' }))).toBe('Authentication error. Please refresh the page and try again.');
    expect(wordsOf(orderFailureMessage({ message: 'Network request failed' }))).toBe('Network error. Please check your internet connection and try again.');
    expect(wordsOf(orderFailureMessage({ message: 'permission denied for table orders' }))).toBe('Permission error. The database may not be properly configured.');
    expect(wordsOf(orderFailureMessage({ message: 'Something went wrong on our side.' }))).toBe('There was an error submitting your order. Please try again.');
  });

  it('treats a request that never reached the server as a network error', () => {
    expect(orderFailureMessage({ message: 'Failed to fetch', networkFailure: true })).toBe('message.orderNetworkError');
  });

  it('writes the confirmation with the order id, in English and in Romanian', () => {
    expect(wordsOf({ id: 'message.orderSuccess', values: { id: 'abc-123' } })).toBe('Order successfully submitted with Cash on Delivery! Thank you for your purchase. Order ID: abc-123');
    expect(wordsOf({ id: 'message.orderSuccess', values: { id: 'abc-123' } }, 'ro')).toBe('Comanda a fost trimisă cu plata la livrare! Îți mulțumim pentru cumpărături. ID-ul comenzii: abc-123');
  });
});

describe('stock messages', () => {
  it('say how many are left, or that none are', () => {
    expect(wordsOf(onlyLeft(2, 'Dummy Car Key'))).toBe('Only 2 left of Dummy Car Key');
    expect(wordsOf(onlyLeft(0, 'Dummy Car Key'))).toBe('Dummy Car Key is sold out');
  });

  it('count in Romanian with its plural forms', () => {
    const left = (count: number) => wordsOf(onlyLeft(count, 'Brichetă'), 'ro');
    expect(left(1)).toBe('A mai rămas doar 1 bucată din Brichetă');
    expect(left(3)).toBe('Au mai rămas doar 3 bucăți din Brichetă');
    expect(left(25)).toBe('Au mai rămas doar 25 de bucăți din Brichetă');
    expect(left(0)).toBe('Brichetă s-a epuizat');
  });
});
