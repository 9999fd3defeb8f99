import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { lockersNearSchema } from '../../../domain/contracts/shipping';
import { COUNTY_CODES } from '../../../domain/counties';
import { answers } from '../../errors';
import { sendPrivateFile } from '../../files';
import type { Shipping } from './couriers';
import { lockersNear } from './lockers';
import { returnLabel } from './returnAwbs';

/**
 * The storefront's shipping API: GET /api/lockers?county=CJ&city=Cluj-Napoca, the lockers the checkout offers
 * (Sameday easybox, when Sameday is set up), from the shop's own copy of the courier's list; a return AWB's label for
 * whoever has its link (the customer's mail and order page give it: a wrong key or id is the same 404).
 */
export const shippingRoutes: FastifyPluginAsyncZod<{ db: Db; shipping: Shipping }> = async (app, { db, shipping }) => {
  app.get(
    '/lockers',
    {
      schema: {
        querystring: z.object({
          county: z.enum(COUNTY_CODES, { error: 'county must be a county’s code (CJ, B…).' }).optional(),
          city: z.string().trim().min(1).max(100, 'city must be at most 100 characters.').optional(),
        }),
        response: answers({ 200: lockersNearSchema }),
      },
    },
    async (request, reply) => {
      // The list changes once a day: a visitor's browser and a CDN may keep it a few minutes.
      reply.header('Cache-Control', 'public, max-age=300');
      return lockersNear(db, shipping, request.query.county, request.query.city);
    },
  );

  app.get('/return-labels/:id/pdf', { schema: { params: z.object({ id: z.string().max(100) }), querystring: z.object({ key: z.string().max(100).default('') }) } }, async (request, reply) =>
    sendPrivateFile(reply, await returnLabel(db, request.params.id, shipping, request.query.key), 'application/pdf', 'inline'),
  );
};
