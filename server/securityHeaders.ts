import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './env';
import { SCRIPTS_AFTER_PAINT_SOURCE } from './modules/pages/scriptsAfterPaint';

/** The shop's headers: its content security policy lets in the one inline script of server-rendered pages. */
export function shopSecurityHeaders(nodeEnv: Config['NODE_ENV']): Readonly<Record<string, string>> {
  return securityHeaders({
    contentSecurityPolicy: {
      directives: {
        // Server-rendered pages ask for their JavaScript with one inline script (pages/scriptsAfterPaint.ts).
        scriptSrc: ["'self'", SCRIPTS_AFTER_PAINT_SOURCE],
        // Plain-HTTP installs (a laptop, a LAN) must still load their own assets.
        upgradeInsecureRequests: nodeEnv === 'production' ? [] : null,
      },
    },
  });
}

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies…) on every answer. They do
 * not depend on the request, so helmet runs once, at start, and its headers are copied onto each reply
 * (@fastify/helmet built helmet's middleware again on every request, which cost the catalogue and order
 * answers more CPU than they take themselves).
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Puts `headers` (securityHeaders) on every answer Fastify gives; and on every API answer that says nothing of caching,
 * `Cache-Control: no-store`: sign-in, the session, My orders, an order's page, the back office, answers about a person,
 * are never kept by a browser or a proxy (the public ones, the catalogue, the lockers, say how they may be kept).
 */
export function addSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
