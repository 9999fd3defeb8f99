import { quantityOf, unitsLeft } from '../../domain/cart';
import { cartLineName, type Product } from '../../domain/catalog';
import { useCart } from '../lib/cart/CartProvider';
import { useI18n } from '../lib/i18n';

/**
 * 'Add to Cart' ('Sold Out', disabled, when none are left), or once the product (in `colour`, for a
 * product with colours) is in the cart, minus / quantity / plus. `onAdd`: after each one added.
 */
export function AddToCartControl({ product, colour = null, className = '', onAdd }: { product: Product; colour?: string | null; className?: string; onAdd?(): void }) {
  const { cart, add, decrease } = useCart();
  const { t } = useI18n();
  const quantity = quantityOf(cart, product.id, colour);
  const name = cartLineName(product, colour);
  // Never more than the few that are left, of the product or of its colour (the server refuses more anyway).
  const max = unitsLeft(product, colour);
  const addOne = () => {
    add(product, colour);
    onAdd?.();
  };

  if (quantity === 0) {
    if (max === 0) {
      return (
        <button type="button" disabled className={`inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-zinc-200 px-4 font-semibold text-zinc-700 ${className}`}>
          {t('product.soldOut')}
        </button>
      );
    }
    return (
      <button
        type="button"
        onClick={addOne}
        className={`inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand px-4 font-semibold text-white hover:bg-brand-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand ${className}`}
      >
        {t('cart.addToCart')}
      </button>
    );
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would need a visible legend; a labelled group is the ARIA pattern for a stepper
    <div role="group" aria-label={t('cart.inCart', { name })} className={`flex min-h-11 w-full items-center justify-between rounded-lg border-2 border-brand ${className}`}>
      <button
        type="button"
        onClick={() => decrease(product.id, colour)}
        aria-label={t('cart.removeOne', { name })}
        className="flex h-11 w-12 items-center justify-center rounded-l-md text-xl font-bold text-brand-dark hover:bg-green-50 focus-visible:outline-3 focus-visible:outline-brand"
      >
        <span aria-hidden="true">−</span>
      </button>
      <output aria-live="polite" aria-label={t('cart.quantityOf', { name })} className="font-semibold tabular-nums">
        {quantity}
      </output>
      <button
        type="button"
        onClick={addOne}
        disabled={quantity >= max}
        aria-label={t('cart.addOneMore', { name })}
        className="flex h-11 w-12 items-center justify-center rounded-r-md text-xl font-bold text-brand-dark hover:bg-green-50 focus-visible:outline-3 focus-visible:outline-brand disabled:opacity-40"
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
