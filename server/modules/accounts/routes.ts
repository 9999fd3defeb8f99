import type { FastifyPluginAsync } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { signInRequestSchema, signUpRequestSchema } from '../../../domain/accounts';
import type { Db } from '../../../db/client';
import { AppError } from '../../errors';
import type { Auth } from './auth';
import { limitAttempts } from './service';

/**
 * The endpoints whose attempts are counted (guessing passwords, creating accounts in bulk), with
 * what their bodies must be before better-auth sees them.
 */
const LIMITED: Record<string, typeof signInRequestSchema> = {
  '/api/auth/sign-in/email': signInRequestSchema,
  '/api/auth/sign-up/email': signUpRequestSchema,
};

/**
 * better-auth answers everything under /api/auth (sign-up, sign-in, get-session, sign-out). Fastify
 * has already parsed the JSON body, so it is passed on re-serialised in a web Request.
 */
export const accountRoutes: FastifyPluginAsync<{ db: Db; auth: Auth; baseURL: string }> = async (app, { db, auth, baseURL }) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, baseURL);
      const schema = request.method === 'POST' ? LIMITED[url.pathname] : undefined;
      if (schema) {
        // Bad input is answered here, readably, and costs no attempt.
        const parsed = schema.safeParse(request.body);
        if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'The request is invalid.', 'invalid_request');
        await limitAttempts(db, { endpoint: url.pathname, ip: request.ip, email: parsed.data.email });
      }

      const headers = fromNodeHeaders(request.headers);
      headers.delete('content-length');
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined,
        }),
      );

      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(await response.text());
    },
  });
};
