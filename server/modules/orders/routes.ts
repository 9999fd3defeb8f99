import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema, orderRequestSchema } from '../../../domain/checkout';
import type { Db } from '../../../db/client';
import { findOrderForGuest, placeOrder } from './service';

export const orderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post('/orders', { schema: { body: orderRequestSchema } }, async (request, reply) => {
    const order = await placeOrder(db, request.body);
    return reply.status(order.replayed ? 200 : 201).send({ id: order.id });
  });

  app.get(
    '/orders/:id',
    { schema: { params: z.object({ id: z.uuid('Unknown order id.') }), querystring: z.object({ email: emailSchema }) } },
    async (request) => findOrderForGuest(db, request.params.id, request.query.email),
  );
};
