import { Link } from 'react-router';
import { cartTotals, itemCount } from '../../../domain/cart';
import { useCart } from '../../lib/cart/CartProvider';
import { useI18n } from '../../lib/i18n';

/**
 * Once the visitor added the product, a small bar right under Add to Cart says so and leads to the checkout with what the
 * cart will cost, shipping included: "Added · Checkout – 124,97 lei" (issue 46). In the page's flow, below the control
 * tapped: it covers nothing (the header's cart, the + under the thumb) and moves nothing above it. A screen reader reads it.
 */
export function AddedBar({ shown }: { shown: boolean }) {
  const { cart } = useCart();
  const { t, money } = useI18n();
  const visible = shown && itemCount(cart) > 0;
  return (
    <div role="status" className={visible ? '' : 'sr-only'}>
      {visible && (
        <p className="flex items-center justify-between gap-3 rounded-xl bg-zinc-900 py-1.5 pr-1.5 pl-4 text-sm text-white shadow-lg">
          <span className="font-semibold">{t('cart.added')}</span>
          <Link
            to="/checkout"
            className="inline-flex min-h-11 items-center rounded-lg bg-white px-3 font-semibold text-zinc-900 hover:bg-zinc-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('cart.checkoutFor', { total: money(cartTotals(cart).total) })}
          </Link>
        </p>
      )}
    </div>
  );
}
