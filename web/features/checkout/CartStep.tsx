import { lineName } from '../../../domain/catalog';
import { formatRon } from '../../lib/format';
import { AddToCartControl } from '../../components/AddToCartControl';
import { useCart } from '../../lib/cart/CartProvider';
import { CartTotals } from './CartTotals';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { StepHeading } from './ui';

export function CartStep({ onContinue }: { onContinue(): void }) {
  const { cart, remove, clear } = useCart();
  return (
    <section aria-labelledby="checkout-step-title">
      <StepHeading>Your Cart</StepHeading>
      <ul className="mt-4 divide-y divide-zinc-200 rounded-2xl bg-white ring-1 ring-zinc-200">
        {cart.lines.map(({ product, colour, quantity }) => (
          <li key={lineName(product.id, colour)} className="flex flex-wrap items-center gap-4 p-4">
            <img src={product.image} alt="" width={64} height={64} className="h-16 w-16 rounded-lg bg-zinc-100 object-cover" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{product.name}</p>
              {colour && <p className="text-sm text-zinc-700">Colour: {colour}</p>}
              <p className="text-sm text-zinc-600">
                {formatRon(product.price)} each · {formatRon(product.price * quantity)}
              </p>
            </div>
            <div className="flex w-full items-center gap-3 sm:w-auto">
              <AddToCartControl product={product} colour={colour} className="w-36" />
              <button type="button" onClick={() => remove(product.id, colour)} aria-label={`Remove ${lineName(product.name, colour)} from cart`} className={`${secondaryButton} px-3`}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={clear} className="min-h-11 px-3 text-sm font-medium text-red-700 underline hover:text-red-800">
          Clear cart
        </button>
      </div>
      <div className="mt-2 rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
        <CartTotals cart={cart} />
      </div>
      <div className="mt-6 flex justify-end">
        <button type="button" onClick={onContinue} className={primaryButton}>
          Continue to Email
        </button>
      </div>
    </section>
  );
}
