import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import { healthSchema } from '../../../domain/contracts/api';
import { AppError, answers, DATABASE_RETRY_AFTER_SECONDS } from '../../errors';

/**
 * Used by load balancers and by the checkout's payment step to tell the visitor the shop is reachable:
 * 503 (with Retry-After) while the database does not answer, 200 again as soon as it does.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/health', { schema: { response: answers({ 200: healthSchema }) } }, async () => {
    try {
      await db.execute(sql`select 1`);
    } catch (err) {
      throw new AppError('unavailable', { id: 'message.databaseDown' }, 'database_unavailable', DATABASE_RETRY_AFTER_SECONDS, err);
    }
    return { ok: true as const };
  });
};
