import { useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { defaultColour, type Product, productPath } from '../../../domain/catalog';
import { AddToCartControl } from '../../components/AddToCartControl';
import { useI18n } from '../../lib/i18n';
import type { ModalState } from '../../lib/modalRoutes';
import { ImageCarousel } from './ImageCarousel';
import { PriceBlock } from './PriceBlock';

/**
 * A product on the shop's grid. Its name and picture are links to the product's page: a plain click opens it in the
 * modal over the shop (`modal`, with the product's address in the address bar), a click with Ctrl, Cmd or the middle
 * button opens the page in a new tab, and without JavaScript the link is followed. `priority`: the card's picture is
 * the page's first (fetched at once, the others only near the screen).
 */
export function ProductCard({ product, modal, priority = false }: { product: Product; modal: ModalState; priority?: boolean }) {
  const titleId = useId();
  const { t } = useI18n();
  const navigate = useNavigate();
  const detailsButton = useRef<HTMLButtonElement>(null);
  const link = { to: productPath(product), state: modal };
  // The card's own control has the focus first, so the modal hands focus back to it on close.
  const focusDetails = () => detailsButton.current?.focus();
  const open = () => {
    focusDetails();
    void navigate(link.to, { state: link.state });
  };

  return (
    <article aria-labelledby={titleId} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200">
      <ImageCarousel product={product} link={{ ...link, onClick: focusDetails }} priority={priority} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 id={titleId} className="text-lg leading-snug font-semibold">
          <Link to={link.to} state={link.state} className="rounded-sm hover:underline focus-visible:outline-3 focus-visible:outline-brand">
            {product.name}
          </Link>
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
