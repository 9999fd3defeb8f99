import { type CartState, pricedLines } from '../../../domain/cart';
import { missingForFreeShipping } from '../../../domain/pricing';
import { orderVat, standardVatRateAt, vatPercentText } from '../../../domain/vat';
import { useI18n } from '../../lib/i18n';
import { type AppliedDiscount, checkoutTotals } from './discount';

/**
 * Subtotal, the discount code's line, shipping and total, and the VAT they include, as the server will compute them,
 * and how far free shipping is (counted on the subtotal after the discount; none with `freeShipping`, paid by card first).
 */
export function CartTotals({ cart, discount, freeShipping = false }: { cart: CartState; discount: AppliedDiscount | null; freeShipping?: boolean }) {
  const { t, money } = useI18n();
  const { totals, applied } = checkoutTotals(cart, discount, { freeShipping });
  const vatRate = standardVatRateAt(new Date());
  const vat = orderVat(pricedLines(cart), totals.shipping, vatRate, totals.discount);
  const missing = freeShipping ? 0 : missingForFreeShipping(totals.subtotal, totals.discount);
  return (
    <div className="space-y-3">
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between">
          <dt>{t('checkout.totals.subtotal')}</dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {applied && (
          <div className="flex justify-between gap-4 font-medium text-green-800">
            <dt className="min-w-0 break-words">{t('checkout.totals.discount', { code: applied.code })}</dt>
            <dd className="shrink-0">−{money(totals.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>{t('checkout.totals.shipping')}</dt>
          <dd>{totals.shipping === 0 ? t('checkout.totals.free') : money(totals.shipping)}</dd>
        </div>
        <div className="flex justify-between border-t border-zinc-200 pt-2 text-base font-bold">
          <dt>{t('checkout.totals.total')}</dt>
          <dd>{money(totals.total)}</dd>
        </div>
        <div className="flex justify-between text-zinc-600">
          <dt>{t('vat.ofWhich', { percent: vatPercentText(vatRate) })}</dt>
          <dd>{money(vat.total)}</dd>
        </div>
      </dl>
      <p className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
        {missing > 0 ? t('checkout.totals.missingForFreeShipping', { amount: money(missing) }) : t('checkout.totals.shipsFree')}
      </p>
    </div>
  );
}
