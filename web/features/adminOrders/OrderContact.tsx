import { streetLine } from '../../../domain/address';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { placeLine } from '../../../domain/counties';
import { COURIER_NAMES } from '../../../domain/courier';
import { lockerLine } from '../../../domain/lockers';
import { ShipmentTerms } from '../../components/ShipmentTerms';
import { BUCHAREST_TIME, paymentName } from '../../lib/backOffice';
import { useI18n } from '../../lib/i18n';
import { Section } from './orderSection';

const contactButton = 'inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-brand-dark ring-1 ring-brand-dark hover:bg-green-50 focus-visible:outline-3 focus-visible:outline-brand';

/** Who ordered and where it goes: name, phone (Call, WhatsApp) and email to reach them, the address or the locker. */
export function OrderCustomer({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  const dialled = order.phoneNumber.replace(/[^\d+]/g, '');
  return (
    <Section title={t('admin.order.section.customer')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-600">{t('admin.order.name')}</dt>
        <dd>
          {order.firstName} {order.lastName}
        </dd>
        <dt className="text-zinc-600">{t('admin.order.phone')}</dt>
        <dd>
          <a href={`tel:${dialled}`} className="font-semibold text-brand-dark underline">
            {order.phoneNumber}
          </a>
          {/* The call that confirms a cash order, a thumb's tap away (issue 46). */}
          {order.phoneNumber && (
            <span className="mt-1 flex flex-wrap gap-2">
              <a href={`tel:${dialled}`} className={contactButton}>
                {t('admin.order.call')}
              </a>
              <a href={`https://wa.me/${order.phoneNumber.replace(/\D/g, '')}`} target="_blank" rel="noopener" className={contactButton}>
                WhatsApp
              </a>
            </span>
          )}
        </dd>
        <dt className="text-zinc-600">{t('admin.order.email')}</dt>
        <dd className="break-all">
          <a href={`mailto:${order.email}`} className="text-brand-dark underline">
            {order.email}
          </a>
        </dd>
        <dt className="text-zinc-600">{t('admin.order.address')}</dt>
        <dd>
          {streetLine(order)}
          <br />
          {placeLine(order)}
          <br />
          {order.country}
        </dd>
        {order.locker && (
          <>
            <dt className="text-zinc-600">{t('admin.order.delivery')}</dt>
            <dd className="font-semibold">{t('admin.order.locker', { courier: COURIER_NAMES[order.locker.courier], locker: lockerLine(order.locker) })}</dd>
          </>
        )}
      </dl>
    </Section>
  );
}

/** How it is paid (by card, received or not; cash to collect or collected), its shipment, and why it was cancelled. */
export function OrderPayment({ order }: { order: AdminOrder }) {
  const { t, money, locale } = useI18n();
  const time = (iso: string) => BUCHAREST_TIME[locale].format(new Date(iso));
  const paymentState =
    order.paymentMethod === 'card'
      ? order.paidAt
        ? t(order.status === 'cancelled' ? 'admin.order.paidAfterCancel' : 'admin.order.paidByCard', { time: time(order.paidAt) })
        : t('admin.order.cardNotReceived')
      : t(order.status === 'delivered' ? 'admin.order.cashCollected' : 'admin.order.cashToCollect', { amount: money(order.total) });
  return (
    <Section title={t('admin.order.section.payment')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-600">{t('admin.order.payment')}</dt>
        <dd>
          {paymentName(t, order.paymentMethod)} · {paymentState}
        </dd>
        <ShipmentTerms carrier={order.carrier} trackingNumber={order.trackingNumber} />
        {order.cancelReason && (
          <>
            <dt className="text-zinc-600">{t('admin.order.cancelledBecause')}</dt>
            <dd>{order.cancelReason}</dd>
          </>
        )}
        {order.channel && (
          <>
            <dt className="text-zinc-600">{t('admin.order.cameFrom')}</dt>
            <dd>{order.campaign ? `${order.channel} / ${order.campaign}` : order.channel}</dd>
          </>
        )}
      </dl>
    </Section>
  );
}
