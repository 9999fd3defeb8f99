import { useId, useState } from 'react';
import { Link } from 'react-router';
import { defaultColour, type Product } from '../../../domain/catalog';
import { Dialog } from '../../components/ui/Dialog';
import { AddToCartControl } from '../../components/AddToCartControl';
import { usePaymentOptions } from '../../lib/paymentOptions';
import { PriceBlock } from './PriceBlock';
import { srcSetOf } from './imageSources';

export function ProductModal({ product, onClose }: { product: Product; onClose(): void }) {
  const titleId = useId();
  const [index, setIndex] = useState(0);
  const images = product.images.length > 0 ? product.images : [product.image];
  const [colour, setColour] = useState(() => defaultColour(product));
  const { buyNowByCard } = usePaymentOptions();

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="max-w-3xl">
      <div className="relative grid gap-6 p-5 sm:grid-cols-2 sm:p-6">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-2 right-2 z-10 flex h-11 w-11 items-center justify-center rounded-full text-2xl text-zinc-700 hover:bg-zinc-100 focus-visible:outline-3 focus-visible:outline-brand"
        >
          <span aria-hidden="true">×</span>
        </button>

        <section aria-label="Images">
          <div className="relative aspect-square overflow-hidden rounded-xl bg-zinc-100">
            {/* biome-ignore lint/a11y/noRedundantAlt: "image N of M" is the gallery position, not filler */}
            <img src={images[index]} srcSet={srcSetOf(images[index]!)} sizes="(min-width: 640px) 370px, 100vw" alt={`${product.name}, image ${index + 1} of ${images.length}`} width={400} height={400} className="h-full w-full object-cover" />
            <p className="absolute right-2 bottom-2 rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium text-white">
              {index + 1} / {images.length}
            </p>
          </div>
          {images.length > 1 && (
            <ul className="mt-3 flex gap-2" aria-label="Thumbnails">
              {images.map((image, thumb) => (
                <li key={image}>
                  <button
                    type="button"
                    onClick={() => setIndex(thumb)}
                    aria-label={`Show image ${thumb + 1} of ${images.length}`}
                    aria-current={thumb === index ? 'true' : undefined}
                    className={`block h-16 w-16 overflow-hidden rounded-lg ring-2 focus-visible:outline-3 focus-visible:outline-brand ${thumb === index ? 'ring-brand' : 'ring-transparent'}`}
                  >
                    <img src={image} alt="" width={64} height={64} className="h-full w-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="flex flex-col gap-4">
          <h2 id={titleId} className="pr-10 text-2xl font-bold">
            {product.name}
          </h2>
          <p className="text-zinc-700">{product.description}</p>
          {product.keyFeatures.length > 0 && (
            <section>
              <h3 className="font-semibold">Key features</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-zinc-700">
                {product.keyFeatures.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </section>
          )}
          {product.colourOptions.length > 0 && (
            <fieldset>
              <legend className="font-semibold">Colour</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {product.colourOptions.map((option) => (
                  <label
                    key={option.name}
                    className={`flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm ${
                      option.available ? 'cursor-pointer border-zinc-300 has-checked:border-brand has-checked:bg-green-50' : 'cursor-not-allowed border-zinc-200 text-zinc-500'
                    }`}
                  >
                    <input
                      type="radio"
                      name={`${titleId}-colour`}
                      value={option.name}
                      checked={colour === option.name}
                      disabled={!option.available}
                      onChange={() => setColour(option.name)}
                      className="accent-brand"
                    />
                    {option.name}
                    {!option.available && <span className="text-xs font-semibold text-red-700">Sold Out</span>}
                    {option.available && option.stockLeft != null && <span className="text-xs text-zinc-700">Only {option.stockLeft} left</span>}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <PriceBlock product={product} size="lg" />
          <AddToCartControl product={product} colour={colour} />
          {buyNowByCard && product.stripePriceId && (
            <Link
              to={`/stripe-checkout?priceId=${encodeURIComponent(product.stripePriceId)}`}
              className="inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-zinc-900 px-4 font-semibold hover:bg-zinc-50 focus-visible:outline-3 focus-visible:outline-brand"
            >
              Buy now by card
            </Link>
          )}
        </div>
      </div>
    </Dialog>
  );
}
