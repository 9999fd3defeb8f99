import { useEffect, useState } from 'react';
import { lineName } from '../../../domain/catalog';
import { placeLine } from '../../../domain/counties';
import type { PaymentMethod } from '../../../domain/orders';
import { healthSchema } from '../../../domain/contracts/api';
import { apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { formatRon } from '../../lib/format';
import { useCart } from '../../lib/cart/CartProvider';
import { usePaymentOptions } from '../../lib/paymentOptions';
import { CartTotals } from './CartTotals';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { StepHeading } from './ui';
import type { CheckoutDraft } from './useCheckoutDraft';

const optionClass = 'flex min-h-11 items-center gap-3 rounded-lg border-2 border-zinc-200 px-4 py-3';

type Reachability = 'checking' | 'reachable' | 'unreachable';

function useShopReachable(): Reachability {
  const [state, setState] = useState<Reachability>('checking');
  useEffect(() => {
    let current = true;
    apiRequest('/health', healthSchema)
      .then(() => current && setState('reachable'))
      .catch(() => current && setState('unreachable'));
    return () => {
      current = false;
    };
  }, []);
  return state;
}

const REACHABILITY_TEXT: Record<Reachability, string> = {
  checking: 'Checking the connection to the shop…',
  reachable: 'Connected to the shop. Your order can be placed.',
  unreachable: 'We can’t reach the shop right now. Check your internet connection before placing the order.',
};

interface PaymentStepProps {
  draft: CheckoutDraft;
  submitting: boolean;
  error: { message: string; detail?: string } | null;
  onBack(): void;
  onPlaceOrder(method: PaymentMethod): void;
}

export function PaymentStep({ draft, submitting, error, onBack, onPlaceOrder }: PaymentStepProps) {
  const { t } = useI18n();
  const { cart } = useCart();
  const reachability = useShopReachable();
  const { cardPayments } = usePaymentOptions();
  const [method, setMethod] = useState<PaymentMethod>('cod');
  const { shipping } = draft;

  return (
    <form
      aria-labelledby="checkout-step-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) onPlaceOrder(method);
      }}
    >
      <StepHeading>Payment Method</StepHeading>
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">Payment method</legend>
        <label className={`${optionClass} cursor-pointer has-checked:border-brand has-checked:bg-green-50`}>
          <input type="radio" name="payment" value="cod" checked={method === 'cod'} onChange={() => setMethod('cod')} className="accent-brand" />
          <span className="font-medium">Cash on delivery</span>
        </label>
        {cardPayments ? (
          <label className={`${optionClass} cursor-pointer has-checked:border-brand has-checked:bg-green-50`}>
            <input type="radio" name="payment" value="card" checked={method === 'card'} onChange={() => setMethod('card')} className="accent-brand" />
            <span className="font-medium">Card</span>
            <span className="text-sm text-zinc-600">Pay securely on Stripe’s page</span>
          </label>
        ) : (
          <label className={`${optionClass} cursor-not-allowed text-zinc-500`}>
            <input type="radio" name="payment" value="card" disabled />
            <span className="font-medium">Card</span>
            <span className="text-sm">{t('message.cardNotAvailable')}</span>
          </label>
        )}
      </fieldset>

      <section aria-labelledby="summary-title" className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
        <h3 id="summary-title" className="font-semibold">
          Order summary
        </h3>
        <ul className="mt-2 space-y-1 text-sm">
          {cart.lines.map(({ product, colour, quantity }) => (
            <li key={lineName(product.id, colour)} className="flex justify-between gap-4">
              <span>
                {lineName(product.name, colour)} × {quantity}
              </span>
              <span>{formatRon(product.price * quantity)}</span>
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t border-zinc-200 pt-3">
          <CartTotals cart={cart} />
        </div>
        <h3 className="mt-4 font-semibold">Delivery to</h3>
        <p className="text-sm text-zinc-700">
          {shipping.firstName} {shipping.lastName}, {shipping.street} {shipping.streetNumber}, {placeLine(shipping)},{' '}
          {shipping.country} · {shipping.phoneNumber} · {draft.email}
        </p>
      </section>

      <p role="status" className={`mt-4 text-sm ${reachability === 'unreachable' ? 'text-red-700' : 'text-zinc-600'}`}>
        {REACHABILITY_TEXT[reachability]}
      </p>

      {error && (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800 ring-1 ring-red-200">
          <p className="font-semibold">{error.message}</p>
          {error.detail && <p className="mt-1 text-sm">{error.detail}</p>}
        </div>
      )}

      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <button type="button" onClick={onBack} disabled={submitting} className={secondaryButton}>
          Back
        </button>
        <button type="submit" disabled={submitting} className={primaryButton}>
          {submitting ? 'Processing...' : method === 'card' ? 'Pay with Card' : 'Place Order (COD)'}
        </button>
      </div>
    </form>
  );
}
