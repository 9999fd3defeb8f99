/** The shop's name, as its pages show it (web/lib/shopInfo.ts) and its catalogue feeds give it as the brand. The owner edits it here. */
export const SHOP_NAME = 'Secret Stash';
