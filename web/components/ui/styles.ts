/** Shared control styles: one look for buttons and inputs across the shop. */
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:bg-zinc-400';
export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-zinc-300 bg-white px-5 font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand';
export const inputClass = 'mt-1 block min-h-11 w-full rounded-lg border border-zinc-400 bg-white px-3 text-base focus:border-brand focus:outline-2 focus:outline-brand aria-invalid:border-red-700';
