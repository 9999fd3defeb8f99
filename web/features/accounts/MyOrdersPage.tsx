import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { primaryButton } from '../../components/ui/styles';
import { orderListSchema, type OrderView } from '../../../domain/contracts/orders';
import { apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { OrderSummary } from '../../components/OrderSummary';
import { useSession } from '../../lib/session';

export default function MyOrdersPage() {
  const { t } = useI18n();
  useDocumentTitle(t('account.myOrders'));
  const session = useSession();
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (session.status !== 'signedIn') return;
    apiRequest('/orders', orderListSchema)
      .then((body) => setOrders(body.orders))
      .catch(() => setFailed(true));
  }, [session.status]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('account.myOrders')}</h1>
      {session.status === 'signedIn' && (
        <p className="mt-2">
          <Link to="/account/data" className="font-semibold text-brand-dark underline">
            {t('account.data.link')}
          </Link>
        </p>
      )}
      {session.status === 'signedOut' && (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p>{t('account.orders.signInPrompt')}</p>
          <Link to="/login" className={primaryButton}>
            {t('account.signInLink')}
          </Link>
        </div>
      )}
      {failed && (
        <p role="alert" className="mt-6 text-red-700">
          {t('account.orders.loadFailed')}
        </p>
      )}
      {session.status === 'signedIn' && !orders && !failed && (
        <p role="status" className="mt-6 text-zinc-600">
          {t('account.orders.loading')}
        </p>
      )}
      {orders?.length === 0 && (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p>{t('account.orders.none')}</p>
          <Link to="/shop" className={primaryButton}>
            {t('order.browseCollection')}
          </Link>
        </div>
      )}
      {orders && orders.length > 0 && (
        <ul className="mt-6 space-y-4">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderSummary order={order} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
