import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { publicTestimonialListSchema, testimonialListSchema, testimonialSchema } from '../../../domain/contracts/testimonials';
import { testimonialChangeSchema, testimonialOrderSchema, testimonialRequestSchema } from '../../../domain/testimonials';
import { answers } from '../../errors';
import { reviewsForLanding } from '../reviews/service';
import { changeTestimonial, createTestimonial, deleteTestimonial, listTestimonials, publishedTestimonials, reorderTestimonials } from './service';

/** GET /api/testimonials: the published ones, or the reviews, for the landing (it asks once its page has taken over). */
export const testimonialRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/testimonials', { schema: { response: answers({ 200: publicTestimonialListSchema }) } }, async (_request, reply) => {
    // A change the owner publishes shows on the next visit.
    reply.header('Cache-Control', 'no-cache');
    // Reviews from verified buyers take the strip's place once there are enough of them (issue 49).
    const reviews = await reviewsForLanding(db);
    return { testimonials: reviews ?? (await publishedTestimonials(db)) };
  });
};

const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'No such testimonial.')
    .transform(Number),
});

/** The back office's Testimonials, under /api/admin, in the owners' scope (app.ts). */
export const adminTestimonialRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const list = { response: answers({ 200: testimonialListSchema }) };
  app.get('/testimonials', { schema: list }, async () => ({ testimonials: await listTestimonials(db) }));
  app.post('/testimonials', { schema: { body: testimonialRequestSchema, response: answers({ 201: testimonialSchema }) } }, async (request, reply) =>
    reply.status(201).send(await createTestimonial(db, request.body)),
  );
  app.put('/testimonials/order', { schema: { body: testimonialOrderSchema, ...list } }, async (request) => ({ testimonials: await reorderTestimonials(db, request.body.ids) }));
  app.patch('/testimonials/:id', { schema: { params: idParams, body: testimonialChangeSchema, response: answers({ 200: testimonialSchema }) } }, async (request) =>
    changeTestimonial(db, request.params.id, request.body),
  );
  app.delete('/testimonials/:id', { schema: { params: idParams, response: answers({ 204: z.null() }) } }, async (request, reply) => {
    await deleteTestimonial(db, request.params.id);
    return reply.status(204).send(null);
  });
};
