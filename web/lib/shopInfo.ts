/** The shop's public identity, shown on the pages. The owner edits these in one place. */
export const SHOP_NAME = 'Secret Stash';
export const SOCIAL_HANDLE = '@secretstash.ro';
export const SOCIAL_URL = 'https://www.instagram.com/secretstash.ro';
