import { cartTotals, type CartState, pricedLines } from '../../../domain/cart';
import { missingForFreeShipping } from '../../../domain/pricing';
import { VAT_TEXT } from '../../../domain/messages';
import { orderVat, standardVatRateAt, vatPercentText } from '../../../domain/vat';
import { formatRon } from '../../lib/format';

/** Subtotal, shipping and total, and the VAT they include, as the server will compute them, and how far free shipping is. */
export function CartTotals({ cart }: { cart: CartState }) {
  const totals = cartTotals(cart);
  const vatRate = standardVatRateAt(new Date());
  const vat = orderVat(pricedLines(cart), totals.shipping, vatRate);
  const missing = missingForFreeShipping(totals.subtotal);
  return (
    <div className="space-y-3">
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatRon(totals.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>{totals.shipping === 0 ? 'Free' : formatRon(totals.shipping)}</dd>
        </div>
        <div className="flex justify-between border-t border-zinc-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd>{formatRon(totals.total)}</dd>
        </div>
        <div className="flex justify-between text-zinc-600">
          <dt>{VAT_TEXT.en.ofWhich(vatPercentText(vatRate))}</dt>
          <dd>{formatRon(vat.total)}</dd>
        </div>
      </dl>
      <p className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
        {missing > 0 ? `Add ${formatRon(missing)} more for free shipping.` : 'Your order ships free.'}
      </p>
    </div>
  );
}
