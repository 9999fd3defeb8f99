import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { awbRequestSchema } from '../../../domain/awbRequest';
import { adminOrderSchema } from '../../../domain/contracts/admin';
import { awbDraftSchema, shipmentSchema } from '../../../domain/contracts/shipping';
import { bucharestDay } from '../../../domain/locale';
import { answers } from '../../errors';
import { sendPrivateFile } from '../../files';
import type { Invoicing } from '../invoices/service';
import { cancelAwb } from './cancelling';
import type { Shipping } from './couriers';
import { labelsOfDay, shipmentLabel } from './labels';
import { createReturnAwb, returnLabel } from './returnAwbs';
import { awbDraft, createAwb } from './service';

const orderParams = z.object({ id: z.string().uuid('Unknown order id.') });
const shipmentParams = z.object({ id: z.string().uuid('Unknown AWB.') });
const withdrawalParams = z.object({ id: z.string().uuid('Unknown withdrawal.') });

/**
 * The owner's shipping (in the back office's scope, /api/admin, owners only): what Create AWB offers for an order,
 * creating it (which ships the order), and an AWB's label; a withdrawal's return AWB (issue 45) and its label.
 */
export const adminShippingRoutes: FastifyPluginAsyncZod<{
  db: Db;
  shipping: Shipping;
  invoicing: Invoicing;
  ownerOf: (request: FastifyRequest) => { id: string };
}> = async (app, { db, shipping, invoicing, ownerOf }) => {
  app.get('/orders/:id/awb', { schema: { params: orderParams, response: answers({ 200: awbDraftSchema }) } }, async (request) => awbDraft(db, request.params.id, shipping));

  app.post('/orders/:id/awb', { schema: { params: orderParams, body: awbRequestSchema, response: answers({ 201: shipmentSchema }) } }, async (request, reply) =>
    reply.status(201).send(await createAwb(db, request.params.id, request.body, shipping, ownerOf(request), invoicing)),
  );

  app.get(
    '/shipments/labels',
    {
      schema: {
        querystring: z.object({
          day: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'The day must be written YYYY-MM-DD.')
            .optional(),
          format: z.enum(['A4', 'A6'], 'The format is A4 or A6.').default('A6'),
        }),
      },
    },
    async (request, reply) => {
      const labels = await labelsOfDay(db, request.query.day ?? bucharestDay(new Date()), shipping, request.query.format);
      return sendPrivateFile(reply, labels, 'application/pdf', 'inline');
    },
  );

  app.post('/shipments/:id/cancel', { schema: { params: shipmentParams, response: answers({ 204: z.null() }) } }, async (request, reply) => {
    await cancelAwb(db, request.params.id, shipping, ownerOf(request));
    return reply.status(204).send(null);
  });

  app.get('/shipments/:id/label', { schema: { params: shipmentParams, querystring: z.object({ format: z.enum(['A4', 'A6'], 'The format is A4 or A6.').default('A6') }) } }, async (request, reply) => {
    const label = await shipmentLabel(db, request.params.id, shipping, request.query.format);
    return sendPrivateFile(reply, label, 'application/pdf', 'inline');
  });

  /** Create return AWB: the withdrawal's goods from the customer (or an easybox, `lockerId`) to the shop; answers the order. */
  app.post(
    '/withdrawals/:id/return-awb',
    {
      schema: {
        params: withdrawalParams,
        body: z.object({ lockerId: z.string().trim().min(1).max(40, 'Unknown easybox.').optional() }),
        response: answers({ 200: adminOrderSchema }),
      },
    },
    async (request) => createReturnAwb(db, request.params.id, request.body, shipping, ownerOf(request)),
  );

  app.get('/return-awbs/:id/label', { schema: { params: shipmentParams } }, async (request, reply) =>
    sendPrivateFile(reply, await returnLabel(db, request.params.id, shipping), 'application/pdf', 'inline'),
  );
};
