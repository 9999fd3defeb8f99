import { unitsLeft } from '../../../domain/cart';
import { cartLineName, colourLabel, lineName } from '../../../domain/catalog';
import { onlyLeft } from '../../../domain/messages';
import { AddToCartControl } from '../../components/AddToCartControl';
import { Reassurance } from '../../components/Reassurance';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { useCart } from '../../lib/cart/CartProvider';
import { useI18n } from '../../lib/i18n';
import { CartTotals } from './CartTotals';
import { DiscountCode } from './DiscountCode';
import type { AppliedDiscount } from './discount';
import { StepHeading } from './ui';

interface CartStepProps {
  /** The discount code applied (the checkout's draft), and how it changes. */
  discount: AppliedDiscount | null;
  onDiscountChange(discount: AppliedDiscount | null): void;
  onContinue(): void;
}

export function CartStep({ discount, onDiscountChange, onContinue }: CartStepProps) {
  const { cart, remove, clear } = useCart();
  const { t, money } = useI18n();
  return (
    <section aria-labelledby="checkout-step-title">
      <StepHeading>{t('checkout.cart.title')}</StepHeading>
      <ul className="mt-4 divide-y divide-zinc-200 rounded-2xl bg-white ring-1 ring-zinc-200">
        {cart.lines.map(({ product, colour, quantity }) => {
          // Sold meanwhile: the line says so before the order is refused for it.
          const left = unitsLeft(product, colour);
          const shortfall = left < quantity && onlyLeft(left, cartLineName(product, colour));
          return (
            <li key={lineName(product.id, colour)} className="flex flex-wrap items-center gap-4 p-4">
              <img src={product.image} alt="" width={64} height={64} className="h-16 w-16 rounded-lg bg-zinc-100 object-cover" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{product.name}</p>
                {colour && <p className="text-sm text-zinc-700">{t('checkout.cart.colour', { colour: colourLabel(product, colour) })}</p>}
                <p className="text-sm text-zinc-600">{t('checkout.cart.linePrice', { price: money(product.price), total: money(product.price * quantity) })}</p>
                {shortfall && <p className="text-sm font-semibold text-red-700">{t(shortfall.id, shortfall.values)}</p>}
              </div>
              <div className="flex w-full items-center gap-3 sm:w-auto">
                <AddToCartControl product={product} colour={colour} className="w-36" />
                <button
                  type="button"
                  onClick={() => remove(product.id, colour)}
                  aria-label={t('checkout.cart.removeLine', { name: cartLineName(product, colour) })}
                  className={`${secondaryButton} px-3`}
                >
                  {t('checkout.cart.remove')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={clear} className="min-h-11 px-3 text-sm font-medium text-red-700 underline hover:text-red-800">
          {t('checkout.cart.clear')}
        </button>
      </div>
      <div className="mt-2 rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
        <DiscountCode discount={discount} onChange={onDiscountChange} />
        <div className="mt-4 border-t border-zinc-200 pt-4">
          <CartTotals cart={cart} discount={discount} />
          <Reassurance className="mt-3" />
        </div>
      </div>
      <div className="mt-6 flex justify-end">
        <button type="button" onClick={onContinue} className={primaryButton}>
          {t('checkout.cart.continue')}
        </button>
      </div>
    </section>
  );
}
