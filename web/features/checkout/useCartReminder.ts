import { useEffect, useRef } from 'react';
import type { CartState } from '../../../domain/cart';
import { cartReminderRecordSchema } from '../../../domain/contracts/reminders';
import { EMAIL_PATTERN } from '../../../domain/email';
import type { Locale } from '../../../domain/locale';
import { apiRequest } from '../../lib/api';
import { orderLines } from './discount';

/** Typing settles this long before the address or the cart is sent again. */
const SETTLE_MS = 800;

/**
 * The cart reminder's consent (decision 0045): nothing leaves the browser while the box is unticked. Ticked with a
 * valid address, the address and the lines are sent (again when either changes); unticked, the record is deleted.
 * `id`: the record this checkout made (kept in its draft), `onId` keeps the new one.
 */
export function useCartReminder({ checked, email, cart, locale, id, onId }: { checked: boolean; email: string; cart: CartState; locale: Locale; id: string | null; onId(id: string | null): void }) {
  const lines = JSON.stringify(orderLines(cart));
  const latest = useRef({ id, onId });
  latest.current = { id, onId };
  useEffect(() => {
    const address = email.trim();
    if (!checked) {
      const recorded = latest.current.id;
      if (recorded) {
        latest.current.onId(null);
        apiRequest(`/cart-reminders/${recorded}`, null, { method: 'DELETE' }).catch(() => undefined);
      }
      return;
    }
    if (!EMAIL_PATTERN.test(address) || lines === '[]') return;
    const timer = setTimeout(() => {
      const body = { email: address, lines: JSON.parse(lines) as unknown, locale, ...(latest.current.id ? { id: latest.current.id } : {}) };
      apiRequest('/cart-reminders', cartReminderRecordSchema, { method: 'POST', body: JSON.stringify(body) })
        .then((record) => latest.current.onId(record.id))
        // A reminder not recorded costs the visitor nothing: the checkout goes on as without it.
        .catch(() => undefined);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [checked, email, lines, locale]);
}
