import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { streetLine } from '../../../domain/address';
import { cartLineName, lineName } from '../../../domain/catalog';
import { healthSchema } from '../../../domain/contracts/api';
import { placeLine } from '../../../domain/counties';
import { legalPath } from '../../../domain/legal';
import { lockerLine } from '../../../domain/lockers';
import type { PaymentMethod } from '../../../domain/orders';
import type { ShopMessageId } from '../../../locales/messages';
import { CompanyDetails } from '../../components/CompanyDetails';
import { Reassurance } from '../../components/Reassurance';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { apiRequest } from '../../lib/api';
import { useCart } from '../../lib/cart/CartProvider';
import { companyInfo } from '../../lib/company';
import { useI18n } from '../../lib/i18n';
import { usePaymentOptions } from '../../lib/paymentOptions';
import { CartTotals } from './CartTotals';
import { DiscountCode } from './DiscountCode';
import { type AppliedDiscount, checkoutTotals } from './discount';
import type { OrderFailure } from './submitOrder';
import { StepHeading } from './ui';
import type { CheckoutDraft } from './useCheckoutDraft';

const optionClass = 'flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border-2 border-zinc-200 px-4 py-3';

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

// Reached, nothing is said: a line that only says all is well is noise by the order button (issue 46).
const REACHABILITY_TEXT: Record<Reachability, ShopMessageId | null> = {
  checking: 'checkout.payment.checking',
  reachable: null,
  unreachable: 'checkout.payment.unreachable',
};

const OBLIGATION_ID = 'checkout-obligation';

interface PaymentStepProps {
  draft: CheckoutDraft;
  submitting: boolean;
  error: OrderFailure | null;
  onDiscountChange(discount: AppliedDiscount | null): void;
  onBack(): void;
  onPlaceOrder(method: PaymentMethod): void;
}

