/**
 * The pages Romanian law asks an online shop to have (terms, privacy, delivery, returns with the
 * right of withdrawal, cookies, how reviews are checked), linked from every page's footer and listed in the sitemap.
 */
export const LEGAL_PAGES = ['terms', 'privacy', 'delivery', 'returns', 'cookies', 'reviews'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** How reviews are collected and checked (OUG 58/2022, issue 49): linked from the footer and every product's reviews. */
export const REVIEW_CHECKS_PATH = '/reviews/how-we-check';

export const legalPath = (page: LegalPage): string => (page === 'reviews' ? REVIEW_CHECKS_PATH : `/${page}`);

/** The online withdrawal form (OUG 34/2014 art. 11: the consumer may use one on the shop's site). */
export const WITHDRAWAL_PATH = '/returns/withdraw';

/** Days a consumer has to withdraw from a distance purchase, from receiving it (OUG 34/2014 art. 9). */
export const WITHDRAWAL_DAYS = 14;
