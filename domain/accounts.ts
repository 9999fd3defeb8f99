import { z } from 'zod';
import type { Message, ShopMessageId } from '../locales/messages';
import { EMAIL_PATTERN, emailSchema } from './email';
import { hasControlCharacters } from './text';

/** Spec 9: the password minimum, enforced by the form and by the server. */
export const PASSWORD_MIN_LENGTH = 6;

// The account pages' texts (spec 5 and 9) are catalogue keys `message.account.*` in locales/shop/.

/** A problem the account forms find themselves, as the message to show. */
export type AccountProblem = Message<ShopMessageId>;

const FIELDS_REQUIRED: AccountProblem = { id: 'message.account.fieldsRequired' };

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 60;

/** Spec 4: the pause after a successful sign-in or sign-up before going to /. */
export const REDIRECT_DELAY_MS = 1000;

/** The sign-in form's own check (spec 5: all fields required); null when the server may be asked. */
export function signInProblem(email: string, password: string): AccountProblem | null {
  return !email.trim() || !password ? FIELDS_REQUIRED : null;
}

/** The sign-up form's own checks, in the spec's order; null when the server may be asked. */
export function signUpProblem(email: string, password: string, confirmPassword: string): AccountProblem | null {
  return email.trim() ? newPasswordProblem(password, confirmPassword) : FIELDS_REQUIRED;
}

/** better-auth's own maximum; longer passwords are refused before hashing. */
export const PASSWORD_MAX_LENGTH = 128;

type CredentialField = 'email' | 'password' | 'name' | 'token' | 'newPassword' | 'code';

/**
 * A credential's checks; their messages are catalogue keys (`error.account.<field>.*`), the too-long one
 * naming `{max}`: the issue's `maximum` (accountIssueMessage).
 */
const credential = (field: CredentialField, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `error.account.${field}.required` : `error.account.${field}.notText`) })
    .min(1, `error.account.${field}.required`)
    .refine((text) => !hasControlCharacters(text), `error.account.${field}.controlCharacters`)
    .max(max, `error.account.${field}.tooLong`);

const NOT_AN_OBJECT = 'error.request.notAnObject';

/** The first problem of a refused account request, as the message to answer (the catalogue key and its values). */
export function accountIssueMessage(issue: z.core.$ZodIssue | undefined): Message {
  if (!issue) return { id: 'error.request.invalid' };
  return { id: issue.message as ShopMessageId, values: issue.code === 'too_big' ? { max: Number(issue.maximum) } : undefined };
}

/**
 * What the server checks before handing a sign-in to better-auth (which checks the rest: the email's
 * form, the password): text of a sane length, without control characters. Other fields pass through.
 */
export const signInRequestSchema = z.looseObject(
  {
    email: credential('email', 254).refine((email) => EMAIL_PATTERN.test(email.trim()), 'error.account.invalidEmail'),
    password: credential('password', PASSWORD_MAX_LENGTH),
  },
  { error: NOT_AN_OBJECT },
);

/** The same for a sign-up, which also names the account (the sign-up form sends the email's local part). */
export const signUpRequestSchema = signInRequestSchema.extend({ name: credential('name', 254) });

/** POST /api/auth/two-factor/verify-totp and verify-backup-code: the code typed (issue 48). */
export const twoFactorCodeRequestSchema = z.looseObject({ code: credential('code', 64) }, { error: NOT_AN_OBJECT });

/** POST /api/auth/two-factor/enable and disable: the account's password, asked again. */
export const twoFactorPasswordRequestSchema = z.looseObject({ password: credential('password', PASSWORD_MAX_LENGTH) }, { error: NOT_AN_OBJECT });

/** POST /api/auth/request-password-reset: the address to send a reset link to. */
export const passwordResetRequestSchema = z.looseObject({ email: emailSchema }, { error: NOT_AN_OBJECT });

/** POST /api/auth/reset-password: the link's token and the new password (better-auth checks its length). */
export const newPasswordRequestSchema = z.looseObject({ token: credential('token', 200), newPassword: credential('newPassword', PASSWORD_MAX_LENGTH) }, { error: NOT_AN_OBJECT });

/** The checks of a new password typed twice (sign-up, reset), in the spec's order; null when the server may be asked. */
export function newPasswordProblem(password: string, confirmPassword: string): AccountProblem | null {
  if (!password || !confirmPassword) return FIELDS_REQUIRED;
  if (password !== confirmPassword) return { id: 'message.account.passwordsDoNotMatch' };
  if (password.length < PASSWORD_MIN_LENGTH) return { id: 'message.account.passwordTooShort', values: { min: PASSWORD_MIN_LENGTH } };
  return null;
}

/** 'owner' may enter the back office; everyone who signs up is a 'customer'. */
export const ROLES = ['customer', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** POST /api/admin/owners: the account (by its email) an owner makes an owner too. */
export const ownerPromotionRequestSchema = z.object({ email: emailSchema }, { error: NOT_AN_OBJECT });
