import type { FastifyPluginAsync } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Db } from '../../../db/client';
import type { Auth } from './auth';
import { limitAttempts } from './service';

/** The endpoints whose attempts are counted: guessing passwords, creating accounts in bulk. */
const LIMITED = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email']);

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
      if (request.method === 'POST' && LIMITED.has(url.pathname)) {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        await limitAttempts(db, { endpoint: url.pathname, ip: request.ip, email: typeof email === 'string' ? email : undefined });
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
