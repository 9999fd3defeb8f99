import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { type OrderView, orderViewSchema } from '../../../domain/contracts/orders';
import { dayValue } from '../../../domain/issueValues';
import { WITHDRAWAL_DAYS, WITHDRAWAL_PATH } from '../../../domain/legal';
import { shopTime } from '../../../domain/locale';
import { withdrawalOpen } from '../../../domain/withdrawal';
import { OrderSummary } from '../../components/OrderSummary';
import { primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * An order's own page, for whoever has its link (/orders/{id}?token=…, from its mail or its
 * confirmation): its status and lines, without an account. A wrong or missing token shows nothing.
 */
export default function OrderStatusPage() {
  const { t } = useI18n();
  useDocumentTitle(t('order.title'));
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [order, setOrder] = useState<OrderView | null>(null);
  const [problem, setProblem] = useState<'not_found' | 'failed' | null>(null);

  useEffect(() => {
    setOrder(null);
    setProblem(null);
    apiRequest(`/orders/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, orderViewSchema)
      .then(setOrder)
      .catch((error: unknown) => setProblem(error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'not_found' : 'failed'));
  }, [id, token]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('order.title')}</h1>
      {!order && !problem && (
        <p role="status" className="mt-6 text-zinc-600">
          {t('order.loading')}
        </p>
      )}
      {problem === 'not_found' && (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p role="alert">{t('order.notFound')}</p>
          <Link to="/shop" className={primaryButton}>
            {t('order.browseCollection')}
          </Link>
        </div>
      )}
      {problem === 'failed' && (
        <p role="alert" className="mt-6 text-red-700">
          {t('order.loadFailed')}
        </p>
      )}
      {order && (
        <div className="mt-6">
          <OrderSummary order={order} />
          <Withdrawal order={order} />
        </div>
      )}
    </div>
  );
}

/**
 * The customer's right to withdraw from this order: until when, with the form's link (pre-filled);
 * that it was asked for; or that its period is over. Nothing for an order not bought (yet) or already back.
 */
function Withdrawal({ order }: { order: OrderView }) {
  const { t, locale } = useI18n();
  if (order.status === 'cancelled' || order.status === 'awaiting_payment' || order.status === 'returned') return null;
  const className = 'mt-6 text-sm text-zinc-700';
  if (order.withdrawalRequestedAt) {
    return <p className={className}>{t('order.withdraw.requested', { when: shopTime(order.withdrawalRequestedAt, locale), days: WITHDRAWAL_DAYS })}</p>;
  }
  const lastDay = order.withdrawalLastDay;
  if (lastDay !== null && !withdrawalOpen(lastDay, new Date())) return <p className={className}>{t('error.withdrawal.periodOver', { day: dayValue(lastDay) })}</p>;
  return (
    <p className={className}>
      {lastDay === null ? t('order.withdraw.lead') : t('order.withdraw.until', { day: dayValue(lastDay) })}{' '}
      <Link to={`${WITHDRAWAL_PATH}?${new URLSearchParams({ number: String(order.number), email: order.email })}`} className="font-semibold text-brand-dark underline">
        {t('order.withdraw.link')}
      </Link>
    </p>
  );
}
