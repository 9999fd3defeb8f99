import * as z from 'zod/mini';

/** better-auth's GET /api/auth/get-session, the part the storefront reads: who is signed in (and whether they own the shop), or null. */
export const sessionAnswerSchema = z.nullable(z.object({ user: z.object({ email: z.string(), role: z.optional(z.string()) }) }));
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
