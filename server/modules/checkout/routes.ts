import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderRequestSchema } from '../../../domain/checkout';
import { AppError } from '../../errors';
import type { Auth } from '../accounts/auth';
import { signedInUser } from '../accounts/service';
import { handleStripeWebhook, placeCardOrder, placeCashOrder, type Checkout } from './service';

export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: Checkout; auth: Auth; cardPaymentsEnabled: boolean }> = async (
  app,
  { checkout, auth, cardPaymentsEnabled },
) => {
  /** Placing an order: cash on delivery, or by card (saved awaiting payment, then paid on Stripe's page). */
  app.post('/orders', { schema: { body: orderRequestSchema } }, async (request, reply) => {
    const user = await signedInUser(auth, request.headers);
    if (request.body.paymentMethod === 'card') {
      if (!cardPaymentsEnabled) {
        throw new AppError('bad_request', 'Card payment is temporarily not available. Please choose cash on delivery.', 'payment_method_unavailable');
      }
      return reply.status(201).send(await placeCardOrder(checkout, request.body, user?.id ?? null));
    }
    const order = await placeCashOrder(checkout, request.body, user?.id ?? null);
    return reply.status(order.replayed ? 200 : 201).send({ id: order.id });
  });

  // Stripe signs the exact bytes it sends, so this route keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Events carry whole Checkout Sessions: allow more than the API's 64 KB.
    webhook.post('/stripe/webhook', { bodyLimit: 1024 * 1024 }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const result = await handleStripeWebhook(checkout, request.body as Buffer, typeof signature === 'string' ? signature : undefined);
      request.log.info({ result }, 'stripe webhook');
      return { received: true, result };
    });
  });
};
