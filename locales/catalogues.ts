/**
 * Every compiled catalogue, for the server (API messages, mails, the back office's texts it renders
 * nowhere else). The browser loads only its language's storefront catalogue (web/lib/i18n.tsx).
 */
import type { Messages } from '@lingui/core';
import type { Locale } from '../domain/locale';
import { messages as adminEn } from './admin/en';
import { messages as adminRo } from './admin/ro';
import { messages as mailEn } from './mail/en';
import { messages as mailRo } from './mail/ro';
import { messages as shopEn } from './shop/en';
import { messages as shopRo } from './shop/ro';

export const SHOP_MESSAGES: Record<Locale, Messages> = { en: shopEn, ro: shopRo };
export const ADMIN_MESSAGES: Record<Locale, Messages> = { en: adminEn, ro: adminRo };
export const MAIL_MESSAGES: Record<Locale, Messages> = { en: mailEn, ro: mailRo };
