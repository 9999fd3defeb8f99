import { MESSAGES } from '../../domain/messages';
import { Dialog } from './ui/Dialog';
import { primaryButton } from './ui/styles';

/** Spec 4: after a placed order, a confirmation with its id (and its short number), on the landing page. */
export function OrderConfirmation({ orderId, orderNumber, onClose }: { orderId: string; orderNumber?: number; onClose(): void }) {
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
        <button type="button" onClick={onClose} className={primaryButton}>
          OK
        </button>
      </div>
    </Dialog>
  );
}
