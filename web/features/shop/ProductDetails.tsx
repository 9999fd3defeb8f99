import { lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { defaultColour, type Product, soldOutChoices } from '../../../domain/catalog';
import { AddToCartControl } from '../../components/AddToCartControl';
import { Reassurance } from '../../components/Reassurance';
import { useI18n } from '../../lib/i18n';
import { AddedBar } from './AddedBar';
import { MODAL_IMAGE_SIZES, PAGE_IMAGE_SIZES, srcSetOf } from './imageSources';
import { PriceBlock } from './PriceBlock';
import { ProductSafety } from './ProductSafety';

// Only products with a Stripe price offer it: the others never load its code.
const BuyNowByCard = lazy(() => import('./BuyNowByCard'));
// Only a product with a sold-out colour (or sold out, without colours) offers "Notify me": the others never load it.
const NotifyMe = lazy(() => import('./NotifyMe'));

/**
 * What a product shows in its modal on /shop and on its own page, /shop/{slug}: the gallery with
 * thumbnails and a counter, description, key features, colours (Sold Out ones disabled), the price
 * block and the add controls, and its safety information (ProductSafety.tsx). `Heading` is the page's h1 or
 * the modal's h2; `titleId` names it.
 */
export function ProductDetails({ product, titleId, Heading, large = false }: { product: Product; titleId: string; Heading: 'h1' | 'h2'; large?: boolean }) {
  const colourGroup = useId();
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const images = product.images.length > 0 ? product.images : [product.image];
  const [colour, setColour] = useState(() => defaultColour(product));
  const colours = useRef<HTMLFieldSetElement>(null);
  // On a server-rendered page, a colour picked before its JavaScript ran (decision 0025) is checked in the page
  // but not yet in this state: the one the visitor sees checked is the one added to the cart.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, what the page showed before it hydrated
  useLayoutEffect(() => {
    const picked = colours.current?.querySelector<HTMLInputElement>('input:checked')?.value;
    if (picked && picked !== colour) setColour(picked);
  }, []);
  const SubHeading = Heading === 'h1' ? 'h2' : 'h3';
  const [added, setAdded] = useState(false);

  // On a phone the buyer's part comes first: the name and price beside the picture, then the colour and Add to Cart,
  // then the description (issue 46). From `md` (the page) or `sm` (the modal) the gallery is the left column.
  const wide = large ? 'md:col-span-1 md:col-start-2' : 'sm:col-span-1 sm:col-start-2';
  return (
    <>
      <div className={`grid grid-cols-2 items-start gap-x-4 gap-y-4 ${large ? 'md:gap-x-8' : 'sm:gap-x-6'}`}>
        <section aria-label={t('product.images')} className={large ? 'md:row-span-3' : 'sm:row-span-3'}>
          <div className="relative aspect-square overflow-hidden rounded-xl bg-zinc-100">
            <img
              src={images[index]}
              srcSet={srcSetOf(images[index]!)}
              sizes={large ? PAGE_IMAGE_SIZES : MODAL_IMAGE_SIZES}
              alt={t('product.imageAlt', { name: product.name, position: index + 1, count: images.length })}
              width={400}
              height={400}
              // The page's main picture is what it is waiting for (its largest paint): asked for first.
              fetchPriority={large ? 'high' : undefined}
              className="h-full w-full object-cover"
            />
            <p className="absolute right-2 bottom-2 rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium text-white">
              {index + 1} / {images.length}
            </p>
          </div>
          {images.length > 1 && (
            <ul className="mt-2 flex flex-wrap gap-1.5 sm:mt-3 sm:gap-2" aria-label={t('product.thumbnails')}>
              {images.map((image, thumb) => (
                <li key={image}>
                  <button
                    type="button"
                    onClick={() => setIndex(thumb)}
                    aria-label={t('product.showImage', { position: thumb + 1, count: images.length })}
                    aria-current={thumb === index ? 'true' : undefined}
                    className={`block h-10 w-10 overflow-hidden rounded-lg ring-2 focus-visible:outline-3 focus-visible:outline-brand sm:h-16 sm:w-16 ${thumb === index ? 'ring-brand' : 'ring-transparent'}`}
                  >
                    <img src={image} alt="" width={64} height={64} loading="lazy" className="h-full w-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="flex flex-col gap-3">
          <Heading id={titleId} className={`pr-10 font-bold ${large ? 'text-2xl tracking-tight sm:text-3xl' : 'text-xl sm:text-2xl'}`}>
            {product.name}
          </Heading>
          <PriceBlock product={product} size="lg" />
        </div>

        <div className={`col-span-2 flex flex-col gap-4 ${wide}`}>
          {product.colourOptions.length > 0 && (
            <fieldset ref={colours}>
              <legend className="font-semibold">{t('product.colour')}</legend>
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
                      name={colourGroup}
                      value={option.name}
                      checked={colour === option.name}
                      disabled={!option.available}
                      onChange={() => setColour(option.name)}
                      className="accent-brand"
                    />
                    {option.label}
                    {!option.available && <span className="text-xs font-semibold text-red-700">{t('product.soldOut')}</span>}
                    {option.available && option.stockLeft != null && <span className="text-xs text-zinc-700">{t('product.onlyLeft', { count: option.stockLeft })}</span>}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <AddToCartControl product={product} colour={colour} onAdd={() => setAdded(true)} />
          <AddedBar shown={added} />
          {/* Under the bar that leads to the checkout, which stays right under the control tapped (issue 46). */}
          {soldOutChoices(product).length > 0 && (
            <Suspense fallback={null}>
              <NotifyMe product={product} />
            </Suspense>
          )}
          <Reassurance />
          {product.stripePriceId && !product.soldOut && (
            <Suspense fallback={null}>
              <BuyNowByCard stripePriceId={product.stripePriceId} colour={colour} />
            </Suspense>
          )}
        </div>

        <div className={`col-span-2 flex flex-col gap-4 ${wide}`}>
          <p className="text-zinc-700">{product.description}</p>
          {product.keyFeatures.length > 0 && (
            <section>
              <SubHeading className="font-semibold">{t('product.keyFeatures')}</SubHeading>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-zinc-700">
                {product.keyFeatures.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </section>
          )}
          <ProductSafety safety={product.safety} Heading={SubHeading} />
        </div>
      </div>
    </>
  );
}
