import { apiRequest } from './api';
import { createSharedResource } from './sharedResource';

export interface PaymentOptions {
  /** Card in the cart checkout. */
  cardPayments: boolean;
  /** "Buy now by card" for a single product. */
  buyNowByCard: boolean;
}

// Nothing is offered until the server answers; a failed answer offers nothing and is asked again later.
const paymentOptions = createSharedResource<PaymentOptions>(
  { cardPayments: false, buyNowByCard: false },
  { load: () => apiRequest<PaymentOptions>('/payments/config') },
);

/** What the shop offers for card payment (GET /api/payments/config), asked once per page. */
export const usePaymentOptions = (): PaymentOptions => paymentOptions.use();
