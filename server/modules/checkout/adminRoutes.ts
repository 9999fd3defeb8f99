import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrderSchema } from '../../../domain/contracts/admin';
import { answers } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { refundToCard } from './refunds';
import type { Checkout } from './service';

/** The owner's card refunds (issue 45): an order and a payment together, so checkout's. */
export const adminCardRefundRoutes: FastifyPluginAsyncZod<{ checkout: Pick<Checkout, 'db' | 'payments'>; ownerOf(request: FastifyRequest): SignedInUser }> = async (app, { checkout, ownerOf }) => {
  /** Refund to the card: exactly the credited amount, through Stripe, once; answers the order as it is now. */
  app.post('/refunds/:id/card', { schema: { params: z.object({ id: z.uuid('There is no such refund.') }), response: answers({ 200: adminOrderSchema }) } }, async (request) =>
    refundToCard(checkout, request.params.id, ownerOf(request)),
  );
};
