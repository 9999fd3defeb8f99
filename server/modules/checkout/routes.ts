import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderRequestSchema } from '../../../domain/checkout';
import { placedOrderSchema } from '../../../domain/contracts/orders';
import { checkoutSessionStatusSchema, productCheckoutSchema, webhookAnswerSchema } from '../../../domain/contracts/payments';
import { AppError, answers } from '../../errors';
import { requestLocale } from '../../i18n';
import type { Auth } from '../accounts/auth';
import { signedInUser } from '../accounts/service';
import { assertOrderKey, isOrderPrepayKey, orderAccessToken } from '../orders/accessToken';
import { type Checkout, paymentOutcome, placeCardOrder, placeCashOrder, startPrepay } from './service';
import { handleStripeWebhook } from './stripeEvents';

export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: Checkout; auth: Auth; cardPaymentsEnabled: boolean; secret: string }> = async (app, { checkout, auth, cardPaymentsEnabled, secret }) => {
  /** Placing an order: cash on delivery, or by card (saved awaiting payment, then paid on Stripe's page). */
  app.post('/orders', { schema: { body: orderRequestSchema, response: answers({ 200: placedOrderSchema, 201: placedOrderSchema }) } }, async (request, reply) => {
    const user = await signedInUser(auth, request.headers);
    if (request.body.paymentMethod === 'card') {
      if (!cardPaymentsEnabled) {
        throw new AppError('bad_request', { id: 'error.checkout.cardUnavailable' }, 'payment_method_unavailable');
      }
      const { replayed, ...order } = await placeCardOrder(checkout, { ip: request.ip }, request.body, user?.id ?? null, requestLocale(request));
      // An order no longer awaiting payment is answered as it is, with its page's link instead of a payment page.
      return reply.status(replayed ? 200 : 201).send('status' in order ? { ...order, accessToken: orderAccessToken(secret, order.id) } : order);
    }
    const order = await placeCashOrder(checkout, { ip: request.ip }, request.body, user?.id ?? null, requestLocale(request));
    return reply.status(order.replayed ? 200 : 201).send({ id: order.id, number: order.number, accessToken: orderAccessToken(secret, order.id) });
  });

  /** A cash order's "Pay now by card instead" (issue 47), from its mail's signed link: Stripe's page for the same order. */
  app.post(
    '/orders/:id/prepay',
    {
      schema: {
        params: z.object({ id: z.uuid('Unknown order id.') }),
        body: z.object({ key: z.string().max(100) }),
        response: answers({ 200: productCheckoutSchema }),
      },
    },
    async (request) => {
      assertOrderKey(isOrderPrepayKey, secret, request.params.id, request.body.key);
      return { url: await startPrepay(checkout, request.params.id) };
    },
  );

  app.get(
    '/payments/sessions/:id',
    {
      schema: {
        params: z.object({ id: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Unknown payment session.') }),
        response: answers({ 200: checkoutSessionStatusSchema }),
      },
    },
    async (request) => {
      const user = await signedInUser(auth, request.headers);
      const { paidOrderId, ...outcome } = await paymentOutcome(checkout, request.params.id, user?.id ?? null);
      return { ...outcome, orderUrl: paidOrderId && `/orders/${paidOrderId}?token=${orderAccessToken(secret, paidOrderId)}` };
    },
  );

  // Stripe signs the exact bytes it sends, so this route keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Events carry whole Checkout Sessions: allow more than the API's 64 KB.
    webhook.post('/stripe/webhook', { bodyLimit: 1024 * 1024, schema: { response: answers({ 200: webhookAnswerSchema }) } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const result = await handleStripeWebhook(checkout, request.body as Buffer, typeof signature === 'string' ? signature : undefined, request.log);
      request.log.info({ result }, 'stripe webhook');
      return { received: true as const, result };
    });
  });
};
