import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { customerConfirmationSchema, orderListSchema, orderViewSchema, withdrawalOrderSchema, withdrawalReceiptSchema } from '../../../domain/contracts/orders';
import { emailSchema } from '../../../domain/email';
import { withdrawalLookupSchema, withdrawalRequestSchema } from '../../../domain/withdrawal';
import { AppError, answers } from '../../errors';
import type { Auth } from '../accounts/auth';
import { signedInUser } from '../accounts/service';
import { assertOrderKey, isOrderAccessToken, isOrderConfirmKey, isOrderPrepayKey } from './accessToken';
import { confirmByCustomer, customerConfirmation, payLinkCharge } from './customerConfirmation';
import { findOrder, listOrdersOfUser } from './read';
import { orderToWithdraw, requestWithdrawal } from './withdrawal';

/** Reading orders back. Placing one (POST /orders) is checkout's: it may involve a payment. */
export const orderRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth; secret: string; prepayFreeShipping?: boolean }> = async (app, { db, auth, secret, prepayFreeShipping = false }) => {
  /** "My orders": the signed-in customer's orders, newest first. */
  app.get('/orders', { schema: { response: answers({ 200: orderListSchema }) } }, async (request) => {
    const user = await signedInUser(auth, request.headers);
    if (!user) throw new AppError('unauthorized', { id: 'error.order.signInToSeeOrders' });
    return { orders: await listOrdersOfUser(db, user.id) };
  });

  app.get(
    '/orders/:id',
    {
      schema: {
        params: z.object({ id: z.uuid('Unknown order id.') }),
        querystring: z.object({ email: emailSchema.optional(), token: z.string().max(100).optional() }),
        response: answers({ 200: orderViewSchema }),
      },
    },
    async (request) => {
      const user = await signedInUser(auth, request.headers);
      const hasLink = isOrderAccessToken(secret, request.params.id, request.query.token);
      return findOrder(db, request.params.id, { userId: user?.id ?? null, email: request.query.email ?? null, hasLink });
    },
  );

  const confirmationOf = { params: z.object({ id: z.uuid('Unknown order id.') }) };
  /**
   * The pages of a cash order's "Confirm my order" and "Pay now by card instead" links (issue 47): the order as it
   * stands; reading it changes nothing. Paying's button is checkout's (checkout/routes.ts).
   */
  for (const [path, isKey, purpose] of [
    ['/orders/:id/confirmation', isOrderConfirmKey, 'confirm'],
    ['/orders/:id/prepay', isOrderPrepayKey, 'pay'],
  ] as const) {
    app.get(path, { schema: { ...confirmationOf, querystring: z.object({ key: z.string().max(100).optional() }), response: answers({ 200: customerConfirmationSchema }) } }, async (request) => {
      assertOrderKey(isKey, secret, request.params.id, request.query.key);
      const { status, shipping, ...state } = await customerConfirmation(db, request.params.id, purpose);
      // A cash order paid by card instead ships free where the owner set it so (checkout/service.ts startPrepay charges that).
      if (purpose === 'confirm') return state;
      return { ...state, toPay: payLinkCharge({ ...state, status, shipping }, prepayFreeShipping).toPay, cardOrder: status === 'awaiting_payment' };
    });
  }
  /** Confirming's button: the customer confirms, once. */
  app.post('/orders/:id/confirmation', { schema: { ...confirmationOf, body: z.object({ key: z.string().max(100) }), response: answers({ 200: customerConfirmationSchema }) } }, async (request) => {
    assertOrderKey(isOrderConfirmKey, secret, request.params.id, request.body.key);
    return confirmByCustomer(db, request.params.id);
  });

  /** The withdrawal function's first step: the order by its number and email, its lines and what is left to withdraw from. Records nothing. */
  app.post('/orders/withdrawal/order', { schema: { body: withdrawalLookupSchema, response: answers({ 200: withdrawalOrderSchema }) } }, async (request) =>
    orderToWithdraw(db, { ...request.body, ip: request.ip }),
  );

  /** The withdrawal function's Confirm withdrawal (OUG 34/2014 art. 11¹): recorded, acknowledged by email. */
  app.post('/orders/withdrawal', { schema: { body: withdrawalRequestSchema, response: answers({ 201: withdrawalReceiptSchema }) } }, async (request, reply) =>
    reply.status(201).send(await requestWithdrawal(db, { ...request.body, ip: request.ip })),
  );
};
