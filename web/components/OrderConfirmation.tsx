import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { streetLine } from '../../domain/address';
import { type OrderView, orderViewSchema } from '../../domain/contracts/orders';
import { placeLine } from '../../domain/counties';
import { phoneDialledFromRomania } from '../../domain/dialled';
import { lockerLine } from '../../domain/lockers';
import { apiRequest } from '../lib/api';
import { companyInfo } from '../lib/company';
import { useI18n } from '../lib/i18n';
import { Reassurance } from './Reassurance';
import { Dialog } from './ui/Dialog';
import { primaryButton } from './ui/styles';

/**
 * Spec 4: after a placed order, a confirmation with its id (the spec's words), on the landing page. It leads with the
 * order's short number and says what happens next (issue 46): the cash to have ready, the shop's call to confirm when
 * it makes one (COD_CONFIRM_CALL), when it arrives, and the address and phone to check, read from the order as the
 * shop stored it (its signed link).
 */
export function OrderConfirmation({ orderId, orderNumber, accessToken, onClose }: { orderId: string; orderNumber?: number; accessToken?: string; onClose(): void }) {
  const { t, money } = useI18n();
  const [order, setOrder] = useState<OrderView | null>(null);
  useEffect(() => {
    if (!accessToken) return;
    let current = true;
    apiRequest(`/orders/${encodeURIComponent(orderId)}?token=${encodeURIComponent(accessToken)}`, orderViewSchema).then(
      (found) => current && setOrder(found),
      // The rest of the confirmation stands without it: the order's page has it all.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [orderId, accessToken]);
  const cash = order?.paymentMethod === 'cod';
  const phone = order ? phoneDialledFromRomania(order.phoneNumber) : '';
  const address = order ? (order.locker ? lockerLine(order.locker) : `${streetLine(order)}, ${placeLine(order)}`) : '';
  return (
    <Dialog labelledBy="order-confirmation-title" onClose={onClose} className="max-w-md">
      <div className="flex flex-col gap-4 p-6">
        <h2 id="order-confirmation-title" className="text-xl font-bold">
          {t('confirmation.title')}
        </h2>
        {orderNumber !== undefined && (
          <p className="text-lg">
            {t('confirmation.orderNumberBefore')} <strong>{orderNumber}</strong>
            {t('confirmation.orderNumberAfter')}
          </p>
        )}
        <p>{t('message.orderSuccess', { id: orderId })}</p>
        {cash && <p className="font-semibold">{t('confirmation.cashReady', { amount: money(order.total) })}</p>}
        {cash && companyInfo().service?.confirmCall && <p>{t('confirmation.weCall', { phone })}</p>}
        <Reassurance />
        {order && <p className="text-sm">{t('confirmation.check', { address, phone })}</p>}
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
