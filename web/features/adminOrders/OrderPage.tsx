import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type AdminOrder, adminOrderSchema } from '../../../domain/contracts/admin';
import { dayValue } from '../../../domain/issueValues';
import { bucharestDay, shopDay } from '../../../domain/locale';
import { chargedText } from '../../../domain/money';
import { withdrawalOpen } from '../../../domain/withdrawal';
import { InvoiceTable } from '../../components/InvoiceTable';
import { apiRequest } from '../../lib/api';
import { BUCHAREST_TIME, orderStatusName, useBackOfficeTitle } from '../../lib/backOffice';
import { useI18n } from '../../lib/i18n';
import { CodRisk } from './CodRisk';
import { EditOrder } from './EditOrder';
import { Actions, CancelOrder } from './OrderActions';
import { OrderCustomer, OrderPayment } from './OrderContact';
import { OrderItems } from './OrderItems';
import { OrderShipments } from './OrderShipments';
import { OrderTimeline } from './OrderTimeline';
import { OrderWithdrawals } from './OrderWithdrawals';
import { errorText } from './orderSection';

export default function OrderPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const [order, setOrder] = useState<AdminOrder | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useBackOfficeTitle(order ? t('admin.order.headingNumber', { number: String(order.number) }) : t('admin.order.heading'));

  const load = useCallback(async () => {
    const fresh = await apiRequest(`/admin/orders/${encodeURIComponent(id)}`, adminOrderSchema);
    setOrder(fresh);
    return fresh;
  }, [id]);

  useEffect(() => {
    setLoadError(null);
    load().catch((failure: unknown) => setLoadError(errorText(t, failure)));
  }, [load, t]);

  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin" className="self-start text-sm font-medium text-brand-dark underline">
        ← {t('admin.order.allOrders')}
      </Link>
      {loadError && (
        <>
          <h1 className="text-2xl font-bold">{t('admin.order.heading')}</h1>
          <p role="alert" className="text-red-700">
            {loadError}
          </p>
        </>
      )}
      {!order && !loadError && (
        <p role="status" className="text-zinc-600">
          {t('admin.order.loading')}
        </p>
      )}
      {order && <OrderDetails order={order} onChanged={setOrder} reload={load} />}
    </div>
  );
}

function OrderDetails({ order, onChanged, reload }: { order: AdminOrder; onChanged: (order: AdminOrder) => void; reload: () => Promise<AdminOrder> }) {
  const { t, money, locale } = useI18n();
  const time = (iso: string) => BUCHAREST_TIME[locale].format(new Date(iso));
  return (
    <>
      <div>
        <h1 className="text-2xl font-bold">{t('admin.order.headingNumber', { number: String(order.number) })}</h1>
        <p className="mt-1 font-mono text-sm break-all text-zinc-600">{order.id}</p>
        <p className="mt-2">
          {t('admin.order.statusLabel')} <strong>{orderStatusName(t, order.status)}</strong> · {t('admin.order.placedOn', { time: time(order.createdAt) })}
        </p>
        {order.status === 'delivered' && order.withdrawalLastDay && order.withdrawals.length === 0 && (
          <p className="mt-1 text-sm text-zinc-700">
            {t(withdrawalOpen(order.withdrawalLastDay, new Date()) ? 'admin.order.withdrawalUntil' : 'admin.order.withdrawalOver', { day: dayValue(order.withdrawalLastDay) })}
          </p>
        )}
      </div>
      {order.paymentAlerts.length > 0 && (
        <section aria-labelledby="payment-alerts-title" className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
          <h2 id="payment-alerts-title" className="font-semibold">
            {t('admin.order.paymentAlerts.title')}
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {order.paymentAlerts.map((alert) => {
              const values = { charged: chargedText(alert.amount, alert.currency, money), total: money(order.total), time: time(alert.at) };
              return (
                <li key={`${alert.kind} ${alert.at}`}>{alert.kind === 'amount_mismatch' ? t('admin.order.paymentAlerts.amountMismatch', values) : t('admin.order.paymentAlerts.paidTwice', values)}</li>
              );
            })}
          </ul>
        </section>
      )}
      {order.anonymisedAt && <p className="rounded-xl bg-zinc-100 p-4 text-zinc-800">{t('admin.order.anonymised', { day: shopDay(bucharestDay(order.anonymisedAt), locale) })}</p>}
      {order.withdrawals.length > 0 && <OrderWithdrawals order={order} onChanged={onChanged} />}
      {/* On a phone (issue 46): the status and its next action, the customer to call, the lines, then the rest; Cancel last. */}
      <Actions order={order} onChanged={onChanged} reload={reload} />
      <div className="grid gap-4 lg:grid-cols-2">
        <OrderCustomer order={order} />
        <OrderItems order={order} />
        <OrderPayment order={order} />
        <OrderShipments order={order} onChanged={onChanged} reload={reload} />
        <OrderTimeline order={order} />
      </div>
      <EditOrder order={order} onChanged={onChanged} reload={reload} />
      {!order.anonymisedAt && (order.paymentMethod === 'cod' || order.returnedBefore.length > 0 || order.codBlocks.length > 0) && <CodRisk order={order} reload={reload} />}
      {order.invoices.length > 0 && (
        <section aria-labelledby="invoices-title" className="flex flex-col gap-3">
          <h2 id="invoices-title" className="text-lg font-semibold">
            {t('admin.order.section.invoices')}
          </h2>
          <InvoiceTable invoices={order.invoices} caption={t('admin.order.invoicesCaption', { number: String(order.number) })} withOrder={false} />
        </section>
      )}
      <CancelOrder order={order} onChanged={onChanged} reload={reload} />
    </>
  );
}
