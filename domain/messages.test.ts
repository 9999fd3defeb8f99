import { describe, expect, it } from 'vitest';
import { MESSAGES, orderFailureMessage } from './messages';

describe('order failure alert (spec 8)', () => {
  it('chooses the text by what the failure says', () => {
    expect(orderFailureMessage({ message: 'JWT expired' })).toBe('Authentication error. Please refresh the page and try again.');
    expect(orderFailureMessage({ message: 'Network request failed' })).toBe(
      'Network error. Please check your internet connection and try again.',
    );
    expect(orderFailureMessage({ message: 'permission denied for table orders' })).toBe(
      'Permission error. The database may not be properly configured.',
    );
    expect(orderFailureMessage({ message: 'Something went wrong on our side.' })).toBe(
      'There was an error submitting your order. Please try again.',
    );
  });

  it('treats a request that never reached the server as a network error', () => {
    expect(orderFailureMessage({ message: 'Failed to fetch', networkFailure: true })).toBe(MESSAGES.orderNetworkError);
  });

  it('writes the confirmation with the order id', () => {
    expect(MESSAGES.orderSuccess('abc-123')).toBe(
      'Order successfully submitted with Cash on Delivery! Thank you for your purchase. Order ID: abc-123',
    );
  });
});
