import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import {
  accountIssueMessage,
  newPasswordRequestSchema,
  PASSWORD_MIN_LENGTH,
  passwordResetRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  twoFactorCodeRequestSchema,
  twoFactorPasswordRequestSchema,
} from '../../../domain/accounts';
import type { ShopMessageId } from '../../../locales/messages';
import { AppError } from '../../errors';
import { requestLocale, translate } from '../../i18n';
import type { Auth } from './auth';
import { isCommonPassword } from './commonPasswords';
import { accountOfResetLink, requestPasswordReset } from './passwordReset';
import { limitAttempts } from './service';

/**
 * The endpoints whose attempts are counted (guessing passwords or second-factor codes, creating accounts in bulk), with
 * what their bodies must be before better-auth sees them.
 */
const LIMITED: Record<string, z.ZodType<{ email?: string; password?: string; code?: string }>> = {
  '/api/auth/sign-in/email': signInRequestSchema,
  '/api/auth/sign-up/email': signUpRequestSchema,
  '/api/auth/two-factor/verify-totp': twoFactorCodeRequestSchema,
  '/api/auth/two-factor/verify-backup-code': twoFactorCodeRequestSchema,
  '/api/auth/two-factor/enable': twoFactorPasswordRequestSchema,
  '/api/auth/two-factor/disable': twoFactorPasswordRequestSchema,
};

/**
 * Second-factor codes: each is typed within a sign-in that already cost a password attempt, and better-auth ends that
 * sign-in after 5 wrong codes (and pauses the account after repeated ones), so an address may type more of them than
 * passwords: a household or an office behind one address signing in together.
 */
const SECOND_FACTOR = new Set(['/api/auth/two-factor/verify-totp', '/api/auth/two-factor/verify-backup-code']);
const CODE_ATTEMPTS_PER_MINUTE = 30;

/**
 * A password among the most common is refused before anything else: it is bad input, and costs no attempt. One too
 * short is left to better-auth, whose message (its minimum) helps more.
 */
async function refuseCommonPassword(password: string) {
  if (password.length >= PASSWORD_MIN_LENGTH && (await isCommonPassword(password))) throw new AppError('bad_request', { id: 'message.account.passwordTooCommon' }, 'password_too_common');
}

/** Bad input is answered here, readably, and costs no attempt. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError('bad_request', accountIssueMessage(parsed.error.issues[0]), 'invalid_request');
  return parsed.data;
}

/** better-auth's own refusals that the account pages show, by their code, in the visitor's language. */
const AUTH_ERRORS: Record<string, ShopMessageId> = {
  INVALID_EMAIL_OR_PASSWORD: 'error.auth.invalidEmailOrPassword',
  USER_ALREADY_EXISTS: 'error.auth.userExists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'error.auth.userExistsUseAnotherEmail',
  PASSWORD_TOO_SHORT: 'error.auth.passwordTooShort',
  PASSWORD_TOO_LONG: 'error.auth.passwordTooLong',
  INVALID_TOKEN: 'error.auth.invalidToken',
  INVALID_PASSWORD: 'error.auth.invalidPassword',
  INVALID_CODE: 'error.auth.invalidCode',
  INVALID_BACKUP_CODE: 'error.auth.invalidBackupCode',
  INVALID_TWO_FACTOR_COOKIE: 'error.auth.twoFactorExpired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'error.auth.twoFactorExpired',
  ACCOUNT_TEMPORARILY_LOCKED: 'error.auth.twoFactorLocked',
  TOTP_ALREADY_ENABLED: 'error.auth.twoFactorAlreadyOn',
};

/** better-auth's answer, its error message (when it is one of AUTH_ERRORS) in the visitor's language. */
async function answerOf(request: FastifyRequest, response: Response): Promise<string> {
  const text = await response.text();
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return text;
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    const key = typeof body.code === 'string' ? AUTH_ERRORS[body.code] : undefined;
    return key ? JSON.stringify({ ...body, message: translate(requestLocale(request), key) }) : text;
  } catch {
    return text;
  }
}

/**
 * better-auth answers everything under /api/auth (sign-up, sign-in, get-session, sign-out, setting a
 * new password), except asking for a reset link, which is ours (passwordReset.ts). Fastify has
 * already parsed the JSON body, so it is passed on re-serialised in a web Request.
 */
export const accountRoutes: FastifyPluginAsync<{ db: Db; auth: Auth; baseURL: string }> = async (app, { db, auth, baseURL }) => {
  const callAuth = (request: FastifyRequest, url: URL, body: unknown) => {
    const headers = fromNodeHeaders(request.headers);
    headers.delete('content-length');
    return auth.handler(new Request(url, { method: request.method, headers, body: request.method === 'POST' && body !== undefined ? JSON.stringify(body) : undefined }));
  };
  const relay = async (request: FastifyRequest, reply: FastifyReply, response: Response) => {
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(await answerOf(request, response));
  };

  app.post('/auth/request-password-reset', async (request) => {
    const { email } = parse(passwordResetRequestSchema, request.body);
    await requestPasswordReset(db, { email, ip: request.ip, locale: requestLocale(request) });
    return { status: true, message: translate(requestLocale(request), 'message.account.resetLinkSent') };
  });

  // better-auth checks the link (one use, not expired) and sets the password, ending the account's
  // other sessions; then the visitor is signed in with the new password, as a sign-in would.
  app.post('/auth/reset-password', async (request, reply) => {
    const body = parse(newPasswordRequestSchema, request.body);
    await refuseCommonPassword(body.newPassword);
    await limitAttempts(db, { endpoint: '/api/auth/reset-password', ip: request.ip });
    const email = await accountOfResetLink(db, body.token);
    if (!email) throw new AppError('bad_request', { id: 'message.account.resetLinkInvalid' }, 'invalid_token');
    const reset = await callAuth(request, new URL('/api/auth/reset-password', baseURL), body);
    if (!reset.ok) return relay(request, reply, reset);
    return relay(request, reply, await callAuth(request, new URL('/api/auth/sign-in/email', baseURL), { email, password: body.newPassword }));
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, baseURL);
      const schema = request.method === 'POST' ? LIMITED[url.pathname] : undefined;
      if (schema) {
        const { email, password } = parse(schema, request.body);
        if (url.pathname === '/api/auth/sign-up/email' && password) await refuseCommonPassword(password);
        await limitAttempts(db, { endpoint: url.pathname, ip: request.ip, email }, SECOND_FACTOR.has(url.pathname) ? CODE_ATTEMPTS_PER_MINUTE : undefined);
      }
      return relay(request, reply, await callAuth(request, url, request.body));
    },
  });
};
