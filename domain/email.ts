import { plainText } from './text';

// Apart from the checkout (domain/checkout), so the account pages that check an email address load
// none of the address rules (nor the phone library they bring).

/** Spec 5: a basic something@something.something pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = plainText('Email', 'Email is required.')
  .max(254, 'Email address is too long (at most 254 characters).')
  .regex(EMAIL_PATTERN, 'Enter a valid email address, like name@example.com.');
