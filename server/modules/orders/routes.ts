import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema, orderRequestSchema } from '../../../domain/checkout';
import type { Db } from '../../../db/client';
import { AppError } from '../../errors';
import type { Auth } from '../accounts/auth';
import { signedInUser } from '../accounts/service';
import { startCartCheckout, type Payments } from '../payments/service';
import { findOrder, listOrdersOfUser, placeOrder } from './service';

export const orderRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth; payments: Payments; cardPaymentsEnabled: boolean }> = async (
  app,
  { db, auth, payments, cardPaymentsEnabled },
) => {
  app.post('/orders', { schema: { body: orderRequestSchema } }, async (request, reply) => {
    const user = await signedInUser(auth, request.headers);
    if (request.body.paymentMethod === 'card') {
      if (!cardPaymentsEnabled) {
        throw new AppError('bad_request', 'Card payment is temporarily not available. Please choose cash on delivery.', 'payment_method_unavailable');
      }
      return reply.status(201).send(await startCartCheckout(payments, request.body, user?.id ?? null));
    }
    const order = await placeOrder(db, request.body, { userId: user?.id ?? null });
    return reply.status(order.replayed ? 200 : 201).send({ id: order.id });
  });

  /** "My orders": the signed-in customer's orders, newest first. */
  app.get('/orders', async (request) => {
    const user = await signedInUser(auth, request.headers);
    if (!user) throw new AppError('unauthorized', 'Please sign in to see your orders.');
    return { orders: await listOrdersOfUser(db, user.id) };
  });

  app.get(
    '/orders/:id',
    { schema: { params: z.object({ id: z.uuid('Unknown order id.') }), querystring: z.object({ email: emailSchema.optional() }) } },
    async (request) => {
      const user = await signedInUser(auth, request.headers);
      return findOrder(db, request.params.id, { userId: user?.id ?? null, email: request.query.email ?? null });
    },
  );
};
