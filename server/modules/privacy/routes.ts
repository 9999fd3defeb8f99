import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { personalDataSchema } from '../../../domain/contracts/privacy';
import { bucharestDay } from '../../../domain/locale';
import { AppError, answers } from '../../errors';
import { requestLocale } from '../../i18n';
import type { Auth } from '../accounts/auth';
import { limitAttempts, signedInUser } from '../accounts/service';
import { isOrderAccessToken } from '../orders/accessToken';
import { deleteAccount, eraseOrder, personalDataOfAccount, personalDataOfOrder } from './service';

const orderParams = z.object({ id: z.uuid('Unknown order id.') });
const linkQuery = z.object({ token: z.string().max(100).optional(), download: z.enum(['1']).optional() });

/**
 * The customer's data rights (privacy/service.ts): a signed-in customer's data (GET /api/account/data, `?download=1`
 * as a file) and deleting the account (POST /api/account/delete, the password asked again); a guest's, through an
 * order's signed link (GET /api/orders/:id/data?token=, POST /api/orders/:id/erase?token=).
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth; secret: string }> = async (app, { db, auth, secret }) => {
  const asFile = (download: string | undefined) => (download ? { 'Content-Disposition': `attachment; filename="my-data-${bucharestDay(new Date())}.json"` } : {});

  app.get('/account/data', { schema: { querystring: linkQuery, response: answers({ 200: personalDataSchema }) } }, async (request, reply) => {
    const user = await signedInUser(auth, request.headers);
    if (!user) throw new AppError('unauthorized', { id: 'error.order.signInToSeeOrders' });
    return reply.headers(asFile(request.query.download)).send(await personalDataOfAccount(db, user.id));
  });

  app.post(
    '/account/delete',
    {
      schema: {
        body: z.object({ password: z.string({ error: 'error.privacy.wrongPassword' }).min(1, 'error.privacy.wrongPassword').max(200, 'error.privacy.wrongPassword') }),
        response: answers({ 200: z.object({ deleted: z.literal(true) }) }),
      },
    },
    async (request) => {
      const user = await signedInUser(auth, request.headers);
      if (!user) throw new AppError('unauthorized', { id: 'error.order.signInToSeeOrders' });
      // Guessing the password through here costs attempts as a sign-in does.
      await limitAttempts(db, { endpoint: '/api/account/delete', ip: request.ip, email: user.email });
      await deleteAccount(db, auth, request.headers, user, request.body.password, requestLocale(request));
      return { deleted: true as const };
    },
  );

  /** An order's signed link (its mails', its confirmation's) opens its data; anything else is "not found". */
  const linked = (id: string, token: string | undefined) => {
    if (!isOrderAccessToken(secret, id, token)) throw new AppError('not_found', { id: 'error.order.noSuchOrder' });
  };

  app.get('/orders/:id/data', { schema: { params: orderParams, querystring: linkQuery, response: answers({ 200: personalDataSchema }) } }, async (request, reply) => {
    linked(request.params.id, request.query.token);
    return reply.headers(asFile(request.query.download)).send(await personalDataOfOrder(db, request.params.id));
  });

  app.post('/orders/:id/erase', { schema: { params: orderParams, querystring: linkQuery, response: answers({ 200: z.object({ erased: z.literal(true) }) }) } }, async (request) => {
    linked(request.params.id, request.query.token);
    await eraseOrder(db, request.params.id, requestLocale(request));
    return { erased: true as const };
  });
};
