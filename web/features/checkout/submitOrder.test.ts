import { describe, expect, it } from 'vitest';
import { messages as en } from '../../../locales/shop/en';
import { ApiError } from '../../lib/api';
import { createI18n, type Translate } from '../../lib/i18n';
import { describeCardFailure, describeOrderFailure, newIdempotencyKey } from './submitOrder';

const english = createI18n('en', en);
const t: Translate = (id, values) => english._(id, values);

describe('order failure texts', () => {
  it('shows the default text, with the server’s explanation of a bad request', () => {
    expect(describeOrderFailure(new ApiError(400, 'Unknown product: 9. Please refresh the shop and try again.'), t)).toEqual({
      message: 'There was an error submitting your order. Please try again.',
      detail: 'Unknown product: 9. Please refresh the shop and try again.',
    });
    expect(describeOrderFailure(new ApiError(500, 'Something went wrong on our side. Please try again.'), t)).toEqual({
      message: 'There was an error submitting your order. Please try again.',
    });
  });

  it('calls a request that never got an answer a network error', () => {
    expect(describeOrderFailure(new TypeError('Failed to fetch'), t).message).toBe('Network error. Please check your internet connection and try again.');
  });

  it('uses the card path texts of spec 8', () => {
    expect(describeCardFailure(new ApiError(502, 'x', 'stripe_failed'), t).message).toBe('Failed to create Stripe checkout session');
    expect(describeCardFailure(new TypeError('Failed to fetch'), t).message).toBe('There was an error processing your Stripe payment. Please try again.');
    // A refusal of the order itself says why, below the spec's text; a server failure does not.
    expect(describeCardFailure(new ApiError(409, 'Dummy Car Key is sold out', 'out_of_stock'), t)).toEqual({
      message: 'There was an error processing your Stripe payment. Please try again.',
      detail: 'Dummy Car Key is sold out',
    });
    expect(describeCardFailure(new ApiError(500, 'Something went wrong on our side. Please try again.'), t)).toEqual({
      message: 'There was an error processing your Stripe payment. Please try again.',
    });
  });
});

describe('a discount code refused as the order is placed', () => {
  it('gives spec 8’s alert, then why in the refusal’s own words, that the order was not placed, and that it can go without the code', () => {
    const usedUp = new ApiError(409, 'The code TEN has been used up.', 'discount_used_up');
    const detail = 'The code TEN has been used up. Your order was not placed. The code was taken off: check the new total below and place the order again to order without it.';
    expect(describeOrderFailure(usedUp, t)).toEqual({ message: 'There was an error submitting your order. Please try again.', detail, discountRefused: true });
    expect(describeCardFailure(usedUp, t)).toEqual({ message: 'There was an error processing your Stripe payment. Please try again.', detail, discountRefused: true });
    // Any other refusal of the order keeps its code.
    expect(describeOrderFailure(new ApiError(409, 'Dummy Car Key is sold out', 'out_of_stock'), t).discountRefused).toBeUndefined();
  });
});

describe('idempotency keys', () => {
  it('are 32 random hex characters, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
