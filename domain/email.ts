import { plainText } from './text';

// Apart from the checkout (domain/checkout), so the account pages that check an email address load
// none of the address rules (nor the phone library they bring).

/** Spec 5: a basic something@something.something pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address, as the checkout, the withdrawal form and the account requests take it (messages are catalogue keys). */
export const emailSchema = plainText('Email', 'error.email.required', 'error.email.controlCharacters').max(254, 'error.email.tooLong').regex(EMAIL_PATTERN, 'error.email.invalid');
