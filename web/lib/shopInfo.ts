/** The shop's public identity, shown on the pages. The owner edits these in one place (the name: domain/shopName.ts). */
export { SHOP_NAME } from '../../domain/shopName';
export const SOCIAL_HANDLE = '@secretstash.ro';
export const SOCIAL_URL = 'https://www.instagram.com/secretstash.ro';
