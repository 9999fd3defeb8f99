import { useState } from 'react';
import { Link } from 'react-router';
import { FALLBACK_IMAGE, type Product } from '../../../domain/catalog';
import { useI18n } from '../../lib/i18n';
import { CARD_IMAGE_SIZES, srcSetOf } from './imageSources';

const arrowClass =
  'absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-zinc-900 shadow hover:bg-white focus-visible:outline-3 focus-visible:outline-brand';

/**
 * A product's images with previous/next arrows and dots when there are several. `link`: the picture is a link to the
 * product's page (out of the tab order: the card's name is the same link), with the router state it opens with and
 * what a click on it does first.
 */
export function ImageCarousel({ product, link, priority = false }: { product: Product; link?: { to: string; state: unknown; onClick(): void }; priority?: boolean }) {
  const [index, setIndex] = useState(0);
  const { t } = useI18n();
  const images = product.images.length > 0 ? product.images : [product.image];
  const count = images.length;
  const current = images[index % count]!;
  const go = (next: number) => setIndex((next + count) % count);

  const picture = (
    <img
      src={current}
      srcSet={srcSetOf(current)}
      sizes={CARD_IMAGE_SIZES}
      alt={t('product.imageAlt', { name: product.name, position: index + 1, count })}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      width={400}
      height={400}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(FALLBACK_IMAGE)) event.currentTarget.src = FALLBACK_IMAGE;
      }}
      className="h-full w-full object-cover"
    />
  );

  return (
    <div className="relative aspect-square overflow-hidden bg-zinc-100">
      {link ? (
        <Link to={link.to} state={link.state} onClick={link.onClick} tabIndex={-1} className="block h-full w-full cursor-zoom-in">
          {picture}
        </Link>
      ) : (
        picture
      )}
      {count > 1 && (
        <>
          <button type="button" className={`${arrowClass} left-2`} aria-label={t('product.previousImage', { name: product.name })} onClick={() => go(index - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className={`${arrowClass} right-2`} aria-label={t('product.nextImage', { name: product.name })} onClick={() => go(index + 1)}>
            <span aria-hidden="true">›</span>
          </button>
          <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
            {images.map((image, dot) => (
              <button
                key={image}
                type="button"
                aria-label={t('product.showImage', { position: dot + 1, count })}
                aria-current={dot === index ? 'true' : undefined}
                onClick={() => setIndex(dot)}
                className="flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-brand"
              >
                <span aria-hidden="true" className={`block h-2.5 w-2.5 rounded-full ${dot === index ? 'bg-zinc-900' : 'bg-zinc-900/30'}`} />
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