export function PaymentStep({ draft, submitting, error, onDiscountChange, onBack, onPlaceOrder }: PaymentStepProps) {
  const { cart } = useCart();
  const { t, money } = useI18n();
  const reachability = useShopReachable();
  const { cardPayments, prepayFreeShipping } = usePaymentOptions();
  const { shipping } = draft;
  const locker = draft.delivery === 'locker' ? draft.locker : null;
  // A locker that takes no payment on pickup, or a contact the shop takes no cash from (the server said so): card only.
  const cashOffered = locker?.acceptsCash !== false && !error?.cashRefused;
  const [chosen, setMethod] = useState<PaymentMethod>('cod');
  const method: PaymentMethod = cashOffered ? chosen : 'card';
  // Paying by card first ships free where the owner set it so (PREPAY_FREE_SHIPPING): a discount, never a cash surcharge.
  const freeShipping = method === 'card' && cardPayments && prepayFreeShipping === true;

  return (
    <form
      aria-labelledby="checkout-step-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) onPlaceOrder(method);
      }}
    >
      <StepHeading>{t('checkout.payment.title')}</StepHeading>
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">{t('checkout.payment.legend')}</legend>
        {cashOffered ? (
          <label className={`${optionClass} cursor-pointer has-checked:border-brand has-checked:bg-green-50`}>
            <input type="radio" name="payment" value="cod" checked={method === 'cod'} onChange={() => setMethod('cod')} className="accent-brand" />
            <span className="font-medium">{t('checkout.payment.cod')}</span>
          </label>
        ) : (
          <label className={`${optionClass} cursor-not-allowed text-zinc-500`}>
            <input type="radio" name="payment" value="cod" disabled />
            <span className="font-medium">{t('checkout.payment.cod')}</span>
            <span className="text-sm">{t(error?.cashRefused ? 'checkout.payment.codNotOffered' : 'checkout.payment.lockerTakesNoCash')}</span>
          </label>
        )}
        {cardPayments ? (
          <label className={`${optionClass} cursor-pointer has-checked:border-brand has-checked:bg-green-50`}>
            <input type="radio" name="payment" value="card" checked={method === 'card'} onChange={() => setMethod('card')} className="accent-brand" />
            <span className="font-medium">{t('checkout.payment.card')}</span>
            <span className="text-sm text-zinc-600">{t('checkout.payment.cardOnStripe')}</span>
            {prepayFreeShipping && <span className="text-sm font-medium text-green-800">{t('checkout.payment.cardShipsFree')}</span>}
          </label>
        ) : (
          <label className={`${optionClass} cursor-not-allowed text-zinc-500`}>
            <input type="radio" name="payment" value="card" disabled />
            <span className="font-medium">{t('checkout.payment.card')}</span>
            <span className="text-sm">{t('message.cardNotAvailable')}</span>
          </label>
        )}
      </fieldset>

      <section aria-labelledby="summary-title" className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
        <h3 id="summary-title" className="font-semibold">
          {t('checkout.payment.summary')}
        </h3>
        <ul className="mt-2 space-y-1 text-sm">
          {cart.lines.map(({ product, colour, quantity }) => (
            <li key={lineName(product.id, colour)} className="flex justify-between gap-4">
              <span>
                {cartLineName(product, colour)} × {quantity}
              </span>
              <span>{money(product.price * quantity)}</span>
            </li>
          ))}
        </ul>
        <div className="mt-3 border-t border-zinc-200 pt-3">
          <DiscountCode discount={draft.discount} onChange={onDiscountChange} recheck />
        </div>
        <div className="mt-3 border-t border-zinc-200 pt-3">
          <CartTotals cart={cart} discount={draft.discount} freeShipping={freeShipping} />
        </div>
        <h3 className="mt-4 font-semibold">{t('checkout.payment.deliveryTo')}</h3>
        <p className="text-sm text-zinc-700">
          {shipping.firstName} {shipping.lastName}, {streetLine(shipping)}, {placeLine(shipping)}, {shipping.country} · {shipping.phoneNumber} · {draft.email}
        </p>
        {locker && <p className="mt-1 text-sm font-medium text-zinc-900">{t('checkout.payment.toLocker', { locker: lockerLine(locker) })}</p>}
      </section>

      <section aria-labelledby="seller-title" className="mt-4 rounded-2xl bg-white p-4 text-sm text-zinc-700 ring-1 ring-zinc-200">
        <h3 id="seller-title" className="font-semibold text-zinc-900">
          {t('checkout.seller.title')}
        </h3>
        <CompanyDetails company={companyInfo()} className="mt-1" />
        <p className="mt-2">
          {t('checkout.seller.termsBefore')}
          <Link to={legalPath('terms')} className="underline">
            {t('checkout.seller.termsLink')}
          </Link>
          {t('checkout.seller.termsBetween')}
          <Link to={legalPath('returns')} className="underline">
            {t('checkout.seller.returnsLink')}
          </Link>
          {t('checkout.seller.termsAfter')}
        </p>
      </section>

      <p role="status" className={REACHABILITY_TEXT[reachability] ? `mt-4 text-sm ${reachability === 'unreachable' ? 'text-red-700' : 'text-zinc-600'}` : 'sr-only'}>
        {REACHABILITY_TEXT[reachability] && t(REACHABILITY_TEXT[reachability])}
      </p>

      {error && (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800 ring-1 ring-red-200">
          <p className="font-semibold">{error.message}</p>
          {error.detail && <p className="mt-1 text-sm">{error.detail}</p>}
        </div>
      )}

      {/* The obligation to pay beside the button that takes it on (Directive 2011/83/EU art. 8(2), OUG 34/2014), read with it too. */}
      {method === 'cod' && (
        <p id={OBLIGATION_ID} className="mt-6 text-right text-sm font-medium text-zinc-800">
          {t('checkout.payment.obligation', { amount: money(checkoutTotals(cart, draft.discount).totals.total) })}
        </p>
      )}
      <Reassurance className={`${method === 'cod' ? 'mt-2' : 'mt-6'} justify-end`} />
      <div className="mt-3 flex flex-wrap justify-between gap-3">
        <button type="button" onClick={onBack} disabled={submitting} className={secondaryButton}>
          {t('checkout.back')}
        </button>
        <button type="submit" disabled={submitting || (method === 'card' && !cardPayments)} aria-describedby={method === 'cod' ? OBLIGATION_ID : undefined} className={primaryButton}>
          {submitting ? t('checkout.payment.processing') : method === 'card' ? t('checkout.payment.payWithCard') : t('checkout.payment.placeOrder')}
        </button>
      </div>
    </form>
  );
}
