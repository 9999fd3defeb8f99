/** SaxonJS ships no types: the one call the shop makes (validation.ts). */
declare module 'saxon-js' {
  export function transform(options: object, mode: 'async'): Promise<{ principalResult: string }>;
}
