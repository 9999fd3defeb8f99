import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PaymentMethod } from '../../../domain/orders';
import type { ShopMessageId } from '../../../locales/messages';
import { primaryButton } from '../../components/ui/styles';
import { useCart } from '../../lib/cart/CartProvider';
import { companyInfo } from '../../lib/company';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { CartStep } from './CartStep';
import { attemptFor, STEPS, type Step, type SubmitAttempt, shippingOf, stepToShow } from './checkoutSteps';
import { checkoutTotals, orderLines } from './discount';
import { EmailStep } from './EmailStep';
import { PaymentStep } from './PaymentStep';
import { ShippingStep } from './ShippingStep';
import { describeCardFailure, describeOrderFailure, newIdempotencyKey, type OrderFailure, type OrderPayload, submitOrder } from './submitOrder';
import { useCartReminder } from './useCartReminder';
import { useCheckoutDraft } from './useCheckoutDraft';

const STEP_NAMES: Record<Step, ShopMessageId> = {
  cart: 'checkout.step.cart',
  email: 'checkout.step.email',
  shipping: 'checkout.step.shipping',
  payment: 'checkout.step.payment',
};

export default function CheckoutPage() {
  const { t, locale } = useI18n();
  useDocumentTitle(t('checkout.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { cart, clear } = useCart();
  const { draft, setEmail, setShippingField, setPostalCodeConfirmed, setSector, setDelivery, setLocker, setDiscount, setReminder, setReminderId, reset } = useCheckoutDraft(
    t('checkout.shipping.defaultCountry'),
  );
  const remindersOffered = companyInfo().service?.cartReminders === true;
  useCartReminder({ checked: remindersOffered && draft.reminder, email: draft.email, cart, locale, id: draft.reminderId, onId: setReminderId });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  const attempt = useRef<SubmitAttempt | null>(null);

  // A signed-in customer's email is filled in for them (and can still be changed).
  const session = useSession();
  const signedInEmail = session.status === 'signedIn' ? session.email : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the session becomes known, not on every keystroke
  useEffect(() => {
    if (signedInEmail && !draft.email) setEmail(signedInEmail);
    // Only when the session becomes known: clearing the field afterwards is the visitor's choice.
  }, [signedInEmail]);

  const requested = params.get('step') ?? 'cart';
  const step = stepToShow(requested, draft);

  const go = (next: Step, replace = false) => navigate(next === 'cart' ? '/checkout' : `/checkout?step=${next}`, { replace });

  useEffect(() => {
    // An empty cart (also right after an order is placed) shows its own page instead.
    if (step !== requested && cart.lines.length > 0) go(step, true);
  });

  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current !== step) document.getElementById('checkout-step-title')?.focus();
    previousStep.current = step;
    setFailure(null);
  }, [step]);

  /** A code applied anew answers an order refused for the last one: that alert would now be out of date. */
  function changeDiscount(discount: typeof draft.discount) {
    setDiscount(discount);
    if (discount) setFailure((current) => (current?.discountRefused ? null : current));
  }

  async function placeOrder(paymentMethod: PaymentMethod) {
    if (submitting) return;
    // The code goes with the order only while it takes something off (a cart below its minimum orders without it).
    const discountCode = checkoutTotals(cart, draft.discount).applied?.code;
    const payload: OrderPayload = {
      ...shippingOf(draft),
      email: draft.email,
      lines: orderLines(cart),
      paymentMethod,
      ...(discountCode ? { discountCode } : {}),
    };
    attempt.current = attemptFor(attempt.current, payload, newIdempotencyKey);
    setSubmitting(true);
    setFailure(null);
    let placed: Awaited<ReturnType<typeof submitOrder>>;
    try {
      placed = await submitOrder(payload, attempt.current.idempotencyKey);
    } catch (error) {
      const failed = paymentMethod === 'card' ? describeCardFailure(error, t) : describeOrderFailure(error, t);
      // Nothing was placed: the code comes off the totals, and the order can be placed again without it.
      if (failed.discountRefused) setDiscount(null);
      setFailure(failed);
      setSubmitting(false);
      return;
    }
    if (paymentMethod === 'card' && !placed.checkoutUrl && !placed.status) {
      setFailure({ message: t('message.noCheckoutUrlFromStripe') });
      setSubmitting(false);
      return;
    }
    clear();
    reset();
    // Spec 4: a card order goes on to Stripe's page; a cash order is confirmed on /. A card order sent again once
    // it was paid (or cancelled) is never paid twice: its own page says where it stands.
    if (placed.checkoutUrl) window.location.assign(placed.checkoutUrl);
    else if (placed.status) navigate(`/orders/${placed.id}?token=${placed.accessToken ?? ''}`, { replace: true });
    else navigate('/', { replace: true, state: { placedOrderId: placed.id, placedOrderNumber: placed.number, placedOrderToken: placed.accessToken } });
  }

  if (cart.lines.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{t('message.emptyCart')}</h1>
        <p className="text-zinc-600">{t('checkout.empty.text')}</p>
        <Link to="/shop" className={primaryButton}>
          {t('checkout.continueShopping')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('checkout.title')}</h1>
      <ol className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('checkout.steps')}>
        {STEPS.map((name, index) => (
          <li key={name} aria-current={name === step ? 'step' : undefined} className={name === step ? 'font-bold text-brand-dark' : 'text-zinc-600'}>
            {index + 1}. {t(STEP_NAMES[name])}
          </li>
        ))}
      </ol>
      <div className="mt-6">
        {step === 'cart' && <CartStep discount={draft.discount} onDiscountChange={changeDiscount} onContinue={() => go('email')} />}
        {step === 'email' && (
          <EmailStep
            email={draft.email}
            onChange={setEmail}
            reminder={remindersOffered ? { checked: draft.reminder, onChange: setReminder } : null}
            onBack={() => go('cart')}
            onContinue={() => go('shipping')}
          />
        )}
        {step === 'shipping' && (
          <ShippingStep
            values={draft.shipping}
            postalCodeConfirmed={draft.postalCodeConfirmed}
            sector={draft.sector}
            onSectorChange={setSector}
            delivery={draft.delivery}
            locker={draft.locker}
            onDeliveryChange={setDelivery}
            onLockerChange={setLocker}
            onChange={setShippingField}
            onConfirmPostalCode={setPostalCodeConfirmed}
            onBack={() => go('email')}
            onContinue={() => go('payment')}
          />
        )}
        {step === 'payment' && <PaymentStep draft={draft} submitting={submitting} error={failure} onDiscountChange={changeDiscount} onBack={() => go('shipping')} onPlaceOrder={placeOrder} />}
      </div>
    </div>
  );
}
