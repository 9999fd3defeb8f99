import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import { discountCheckSchema } from '../../../domain/checkout';
import { discountCheckAnswerSchema } from '../../../domain/contracts/discounts';
import { answers } from '../../errors';
import { checkDiscount, codeChecksPerIp } from './service';

/** POST /api/discounts/check: whether a discount code applies to a cart, and the cart's totals with it (issue 34). */
export const discountRoutes: FastifyPluginAsyncZod<{ db: Db; checksPerIp: number }> = async (app, { db, checksPerIp }) => {
  const limit = codeChecksPerIp(checksPerIp);
  app.post('/discounts/check', { schema: { body: discountCheckSchema, response: answers({ 200: discountCheckAnswerSchema }) } }, async (request) =>
    checkDiscount(db, request.body, { ip: request.ip, limit }),
  );
};
