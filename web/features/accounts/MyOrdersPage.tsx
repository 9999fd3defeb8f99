import { Link } from 'react-router';
import { orderListSchema } from '../../../domain/contracts/orders';
import { OrderSummary } from '../../components/OrderSummary';
import { primaryButton } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { SignInPrompt, useAccountData } from './accountPage';

export default function MyOrdersPage() {
  const { t } = useI18n();
  useDocumentTitle(t('account.myOrders'));
  const { session, data, failed } = useAccountData('/orders', orderListSchema);
  const orders = data?.orders;

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
      {session.status === 'signedOut' && <SignInPrompt prompt={t('account.orders.signInPrompt')} />}
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
