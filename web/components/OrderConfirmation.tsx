import { Link } from 'react-router';
import { MESSAGES } from '../../domain/messages';
import { Dialog } from './ui/Dialog';
import { primaryButton } from './ui/styles';

/** Spec 4: after a placed order, a confirmation with its id (and its short number), on the landing page. */
export function OrderConfirmation({ orderId, orderNumber, accessToken, onClose }: { orderId: string; orderNumber?: number; accessToken?: string; onClose(): void }) {
  return (
    <Dialog labelledBy="order-confirmation-title" onClose={onClose} className="max-w-md">
      <div className="flex flex-col gap-4 p-6">
        <h2 id="order-confirmation-title" className="text-xl font-bold">
          Order placed
        </h2>
        <p>{MESSAGES.orderSuccess(orderId)}</p>
        {orderNumber !== undefined && (
          <p>
            Your order number is <strong>{orderNumber}</strong>: quote it if you call us about your order.
          </p>
        )}
        {accessToken && (
          <Link to={`/orders/${orderId}?token=${encodeURIComponent(accessToken)}`} className="font-semibold text-brand-dark underline">
            See your order
          </Link>
        )}
        <button type="button" onClick={onClose} className={primaryButton}>
          OK
        </button>
      </div>
    </Dialog>
  );
}
