import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { adminOrderSchema } from '../../../domain/contracts/admin';
import { returnListSchema } from '../../../domain/contracts/returns';
import { withdrawnLineSchema } from '../../../domain/withdrawal';
import { answers } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import type { Invoicing } from '../invoices/service';
import { recordTransfer } from './refunds';
import { listReturns } from './returnList';
import { customerSendsBack, receiveReturn } from './returns';

const withdrawalParams = z.object({ id: z.uuid('There is no such withdrawal.') });
const refundParams = z.object({ id: z.uuid('There is no such refund.') });

/** The owner's side of withdrawals (issue 45): the Returns list, the goods received back, the refunds paid. */
export const ownerReturnRoutes: FastifyPluginAsyncZod<{ db: Db; ownerOf(request: FastifyRequest): SignedInUser; invoicing: Invoicing }> = async (app, { db, ownerOf, invoicing }) => {
  app.get('/returns', { schema: { response: answers({ 200: returnListSchema }) } }, async () => listReturns(db));

  /** Received: the units of each line that arrived; answers the order as it is now. */
  app.post(
    '/withdrawals/:id/received',
    {
      schema: {
        params: withdrawalParams,
        body: z.object({ lines: z.array(withdrawnLineSchema, { error: 'Name the products received.' }).min(1, 'Name the products received.').max(50, 'Name the products received.') }),
        response: answers({ 200: adminOrderSchema }),
      },
    },
    async (request) => receiveReturn(db, request.params.id, request.body.lines, ownerOf(request), invoicing),
  );

  /** The customer sends the goods back themselves (no return AWB of the shop's): the withdrawal is on its way back. */
  app.post('/withdrawals/:id/customer-sends', { schema: { params: withdrawalParams, response: answers({ 200: adminOrderSchema }) } }, async (request) =>
    customerSendsBack(db, request.params.id, ownerOf(request)),
  );

  /** A refund paid by bank transfer, on the day the owner says; answers the order as it is now. */
  app.post(
    '/refunds/:id/transfer',
    { schema: { params: refundParams, body: z.object({ paidOn: z.iso.date('admin.error.refundDay') }), response: answers({ 200: adminOrderSchema }) } },
    async (request) => recordTransfer(db, request.params.id, request.body.paidOn, ownerOf(request)),
  );
};
