import type { Product } from '../../../domain/catalog';
import { discountPercent } from '../../../domain/pricing';
import { useI18n } from '../../lib/i18n';

/**
 * Struck-through old price and the rounded discount badge (only for a real reduction: the server's reference
 * price), the current price with "VAT included", and "Only N left" when few are.
 */
export function PriceBlock({ product, size = 'md' }: { product: Product; size?: 'md' | 'lg' }) {
  const percent = discountPercent(product.price, product.oldPrice);
  const { t, money } = useI18n();
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      {percent > 0 && product.oldPrice !== null && (
        <s className="text-sm text-zinc-600">
          <span className="sr-only">{t('price.was')} </span>
          {money(product.oldPrice)}
        </s>
      )}
      <span className={`font-bold text-zinc-900 ${size === 'lg' ? 'text-2xl' : 'text-lg'}`}>
        {percent > 0 && <span className="sr-only">{t('price.now')} </span>}
        {money(product.price)}
      </span>
      {percent > 0 && (
        <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
          -{percent}%<span className="sr-only"> {t('price.off')}</span>
        </span>
      )}
      <span className="text-xs text-zinc-600">{t('vat.included')}</span>
      {!!product.stockLeft && <span className="basis-full text-sm font-semibold text-red-700">{t('product.onlyLeft', { count: product.stockLeft })}</span>}
    </div>
  );
}
