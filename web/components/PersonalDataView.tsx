import { streetLine } from '../../domain/address';
import type { PersonalData } from '../../domain/contracts/privacy';
import { placeLine } from '../../domain/counties';
import { ibanPrinted } from '../../domain/iban';
import { shopTime } from '../../domain/locale';
import { useI18n } from '../lib/i18n';
import { formatOrderDate, ORDER_STATUS_LABELS } from '../lib/orderStatus';

/**
 * What the shop holds about a person (GET /api/account/data, or an order's through its link), readable: their
 * orders, the addresses and phones they gave, their withdrawal requests, the mails written to them, what the couriers
 * said of their parcels, and the shop's blocks on cash on delivery that name their phone or email.
 */
export function PersonalDataView({ data }: { data: PersonalData }) {
  const { t, money, locale } = useI18n();
  const section = (id: string, title: string, items: string[]) => (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-1 text-zinc-600">{t('account.data.none')}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <>
      {section(
        'data-orders',
        t('account.data.orders'),
        data.orders.map(
          (order) => `${t('order.heading', { number: String(order.number) })} · ${formatOrderDate(order.createdAt, locale)} · ${t(ORDER_STATUS_LABELS[order.status])} · ${money(order.total)}`,
        ),
      )}
      {section(
        'data-addresses',
        t('account.data.addresses'),
        data.addresses.map((address) => `${address.firstName} ${address.lastName}, ${streetLine(address)}, ${placeLine(address)}, ${address.country} · ${address.phoneNumber}`),
      )}
      {section(
        'data-withdrawals',
        t('account.data.withdrawals'),
        data.withdrawalRequests.map(
          (request) =>
            `${t('order.heading', { number: String(request.orderNumber) })} · ${shopTime(request.requestedAt, locale)}${request.note ? ` · ${request.note}` : ''}${request.iban ? ` · IBAN ${ibanPrinted(request.iban)}` : ''}`,
        ),
      )}
      {section(
        'data-mails',
        t('account.data.mails'),
        data.mails.map(
          (mail) =>
            `${mail.kind}${mail.orderNumber ? ` (${t('order.heading', { number: String(mail.orderNumber) })})` : ''} · ${shopTime(mail.writtenAt, locale)} · ${mail.sentAt ? t('account.data.mailSent', { when: shopTime(mail.sentAt, locale) }) : mail.status}`,
        ),
      )}
      {section(
        'data-parcels',
        t('account.data.parcels'),
        data.courierEvents.map(
          (event) =>
            `${t('order.heading', { number: String(event.orderNumber) })} · ${event.courierName} ${event.awb} · ${shopTime(event.at, locale)} · ${event.label}${event.location ? ` · ${event.location}` : ''}`,
        ),
      )}
      {section(
        'data-reviews',
        t('account.data.reviews'),
        data.reviews.map(
          (review) =>
            `${t('order.heading', { number: String(review.orderNumber) })} · ${review.product} · ${review.rating}/5${review.text ? ` · ${review.text}` : ''} · ${[review.shownName, review.county].filter(Boolean).join(', ')} · ${shopTime(review.writtenAt, locale)}`,
        ),
      )}
      {section(
        'data-consents',
        t('account.data.consents'),
        data.consents.map(
          (consent) =>
            `${t(consent.kind === 'cart_reminder' ? 'account.data.cartReminder' : 'account.data.stockAlert', { about: consent.about })} · ${shopTime(consent.givenAt, locale)}${consent.endedAt ? ` · ${t('account.data.consentEnded', { when: shopTime(consent.endedAt, locale) })}` : ''}`,
        ),
      )}
      {section(
        'data-cod-blocks',
        t('account.data.codBlocks'),
        data.codBlocks.map((block) => `${block.value} · ${shopTime(block.blockedAt, locale)}`),
      )}
    </>
  );
}
