import { z } from 'zod';
import { EMAIL_PATTERN, emailSchema } from './checkout';
import { controlCharactersMessage, hasControlCharacters } from './text';

/** Spec 9: the password minimum, enforced by the form and by the server. */
export const PASSWORD_MIN_LENGTH = 6;

export const ACCOUNT_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  fieldsRequired: 'Please fill in all fields',
  unexpected: 'An unexpected error occurred. Please try again.',
  signUpSuccess: 'Account created successfully! Redirecting...',
  signInSuccess: 'Login successful! Redirecting...',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

/** Spec 4: the pause after a successful sign-in or sign-up before going to /. */
export const REDIRECT_DELAY_MS = 1000;

/** The sign-in form's own check (spec 5: all fields required); null when the server may be asked. */
export function signInProblem(email: string, password: string): string | null {
  return !email.trim() || !password ? ACCOUNT_MESSAGES.fieldsRequired : null;
}

/** The sign-up form's own checks, in the spec's order; null when the server may be asked. */
export function signUpProblem(email: string, password: string, confirmPassword: string): string | null {
  if (signInProblem(email, password) || !confirmPassword) return ACCOUNT_MESSAGES.fieldsRequired;
  if (password !== confirmPassword) return ACCOUNT_MESSAGES.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  return null;
}

/** better-auth's own maximum; longer passwords are refused before hashing. */
export const PASSWORD_MAX_LENGTH = 128;

const credential = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .min(1, `${label} is required.`)
    .refine((text) => !hasControlCharacters(text), controlCharactersMessage(label))
    .max(max, `${label} is too long (at most ${max} characters).`);

const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/**
 * What the server checks before handing a sign-in to better-auth (which checks the rest: the email's
 * form, the password): text of a sane length, without control characters. Other fields pass through.
 */
export const signInRequestSchema = z.looseObject(
  {
    email: credential('Email', 254).refine((email) => EMAIL_PATTERN.test(email.trim()), 'Enter a valid email address, like name@example.com.'),
    password: credential('Password', PASSWORD_MAX_LENGTH),
  },
  { error: NOT_AN_OBJECT },
);

/** The same for a sign-up, which also names the account (the sign-up form sends the email's local part). */
export const signUpRequestSchema = signInRequestSchema.extend({ name: credential('Name', 254) });

/** 'owner' may enter the back office; everyone who signs up is a 'customer'. */
export const ROLES = ['customer', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** POST /api/admin/owners: the account (by its email) an owner makes an owner too. */
export const ownerPromotionRequestSchema = z.object({ email: emailSchema }, { error: NOT_AN_OBJECT });
