import { useState } from 'react';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { shopDay } from '../../../domain/locale';
import { secondaryButton } from '../../components/ui/styles';
import { apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { errorText, Section } from './orderSection';

/** The order's AWBs, and the attempts whose answer never came: status, cost, cash paid out, labels, Cancel AWB. */
export function OrderShipments({ order, onChanged, reload }: { order: AdminOrder; onChanged: (order: AdminOrder) => void; reload: () => Promise<AdminOrder> }) {
  const { t, money } = useI18n();
  if (order.shipments.length + order.awbAttempts.length === 0) return null;
  return (
    <Section title={t('admin.order.section.shipments')}>
      <ul className="space-y-3 text-sm">
        {order.awbAttempts.map((attempt) => (
          <li key={`${attempt.courier}-${attempt.reference}`} className="text-amber-900">
            {t(`admin.shipment.attempt.${attempt.state}`, { courier: attempt.courierName, reference: attempt.reference })}
          </li>
        ))}
        {order.shipments.map((shipment) => (
          <li key={shipment.id}>
            <p>
              <span className="font-semibold">
                {shipment.courierName} {shipment.awb}
              </span>{' '}
              · {t(`admin.shipment.status.${shipment.status}`)}
              {shipment.cost !== null && <> · {t('admin.shipment.cost', { amount: money(shipment.cost) })}</>}
            </p>
            {shipment.unknownStatus && <p className="mt-1 text-amber-900">{t('admin.shipment.unknown', { status: shipment.unknownStatus })}</p>}
            {shipment.status === 'delivered' && shipment.cashOnDelivery > 0 && <CashPaidOut shipment={shipment} />}
            <p className="mt-1 flex flex-wrap gap-3">
              <a
                href={`/api/admin/shipments/${shipment.id}/label?format=A6`}
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-dark underline"
                aria-label={t('admin.shipment.labelA6', { awb: shipment.awb })}
              >
                {t('admin.shipment.label')} (A6)
              </a>
              <a
                href={`/api/admin/shipments/${shipment.id}/label?format=A4`}
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-dark underline"
                aria-label={t('admin.shipment.labelA4', { awb: shipment.awb })}
              >
                A4
              </a>
            </p>
            {shipment.status === 'active' && order.status === 'shipped' && order.trackingNumber === shipment.awb && (
              <CancelAwb shipment={shipment} onCancelled={async () => onChanged(await reload())} />
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** A delivered parcel's cash on delivery: when and how much the courier paid out (where it reports it), or still to be paid. */
function CashPaidOut({ shipment }: { shipment: AdminOrder['shipments'][number] }) {
  const { t, money, locale } = useI18n();
  const courier = shipment.courierName;
  if (shipment.cashPaid === null || shipment.cashPaidOn === null) {
    return <p className="mt-1">{t('admin.shipment.cashToBePaid', { amount: money(shipment.cashOnDelivery), courier })}</p>;
  }
  const paid = { amount: money(shipment.cashPaid), courier, day: shopDay(shipment.cashPaidOn, locale) };
  return shipment.cashPaid === shipment.cashOnDelivery ? (
    <p className="mt-1">{t('admin.shipment.cashPaid', paid)}</p>
  ) : (
    <p className="mt-1 text-amber-900">{t('admin.shipment.cashPaidDiffers', { ...paid, expected: money(shipment.cashOnDelivery) })}</p>
  );
}

/** Cancel AWB: the courier cancels it while it has not picked the parcel up; the order is back to be shipped. */
function CancelAwb({ shipment, onCancelled }: { shipment: AdminOrder['shipments'][number]; onCancelled: () => Promise<void> }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function cancel() {
    setBusy(true);
    setProblem(null);
    try {
      await apiRequest(`/admin/shipments/${shipment.id}/cancel`, null, { method: 'POST' });
      await onCancelled();
    } catch (failure) {
      setProblem(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-2">
      <button type="button" className={secondaryButton} disabled={busy} onClick={() => void cancel()} aria-label={t('admin.shipment.cancelLabel', { awb: shipment.awb })}>
        {t('admin.shipment.cancel')}
      </button>
      {problem && (
        <p role="alert" className="mt-1 text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
