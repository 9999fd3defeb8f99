/**
 * The sizes of a picture the owner uploaded (its address names the 800 px one; 400 and 1200 px sit beside
 * it), for `srcSet`; undefined for the built-in SVGs, which have one size.
 */
export function srcSetOf(src: string): string | undefined {
  if (!src.endsWith('-800.webp')) return undefined;
  return [400, 800, 1200].map((width) => `${src.slice(0, -8)}${width}.webp ${width}w`).join(', ');
}
