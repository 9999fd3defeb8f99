import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { adminReviewListSchema, adminReviewSchema, publicReviewSchema, reviewPageSchema } from '../../../domain/contracts/reviews';
import { hideReviewSchema, reviewSubmissionSchema } from '../../../domain/reviews';
import { answers } from '../../errors';
import { requestLocale } from '../../i18n';
import type { SignedInUser } from '../accounts/service';
import { assertOrderKey, isOrderReviewKey } from '../orders/accessToken';
import { listReviewsForOwner, setReviewHidden } from './moderation';
import { reviewPage, submitReview } from './service';

const orderParams = z.object({ id: z.uuid('Unknown order id.') });

/**
 * The review link's page and its reviews (issue 49): /orders/{id}/review?key=… in the mail asking for a review. A key
 * not the order's (altered, another order's) finds no order (404); opening the page changes nothing, each review is
 * its own POST.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db; secret: string }> = async (app, { db, secret }) => {
  app.get(
    '/orders/:id/review',
    { schema: { params: orderParams, querystring: z.object({ key: z.string().max(100).optional() }), response: answers({ 200: reviewPageSchema }) } },
    async (request, reply) => {
      assertOrderKey(isOrderReviewKey, secret, request.params.id, request.query.key);
      reply.header('Cache-Control', 'no-store');
      return reviewPage(db, request.params.id);
    },
  );
  app.post('/orders/:id/reviews', { schema: { params: orderParams, body: reviewSubmissionSchema, response: answers({ 201: publicReviewSchema }) } }, async (request, reply) => {
    const { key, ...review } = request.body;
    assertOrderKey(isOrderReviewKey, secret, request.params.id, key);
    return reply.status(201).send(await submitReview(db, request.params.id, requestLocale(request), review));
  });
};

const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'No such review.')
    .transform(Number),
});

/** The back office's Reviews, under /api/admin in the owners' scope: the list and log, hiding with a reason, showing again. */
export const adminReviewRoutes: FastifyPluginAsyncZod<{ db: Db; ownerOf: (request: FastifyRequest) => SignedInUser }> = async (app, { db, ownerOf }) => {
  app.get('/reviews', { schema: { response: answers({ 200: adminReviewListSchema }) } }, async () => listReviewsForOwner(db));
  app.post('/reviews/:id/hide', { schema: { params: idParams, body: hideReviewSchema, response: answers({ 200: adminReviewSchema }) } }, async (request) =>
    setReviewHidden(db, request.params.id, request.body.reason, ownerOf(request).id),
  );
  app.post('/reviews/:id/show', { schema: { params: idParams, response: answers({ 200: adminReviewSchema }) } }, async (request) => setReviewHidden(db, request.params.id, null, ownerOf(request).id));
};
