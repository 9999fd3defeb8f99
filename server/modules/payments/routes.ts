import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentOptionsSchema, productCheckoutSchema } from '../../../domain/contracts/payments';
import { answers } from '../../errors';
import { requestLocale } from '../../i18n';
import type { Auth } from '../accounts/auth';
import { signedInUser } from '../accounts/service';
import { type Payments, startProductCheckout } from './service';

export const paymentRoutes: FastifyPluginAsyncZod<{ payments: Payments; auth: Auth; cardPaymentsEnabled: boolean }> = async (app, { payments, auth, cardPaymentsEnabled }) => {
  /**
   * What the storefront may offer: "buy now by card" for one product whenever Stripe is configured,
   * card in the cart checkout only with the flag on as well.
   */
  app.get('/payments/config', { schema: { response: answers({ 200: paymentOptionsSchema }) } }, async () => ({
    cardPayments: cardPaymentsEnabled && payments.gateway !== null,
    buyNowByCard: payments.gateway !== null,
    prepayFreeShipping: payments.gateway !== null && payments.prepayFreeShipping === true,
  }));

  app.post(
    '/payments/product-checkout',
    {
      schema: {
        body: z.object({
          priceId: z.string({ error: 'priceId is required.' }).trim().min(1, 'priceId is required.').max(200),
          /** The colour chosen on the product's page; its first available one when absent. */
          colour: z.string({ error: 'colour must be a colour’s name.' }).trim().min(1, 'colour must be a colour’s name.').max(40, 'colour must be a colour’s name.').optional(),
        }),
        response: answers({ 200: productCheckoutSchema }),
      },
    },
    async (request) => {
      const user = await signedInUser(auth, request.headers);
      return startProductCheckout(payments, request.body.priceId, request.body.colour, user, requestLocale(request));
    },
  );
};
