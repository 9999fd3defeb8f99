import type { AdminProduct } from '../../../domain/contracts/adminProducts';
import type { ProductParty, StoredSafety } from '../../../domain/productSafety';

/** A manufacturer or the EU responsible person as typed: all three empty when not given. */
export type PartyFormValues = ProductParty;

/** The product's safety information as typed (domain/productSafety.ts): empty fields when not given. */
export interface SafetyFormValues {
  manufacturer: PartyFormValues;
  responsiblePerson: PartyFormValues;
  model: string;
  /** The warnings in English. */
  safetyInfo: string;
  /** The warnings in Romanian (the product's translations). */
  safetyInfoRo: string;
}

const NO_PARTY: PartyFormValues = { name: '', address: '', email: '' };

export function safetyValuesOf(product?: AdminProduct): SafetyFormValues {
  return {
    manufacturer: product?.manufacturer ?? NO_PARTY,
    responsiblePerson: product?.responsiblePerson ?? NO_PARTY,
    model: product?.model ?? '',
    safetyInfo: product?.safetyInfo ?? '',
    safetyInfoRo: product?.translations.ro?.safetyInfo ?? '',
  };
}

// One paragraph on the storefront: line breaks typed in the box become spaces.
export const oneParagraph = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

const given = (text: string) => text.trim() !== '';

/**
 * What the form sends: a party left wholly empty is none (null); one partly filled is sent as typed, so the
 * schema names the field missing ("Manufacturer’s email is required.").
 */
const partyOf = (party: PartyFormValues): ProductParty | null => (given(party.name) || given(party.address) || given(party.email) ? { ...party } : null);

export function safetyFromForm(values: SafetyFormValues): StoredSafety {
  return {
    manufacturer: partyOf(values.manufacturer),
    responsiblePerson: partyOf(values.responsiblePerson),
    model: given(values.model) ? values.model : null,
    safetyInfo: given(values.safetyInfo) ? oneParagraph(values.safetyInfo) : null,
  };
}
