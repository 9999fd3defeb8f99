import * as z from 'zod/mini';

/** better-auth's GET /api/auth/get-session, the part the storefront reads: who is signed in (whether they own the shop, sign in with a second factor), or null. */
export const sessionAnswerSchema = z.nullable(z.object({ user: z.object({ email: z.string(), role: z.optional(z.string()), twoFactorEnabled: z.optional(z.boolean()) }) }));

/** better-auth's answer to a sign-in or a second factor's code: a sign-in whose account has two-factor on asks for a code next. */
export const signInAnswerSchema = z.nullable(z.object({ twoFactorRedirect: z.optional(z.boolean()) }));

/** POST /api/auth/two-factor/enable: the authenticator app's otpauth:// URI and ten backup codes, shown once. */
export const twoFactorSetupSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
