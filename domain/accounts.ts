import { z } from 'zod';
import { EMAIL_PATTERN, emailSchema } from './email';
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
  resetLinkSent: 'If an account uses this address, we have sent it a link to choose a new password. The link works for one hour.',
  tooManyResetRequests: 'We have already sent several links to this address. Please use the latest one, or try again in an hour.',
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one below.',
  passwordChanged: 'Your password is changed and you are signed in. Redirecting...',
} as const;

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 60;

/** Spec 4: the pause after a successful sign-in or sign-up before going to /. */
export const REDIRECT_DELAY_MS = 1000;

/** The sign-in form's own check (spec 5: all fields required); null when the server may be asked. */
export function signInProblem(email: string, password: string): string | null {
  return !email.trim() || !password ? ACCOUNT_MESSAGES.fieldsRequired : null;
}

/** The sign-up form's own checks, in the spec's order; null when the server may be asked. */
export function signUpProblem(email: string, password: string, confirmPassword: string): string | null {
  return email.trim() ? newPasswordProblem(password, confirmPassword) : ACCOUNT_MESSAGES.fieldsRequired;
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

/** POST /api/auth/request-password-reset: the address to send a reset link to. */
export const passwordResetRequestSchema = z.looseObject({ email: emailSchema }, { error: NOT_AN_OBJECT });

/** POST /api/auth/reset-password: the link's token and the new password (better-auth checks its length). */
export const newPasswordRequestSchema = z.looseObject(
  { token: credential('The link', 200), newPassword: credential('New password', PASSWORD_MAX_LENGTH) },
  { error: NOT_AN_OBJECT },
);

/** The checks of a new password typed twice (sign-up, reset), in the spec's order; null when the server may be asked. */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return ACCOUNT_MESSAGES.fieldsRequired;
  if (password !== confirmPassword) return ACCOUNT_MESSAGES.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  return null;
}

/** 'owner' may enter the back office; everyone who signs up is a 'customer'. */
export const ROLES = ['customer', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** POST /api/admin/owners: the account (by its email) an owner makes an owner too. */
export const ownerPromotionRequestSchema = z.object({ email: emailSchema }, { error: NOT_AN_OBJECT });
