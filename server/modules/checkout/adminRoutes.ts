import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerOrderRequestSchema } from '../../../domain/checkout';
import { adminOrderSchema } from '../../../domain/contracts/admin';
import { answers } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { placeOwnerOrder } from './ownerOrders';
import { refundToCard } from './refunds';
import type { Checkout } from './service';

/**
 * The owner's card refunds (issue 45) and the orders the owner takes by phone or message (issue 47): an order and a
 * payment together, so checkout's.
 */
export const adminCheckoutRoutes: FastifyPluginAsyncZod<{ checkout: Checkout; ownerOf(request: FastifyRequest): SignedInUser }> = async (app, { checkout, ownerOf }) => {
  /** New order: placed by the storefront's rules, cash on delivery or with a card pay link mailed to the customer (201). */
  app.post('/orders', { schema: { body: ownerOrderRequestSchema, response: answers({ 201: adminOrderSchema }) } }, async (request, reply) => {
    return reply.status(201).send(await placeOwnerOrder(checkout, request.body, ownerOf(request)));
  });

  /** Refund to the card: exactly the credited amount, through Stripe, once; answers the order as it is now. */
  app.post('/refunds/:id/card', { schema: { params: z.object({ id: z.uuid('There is no such refund.') }), response: answers({ 200: adminOrderSchema }) } }, async (request) =>
    refundToCard(checkout, request.params.id, ownerOf(request)),
  );
};
