import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderEditSchema, ownerOrderRequestSchema } from '../../../domain/checkout';
import { adminOrderSchema } from '../../../domain/contracts/admin';
import { answers } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { orderForOwner } from '../orders/ownerOrder';
import { editOrderAsOwner, refundEdit } from './orderEdits';
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

  const orderParams = z.object({ id: z.uuid('Unknown order id.') });
  /** Editing an order until its AWB exists: its lines, address and phone, as they should now be (orders/edit.ts). */
  app.put('/orders/:id/contents', { schema: { params: orderParams, body: orderEditSchema, response: answers({ 200: adminOrderSchema }) } }, async (request) =>
    editOrderAsOwner(checkout, request.params.id, request.body, ownerOf(request)),
  );
  /** The card refund an edit left owed, asked of Stripe again (it failed when the edit was saved). */
  app.post('/orders/:id/edit-refund', { schema: { params: orderParams, response: answers({ 200: adminOrderSchema }) } }, async (request) => {
    const owner = ownerOf(request);
    await refundEdit(checkout, request.params.id, owner);
    return orderForOwner(checkout.db, request.params.id);
  });

  /** Refund to the card: exactly the credited amount, through Stripe, once; answers the order as it is now. */
  app.post('/refunds/:id/card', { schema: { params: z.object({ id: z.uuid('There is no such refund.') }), response: answers({ 200: adminOrderSchema }) } }, async (request) =>
    refundToCard(checkout, request.params.id, ownerOf(request)),
  );
};
