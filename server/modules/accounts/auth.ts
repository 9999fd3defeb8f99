import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { account, session, twoFactor, user, verification } from '../../../db/schema/accounts';
import { PASSWORD_MIN_LENGTH } from '../../../domain/accounts';
import { scrubText } from '../../logging';
import { endResetLinks } from './passwordReset';

export interface AuthSettings {
  /** The origin the browser uses; better-auth refuses requests from any other (403 INVALID_ORIGIN). */
  baseURL: string;
  secret: string;
  /** Extra origins allowed to call the auth endpoints (the other spelling of localhost in development). */
  trustedOrigins?: string[];
  secureCookies: boolean;
  /** The name an authenticator app shows beside the account's codes (the shop's name). */
  issuer?: string;
}

const DAY = 60 * 60 * 24;

/**
 * better-auth's own log lines go to the app's log, as a message and an error at most: the other
 * arguments it passes may be anything (a user, a body), and the error goes through the app's
 * serializer, which keeps a failed query's parameters out.
 */
function authLogger(log: FastifyBaseLogger) {
  return {
    log(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) {
      const err = args.find((arg) => arg instanceof Error);
      log[level]({ err, source: 'better-auth' }, scrubText(message));
    },
  };
}

export function createAuth(db: Db, settings: AuthSettings, log: FastifyBaseLogger) {
  return betterAuth({
    logger: authLogger(log),
    baseURL: settings.baseURL,
    basePath: '/api/auth',
    secret: settings.secret,
    trustedOrigins: settings.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, twoFactor } }),
    appName: settings.issuer ?? 'Shop',
    // Two-factor sign-in (issue 48): an authenticator app's codes (TOTP) and ten backup codes, both kept encrypted. An
    // owner must have it (accounts/service.ts requireOwner); a customer may turn it on. Its attempts are limited by our
    // limiter like sign-in's (routes.ts), and better-auth locks the account for a while after repeated wrong codes.
    plugins: [twoFactorPlugin({ issuer: settings.issuer ?? 'Shop' })],
    // A reset link's row and mail are written by passwordReset.ts; better-auth consumes the link and
    // sets the password, ending every session of the account (a stolen one too).
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user: reset }) => endResetLinks(db, reset.id),
    },
    // Ours (db/schema/accounts.ts): read with the session, never settable by sign-up (input: false).
    user: { additionalFields: { role: { type: 'string', input: false, defaultValue: 'customer', returned: true } } },
    // A persisted cookie session that renews itself once a day while in use, for 30 days.
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    // Attempts are limited by our own database-backed limiter, shared by every process (routes.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      // better-auth turns the origin check off when it detects a test run; ours must test the real thing.
      disableOriginCheck: false,
      useSecureCookies: settings.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
