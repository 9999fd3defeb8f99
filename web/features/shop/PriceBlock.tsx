import type { Product } from '../../../domain/catalog';
import { VAT_TEXT } from '../../../domain/messages';
import { discountPercent } from '../../../domain/pricing';
import { formatRon } from '../../lib/format';

/**
 * Struck-through old price and the rounded discount badge (only for a real reduction: the server's reference
 * price), the current price with "VAT included", and "Only N left" when few are.
 */
export function PriceBlock({ product, size = 'md' }: { product: Product; size?: 'md' | 'lg' }) {
  const percent = discountPercent(product.price, product.oldPrice);
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      {percent > 0 && product.oldPrice !== null && (
        <s className="text-sm text-zinc-600">
          <span className="sr-only">Was </span>
          {formatRon(product.oldPrice)}
        </s>
      )}
      <span className={`font-bold text-zinc-900 ${size === 'lg' ? 'text-2xl' : 'text-lg'}`}>
        {percent > 0 && <span className="sr-only">Now </span>}
        {formatRon(product.price)}
      </span>
      {percent > 0 && (
        <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
          -{percent}%<span className="sr-only"> off</span>
        </span>
      )}
      <span className="text-xs text-zinc-600">{VAT_TEXT.en.included}</span>
      {!!product.stockLeft && <span className="basis-full text-sm font-semibold text-red-700">Only {product.stockLeft} left</span>}
    </div>
  );
}
