import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Spinner } from '../../components/ui/Spinner';
import { primaryButton } from '../../components/ui/styles';
import { checkoutSessionStatusSchema, type CheckoutSessionStatus } from '../../../domain/contracts/payments';
import { apiRequest } from '../../lib/api';
import { orderDateFormat } from '../../lib/orderStatus';
import { useSession } from '../../lib/session';
import { paidOrderStatusLabel } from './paidOrderStatus';

type Payment = CheckoutSessionStatus | { status: 'error' };

/** Spec 2: /success?session_id=…, confirmed with Stripe by our API, never on the URL's word. */
export default function SuccessPage() {
  useDocumentTitle('Payment');
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
        <Spinner label="Checking your payment…" />
      </div>
    );
  }

  if (payment.status !== 'paid') {
    const text =
      payment.status === 'unpaid'
        ? 'Your payment has not been completed. Nothing was charged; you can try again from the shop.'
        : payment.status === 'unknown'
          ? 'We could not find this payment. If you were charged, contact us with the time of your purchase.'
          : 'We could not check your payment right now. Please reload this page in a moment.';
    return (
      <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
        <h1 className="text-3xl font-bold">{payment.status === 'unpaid' ? 'Payment not completed' : 'Payment not confirmed'}</h1>
        <p className="text-zinc-700">{text}</p>
        <Link to="/shop" className={primaryButton}>
          Back to the shop
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-dark">Payment Successful!</h1>
      <p>Thank you for your purchase.</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-600">Session ID</dt>
        <dd className="break-all">{payment.sessionId}</dd>
        {session.status === 'signedIn' && (
          <>
            <dt className="text-zinc-600">Order status</dt>
            <dd>{paidOrderStatusLabel(payment.order)}</dd>
            {payment.order && (
              <>
                <dt className="text-zinc-600">Order number</dt>
                <dd>{payment.order.number}</dd>
                <dt className="text-zinc-600">Order date</dt>
                <dd>{orderDateFormat.format(new Date(payment.order.createdAt))}</dd>
              </>
            )}
          </>
        )}
      </dl>
      <p className="text-zinc-700">
        Shipping: we pack your order discreetly and hand it to the courier within 1–2 business days; delivery in Romania
        usually takes 1–3 days more.
      </p>
      <p className="text-zinc-700">
        A confirmation email with your receipt is sent to {payment.customerEmail ?? 'the address you gave at payment'}.
      </p>
      {payment.orderUrl && (
        <Link to={payment.orderUrl} className="font-semibold text-brand-dark underline">
          See your order
        </Link>
      )}
      <Link to="/shop" className={primaryButton}>
        Continue Shopping
      </Link>
    </div>
  );
}
