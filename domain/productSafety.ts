import type { ProductSafety } from './contracts/catalog';
import type { Locale } from './locale';

/**
 * A product's safety information, as the General Product Safety Regulation (EU 2023/988, art. 19) asks of every
 * offer made online: who made it (name, postal and electronic address), the person responsible for it in the EU
 * when the maker is outside the EU, its type, batch or model number, and its warnings and safety information in
 * the language of the country it is sold in (Romanian; English too on the English shop). The owner gives them in
 * the back office (domain/productEdit.ts checks them); the product's page shows those given.
 */

/** A manufacturer or an EU responsible person: all three, or none (the law asks for both addresses). */
export interface ProductParty {
  name: string;
  /** Postal address, as one text. */
  address: string;
  email: string;
}

export const PARTY_NAME_MAX = 200;
export const PARTY_ADDRESS_MAX = 300;
export const PARTY_EMAIL_MAX = 254;
export const MODEL_MAX = 120;
export const SAFETY_INFO_MAX = 4000;

/** What a product row holds of it (db/schema/catalog.ts); the Romanian warnings are its translations' (ro.safetyInfo). */
export interface StoredSafety {
  manufacturer: ProductParty | null;
  responsiblePerson: ProductParty | null;
  model: string | null;
  /** In English. */
  safetyInfo: string | null;
}

/**
 * Warnings in English without the Romanian ones are refused: a product sold in Romania carries them in Romanian
 * (the English ones are for the English shop only). Romanian alone is enough: the English shop then shows those.
 */
export const lacksRomanianWarnings = (safetyInfo: string | null | undefined, romanian: string | null | undefined): boolean => !!safetyInfo && !romanian;

/**
 * The safety section of the storefront's product in `locale`, or undefined when nothing is given (the product's
 * JSON then carries nothing more). The warnings are the page's language's; where a page's language has none
 * (the English shop, given only the Romanian), the Romanian, marked as such (`warningsLang`).
 */
export function storefrontSafety(stored: StoredSafety, romanian: string | undefined, locale: Locale): ProductSafety | undefined {
  const own = locale === 'ro' ? romanian : stored.safetyInfo;
  const warnings = own || romanian || stored.safetyInfo || undefined;
  const safety: ProductSafety = {
    ...(stored.manufacturer ? { manufacturer: stored.manufacturer } : {}),
    ...(stored.responsiblePerson ? { responsiblePerson: stored.responsiblePerson } : {}),
    ...(stored.model ? { model: stored.model } : {}),
    ...(warnings ? { warnings } : {}),
    ...(warnings && !own ? { warningsLang: warnings === romanian ? 'ro' : 'en' } : {}),
  };
  return Object.keys(safety).length > 0 ? safety : undefined;
}
