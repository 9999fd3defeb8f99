import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { discountCodeListSchema, discountCodeSchema } from '../../../domain/contracts/discounts';
import { discountCodeChangeSchema, discountCodeRequestSchema } from '../../../domain/discountEdit';
import { answers } from '../../errors';
import { changeDiscountCode, createDiscountCode, listDiscountCodes } from './service';

const codeParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Unknown code id.')
    .transform(Number),
});

/** The back office's Codes (issue 34): GET and POST /api/admin/discount-codes, PATCH /api/admin/discount-codes/:id. */
export const adminDiscountRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/discount-codes', { schema: { response: answers({ 200: discountCodeListSchema }) } }, async () => ({ codes: await listDiscountCodes(db) }));
  app.post('/discount-codes', { schema: { body: discountCodeRequestSchema, response: answers({ 201: discountCodeSchema }) } }, async (request, reply) =>
    reply.status(201).send(await createDiscountCode(db, request.body)),
  );
  app.patch('/discount-codes/:id', { schema: { params: codeParams, body: discountCodeChangeSchema, response: answers({ 200: discountCodeSchema }) } }, async (request) =>
    changeDiscountCode(db, request.params.id, request.body),
  );
};
