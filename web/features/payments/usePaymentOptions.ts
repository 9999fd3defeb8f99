import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api';

export interface PaymentOptions {
  /** Card in the cart checkout. */
  cardPayments: boolean;
  /** "Buy now by card" for a single product. */
  buyNowByCard: boolean;
}

const NONE: PaymentOptions = { cardPayments: false, buyNowByCard: false };
let request: Promise<PaymentOptions> | null = null;

/** What the shop offers for card payment (GET /api/payments/config), asked once per page; nothing until it answers. */
export function usePaymentOptions(): PaymentOptions {
  const [options, setOptions] = useState(NONE);
  useEffect(() => {
    let current = true;
    request ??= apiRequest<PaymentOptions>('/payments/config').catch(() => {
      request = null;
      return NONE;
    });
    void request.then((answer) => current && setOptions(answer));
    return () => {
      current = false;
    };
  }, []);
  return options;
}
