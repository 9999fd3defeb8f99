import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import { healthSchema } from '../../../domain/contracts/api';
import { AppError, answers } from '../../errors';

/** Used by load balancers and by the checkout's payment step to tell the visitor the shop is reachable. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/health', { schema: { response: answers({ 200: healthSchema }) } }, async (request) => {
    try {
      await db.execute(sql`select 1`);
    } catch (err) {
      request.log.error({ err }, 'database health check failed');
      throw new AppError('unavailable', 'The shop cannot reach its database right now.');
    }
    return { ok: true as const };
  });
};
