import type { PaymentOptions } from '../../domain/contracts/payments';
import { fetchApi } from './http';

export type { PaymentOptions };

import { createSharedResource } from './sharedResource';

// Nothing is offered until the server answers; a failed answer offers nothing and is asked again later.
const paymentOptions = createSharedResource<PaymentOptions>({ cardPayments: false, buyNowByCard: false }, { load: () => fetchApi<PaymentOptions>('/payments/config') });

/** What the shop offers for card payment (GET /api/payments/config), asked once per page. */
export const usePaymentOptions = (): PaymentOptions => paymentOptions.use();
