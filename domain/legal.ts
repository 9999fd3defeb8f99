/**
 * The pages Romanian law asks an online shop to have (terms, privacy, delivery, returns with the
 * right of withdrawal, cookies), linked from every page's footer and listed in the sitemap.
 */
export const LEGAL_PAGES = ['terms', 'privacy', 'delivery', 'returns', 'cookies'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export const legalPath = (page: LegalPage): string => `/${page}`;

/** The online withdrawal form (OUG 34/2014 art. 11: the consumer may use one on the shop's site). */
export const WITHDRAWAL_PATH = '/returns/withdraw';

/** Days a consumer has to withdraw from a distance purchase, from receiving it (OUG 34/2014 art. 9). */
export const WITHDRAWAL_DAYS = 14;
