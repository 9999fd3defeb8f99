/**
 * The sizes of a picture the owner uploaded (its address names the 800 px one; 400 and 1200 px sit beside
 * it), for `srcSet`; undefined for the built-in SVGs, which have one size.
 */
export function srcSetOf(src: string): string | undefined {
  if (!src.endsWith('-800.webp')) return undefined;
  return [400, 800, 1200].map((width) => `${src.slice(0, -8)}${width}.webp ${width}w`).join(', ');
}

/** How wide a product card's picture is shown (its `sizes`), for the browser to pick from srcSet. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw';
/** How wide a product page's main picture is shown. */
export const PAGE_IMAGE_SIZES = '(min-width: 1024px) 560px, 50vw';
/** How wide the picture in a product's modal is shown (half the modal on a phone too: issue 46). */
export const MODAL_IMAGE_SIZES = '(min-width: 640px) 370px, 50vw';
