import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';
import { Reassurance } from './Reassurance';
import { Dialog } from './ui/Dialog';
import { primaryButton } from './ui/styles';

/** Spec 4: after a placed order, a confirmation with its id (and its short number), on the landing page. */
export function OrderConfirmation({ orderId, orderNumber, accessToken, onClose }: { orderId: string; orderNumber?: number; accessToken?: string; onClose(): void }) {
  const { t } = useI18n();
  return (
    <Dialog labelledBy="order-confirmation-title" onClose={onClose} className="max-w-md">
      <div className="flex flex-col gap-4 p-6">
        <h2 id="order-confirmation-title" className="text-xl font-bold">
          {t('confirmation.title')}
        </h2>
        <p>{t('message.orderSuccess', { id: orderId })}</p>
        {orderNumber !== undefined && (
          <p>
            {t('confirmation.orderNumberBefore')} <strong>{orderNumber}</strong>
            {t('confirmation.orderNumberAfter')}
          </p>
        )}
        <Reassurance />
        {accessToken && (
          <Link to={`/orders/${orderId}?token=${encodeURIComponent(accessToken)}`} className="font-semibold text-brand-dark underline">
            {t('confirmation.seeOrder')}
          </Link>
        )}
        <button type="button" onClick={onClose} className={primaryButton}>
          {t('confirmation.ok')}
        </button>
      </div>
    </Dialog>
  );
}
