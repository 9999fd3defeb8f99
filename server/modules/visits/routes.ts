import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { cleanTouch } from '../../../domain/attribution';
import { touchSchema } from '../../../domain/checkout';
import { visitStatsSchema } from '../../../domain/contracts/visits';
import { isBot, isPrefetch, stepOfPage } from '../../../domain/visits';
import { answers } from '../../errors';
import type { VisitCounter } from './counter';
import { visitStats } from './stats';

/**
 * POST /api/visits: the storefront says which page a visitor opened (navigator.sendBeacon, on each page the browser
 * shows): counted when it is a step of the funnel, unless it comes from a bot or a prefetch. No cookie is read or set.
 */
export const visitRoutes: FastifyPluginAsyncZod<{ counter: VisitCounter }> = async (app, { counter }) => {
  // A page of this shop: a path from its root (`//host/…` would be another host's, and some such are no URL at all).
  const body = z.object({
    path: z
      .string()
      .max(500)
      .regex(/^\/(?![/\\])/, 'path must be a page of this shop, like /shop.'),
    /** Where the visit came from: the tab's last touch (domain/attribution.ts), cleaned here; absent, direct. */
    touch: touchSchema.optional(),
  });
  app.post('/visits', { schema: { body, response: answers({ 204: z.null() }) } }, async (request, reply) => {
    const userAgent = request.headers['user-agent'];
    const page = stepOfPage(request.body.path);
    if (page && !isBot(userAgent) && !isPrefetch(request.headers)) await counter.count(page.step, page.page, { ip: request.ip, userAgent: userAgent ?? '' }, cleanTouch(request.body.touch));
    return reply.status(204).send(null);
  });
};

/** GET /api/admin/visits: the dashboard's visitors, funnel and top products (visits/stats.ts). */
export const adminVisitRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/visits', { schema: { response: answers({ 200: visitStatsSchema }) } }, async () => visitStats(db));
};
