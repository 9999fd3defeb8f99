import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type CheckoutSessionStatus, checkoutSessionStatusSchema } from '../../../domain/contracts/payments';
import { Spinner } from '../../components/ui/Spinner';
import { primaryButton } from '../../components/ui/styles';
import { apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { formatOrderDate } from '../../lib/orderStatus';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { paidOrderStatusLabel } from './paidOrderStatus';

type Payment = CheckoutSessionStatus | { status: 'error' };

/** Spec 2: /success?session_id=…, confirmed with Stripe by our API, never on the URL's word. */
export default function SuccessPage() {
  const { t, locale } = useI18n();
  useDocumentTitle(t('payment.title'));
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const session = useSession();
  const [payment, setPayment] = useState<Payment | null>(null);

  useEffect(() => {
    if (!sessionId) return setPayment({ status: 'unknown', sessionId, order: null, orderUrl: null });
    apiRequest(`/payments/sessions/${encodeURIComponent(sessionId)}`, checkoutSessionStatusSchema)
      .then(setPayment)
      .catch(() => setPayment({ status: 'error' }));
  }, [sessionId]);

  if (!payment) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Spinner label={t('payment.checking')} />
      </div>
    );
  }

  if (payment.status !== 'paid') {
    const text = payment.status === 'unpaid' ? 'payment.unpaid.text' : payment.status === 'unknown' ? 'payment.unknown.text' : 'payment.checkFailed.text';
    return (
      <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
        <h1 className="text-3xl font-bold">{t(payment.status === 'unpaid' ? 'payment.unpaid.heading' : 'payment.notConfirmed.heading')}</h1>
        <p className="text-zinc-700">{t(text)}</p>
        <Link to="/shop" className={primaryButton}>
          {t('payment.backToShop')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-dark">{t('payment.success.heading')}</h1>
      <p>{t('payment.success.thanks')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-600">{t('payment.term.sessionId')}</dt>
        <dd className="break-all">{payment.sessionId}</dd>
        {session.status === 'signedIn' && (
          <>
            <dt className="text-zinc-600">{t('payment.term.orderStatus')}</dt>
            <dd>{t(paidOrderStatusLabel(payment.order))}</dd>
            {payment.order && (
              <>
                <dt className="text-zinc-600">{t('payment.term.orderNumber')}</dt>
                <dd>{payment.order.number}</dd>
                <dt className="text-zinc-600">{t('payment.term.orderDate')}</dt>
                <dd>{formatOrderDate(payment.order.createdAt, locale)}</dd>
              </>
            )}
          </>
        )}
      </dl>
      <p className="text-zinc-700">{t('payment.success.shipping')}</p>
      <p className="text-zinc-700">{payment.customerEmail ? t('payment.success.receiptSentTo', { email: payment.customerEmail }) : t('payment.success.receiptSentToPaymentAddress')}</p>
      {payment.orderUrl && (
        <Link to={payment.orderUrl} className="font-semibold text-brand-dark underline">
          {t('payment.seeOrder')}
        </Link>
      )}
      <Link to="/shop" className={primaryButton}>
        {t('payment.continueShopping')}
      </Link>
    </div>
  );
}
