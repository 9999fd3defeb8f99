import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { accountRoutes } from './modules/accounts/routes';
import { createAuth, type AuthSettings } from './modules/accounts/auth';
import type { Config } from './env';
import { registerErrorHandling } from './errors';
import { createLogger } from './logging';
import { guardRequestBodies } from './requestBodies';
import { catalogRoutes } from './modules/catalog/routes';
import { orderLimitsFrom, type OrderLimitSettings } from './modules/checkout/orderLimits';
import { checkoutRoutes } from './modules/checkout/routes';
import { healthRoutes } from './modules/health/routes';
import { orderRoutes } from './modules/orders/routes';
import { paymentRoutes } from './modules/payments/routes';
import type { PaymentGateway } from './integrations/stripe';

export interface AppDependencies {
  db: Db;
  config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL' | 'WEB_ROOT' | 'TRUST_PROXY' | 'CARD_PAYMENTS_ENABLED'> & OrderLimitSettings;
  auth: AuthSettings;
  /** Stripe, or null when no key is configured (card payments then answer 503). */
  stripe: PaymentGateway | null;
  /** Where the log goes: stdout unless given (tests read it). */
  logStream?: DestinationStream;
}

/** Hashed build assets and product images never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Largest JSON body the API reads (checkout bodies are a few KB). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp({ db, config, auth: authSettings, stripe, logStream }: AppDependencies) {
  const logger = createLogger(config.LOG_LEVEL, logStream);
  const auth = createAuth(db, authSettings, logger);
  const payments = { db, gateway: stripe, publicUrl: authSettings.baseURL };
  const checkout = { db, payments, orderLimits: orderLimitsFrom(config) };
  const cardPaymentsEnabled = config.CARD_PAYMENTS_ENABLED;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The API speaks JSON only; a text body is answered as "must be JSON", not parsed as a string.
  app.removeContentTypeParser('text/plain');
  guardRequestBodies(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Plain-HTTP installs (a laptop, a LAN) must still load their own assets.
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
  });

  await app.register(
    async (api) => {
      await api.register(catalogRoutes, { db });
      await api.register(healthRoutes, { db });
      await api.register(checkoutRoutes, { checkout, auth, cardPaymentsEnabled });
      await api.register(orderRoutes, { db, auth });
      await api.register(paymentRoutes, { payments, auth, cardPaymentsEnabled });
      await api.register(accountRoutes, { db, auth, baseURL: authSettings.baseURL });
    },
    { prefix: '/api' },
  );

  const webRoot = path.resolve(config.WEB_ROOT);
  const hasWebApp = existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: 'index.html',
      setHeaders(reply, filePath) {
        const relative = path.relative(webRoot, filePath);
        const immutable = relative.startsWith(`assets${path.sep}`) || relative.startsWith(`images${path.sep}`);
        reply.header('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const sendWebApp = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html', webRoot);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    // Client-side routes get the web app; the API and missing files get a JSON 404, never HTML.
    if (hasWebApp && isPage && path.extname(pathname) === '') return sendWebApp(reply);
    return reply.status(404).send({ error: 'not_found', message: `No such endpoint: ${request.method} ${pathname}` });
  });

  return app;
}
