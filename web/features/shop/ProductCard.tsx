import { useId, useRef } from 'react';
import { defaultColour, type Product } from '../../../domain/catalog';
import { AddToCartControl } from '../../components/AddToCartControl';
import { ImageCarousel } from './ImageCarousel';
import { PriceBlock } from './PriceBlock';
import { useI18n } from '../../lib/i18n';

/** `priority`: the card's picture is the page's first (fetched at once, the others only near the screen). */
export function ProductCard({ product, onOpen, priority = false }: { product: Product; onOpen(): void; priority?: boolean }) {
  const titleId = useId();
  const { t } = useI18n();
  const detailsButton = useRef<HTMLButtonElement>(null);
  // Focus the card's own control first, so the modal hands focus back to it on close.
  const open = () => {
    detailsButton.current?.focus();
    onOpen();
  };

  return (
    <article aria-labelledby={titleId} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200">
      <ImageCarousel product={product} onImageClick={open} priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 id={titleId} className="text-lg leading-snug font-semibold">
          {product.name}
        </h2>
        <p className="line-clamp-3 text-sm text-zinc-600">{product.description}</p>
        <PriceBlock product={product} />
        <div className="mt-auto flex flex-col gap-2">
          <button
            ref={detailsButton}
            type="button"
            onClick={open}
            aria-label={t('product.viewDetailsOf', { name: product.name })}
            className="min-h-11 rounded-lg border border-zinc-300 px-4 text-sm font-medium hover:bg-zinc-50 focus-visible:outline-3 focus-visible:outline-brand"
          >
            {t('product.viewDetails')}
          </button>
          {/* A product with colours is added from its card in its first available colour; the modal offers the others. */}
          <AddToCartControl product={product} colour={defaultColour(product)} />
        </div>
      </div>
    </article>
  );
}
