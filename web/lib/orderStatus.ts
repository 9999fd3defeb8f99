import type { Locale } from '../../domain/locale';
import type { OrderStatus } from '../../domain/orders';
import type { ShopMessageId } from '../../locales/messages';

/** How an order's status reads to its customer: the catalogue's key, `t(ORDER_STATUS_LABELS[status])`. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, ShopMessageId> = {
  pending: 'order.status.pending',
  confirmed: 'order.status.confirmed',
  awaiting_payment: 'order.status.awaitingPayment',
  paid: 'order.status.paid',
  shipped: 'order.status.shipped',
  delivered: 'order.status.delivered',
  cancelled: 'order.status.cancelled',
  returned: 'order.status.returned',
};

const dateOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' };

/** The back office's dates, in English ("23 November 2026 at 10:00"). */
const orderDateFormat = new Intl.DateTimeFormat('en-GB', dateOptions);

const orderDateFormats: Record<Locale, Intl.DateTimeFormat> = { en: orderDateFormat, ro: new Intl.DateTimeFormat('ro-RO', dateOptions) };

/** An order's date in the page's language: "23 November 2026 at 10:00" / "23 noiembrie 2026 la 10:00". */
export function formatOrderDate(isoDate: string, locale: Locale): string {
  return orderDateFormats[locale].format(new Date(isoDate));
}
