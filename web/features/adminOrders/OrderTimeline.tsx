import type { AdminOrder, OrderEvent } from '../../../domain/contracts/admin';
import { becameStatus } from '../../../domain/orders';
import { BUCHAREST_TIME, orderStatusName } from '../../lib/backOffice';
import { type Translate, useI18n } from '../../lib/i18n';
import { Section } from './orderSection';

/** What happened to the order, and to its parcels at their couriers, in time order. */
export function OrderTimeline({ order }: { order: AdminOrder }) {
  const { t, locale } = useI18n();
  const time = (iso: string) => BUCHAREST_TIME[locale].format(new Date(iso));
  return (
    <Section title={t('admin.order.section.timeline')}>
      <ol className="space-y-3 text-sm">
        {timelineOf(order).map((entry) =>
          'id' in entry ? (
            <li key={entry.id} className="border-l-2 border-zinc-300 pl-3">
              <p className="font-medium">{eventTitle(t, entry)}</p>
              <p className="text-zinc-600">
                {time(entry.at)} · {actorName(t, entry)}
              </p>
              {becameStatus(entry, 'shipped') && order.carrier && order.trackingNumber && (
                <p className="mt-1">{t('admin.order.event.shipment', { carrier: order.carrier, trackingNumber: order.trackingNumber })}</p>
              )}
              {entry.note && entry.from !== entry.to && <p className="mt-1">{entry.note}</p>}
            </li>
          ) : (
            <li key={`${entry.awb}-${entry.at}-${entry.code}`} className="border-l-2 border-brand/40 pl-3">
              <p className="font-medium">{t('admin.order.event.courier', { courier: entry.courierName, awb: entry.awb, label: entry.label })}</p>
              <p className="text-zinc-600">
                {time(entry.at)}
                {entry.location && <> · {entry.location}</>}
              </p>
            </li>
          ),
        )}
      </ol>
    </Section>
  );
}

/** The order's own events and its couriers' events, by their time. */
function timelineOf(order: AdminOrder): (OrderEvent | AdminOrder['courierEvents'][number])[] {
  return [...order.events, ...order.courierEvents].sort((a, b) => a.at.localeCompare(b.at));
}

function eventTitle(t: Translate, event: OrderEvent) {
  // An event that leaves the status as it was (a withdrawal, goods back, a refund, the customer's confirmation: noteOrderChange
  // in server/modules/orders/status.ts) is said by its note.
  if (event.from === event.to) return event.note ?? t('admin.orders.withdrawalRequested');
  return event.from === null ? t('admin.order.event.placed', { status: orderStatusName(t, event.to) }) : `${orderStatusName(t, event.from)} → ${orderStatusName(t, event.to)}`;
}

function actorName(t: Translate, event: OrderEvent) {
  if (event.actor === 'owner') return event.ownerEmail ? t('admin.order.actor.ownerEmail', { email: event.ownerEmail }) : t('admin.order.actor.owner');
  return t(`admin.order.actor.${event.actor}`);
}
