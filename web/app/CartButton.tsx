import { Link } from 'react-router';
import { itemCount } from '../../domain/cart';
import { useCart } from '../lib/cart/CartProvider';
import { useI18n } from '../lib/i18n';

export function CartButton() {
  const { cart } = useCart();
  const { t } = useI18n();
  const count = itemCount(cart);
  return (
    <Link
      to="/checkout"
      aria-label={t('cart.buttonLabel', { count })}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-zinc-800 hover:bg-zinc-100 focus-visible:outline-3 focus-visible:outline-brand"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="9" cy="21" r="1" />
        <circle cx="20" cy="21" r="1" />
        <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
      </svg>
      {count > 0 && (
        <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand px-1.5 text-center text-xs leading-5 font-bold text-white">
          {count}
        </span>
      )}
    </Link>
  );
}
