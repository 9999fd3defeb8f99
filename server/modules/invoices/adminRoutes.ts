import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceListSchema } from '../../../domain/contracts/invoices';
import type { Db } from '../../../db/client';
import { AppError, answers } from '../../errors';
import { invoiceFile, listInvoices } from './service';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const invoiceParams = z.object({ id: z.string().uuid('Unknown invoice.') });

/**
 * The owner's invoices (registered in the back office's scope, /api/admin, which lets only owners in): the month's
 * list with where each stands for e-Factura, and each one's PDF and e-Factura XML.
 */
export const adminInvoiceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/invoices',
    { schema: { querystring: z.object({ month: z.string().regex(MONTH, 'The month must be written YYYY-MM.').optional() }), response: answers({ 200: invoiceListSchema }) } },
    async (request) => ({ invoices: await listInvoices(db, { month: request.query.month }) }),
  );

  app.get('/invoices/:id/pdf', { schema: { params: invoiceParams } }, async (request, reply) => {
    const file = await invoiceFile(db, request.params.id, 'pdf');
    if (!file) throw new AppError('not_found', { id: 'admin.error.noSuchInvoice' });
    return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${file.name}"`).header('Cache-Control', 'private, no-store').send(file.body);
  });

  app.get('/invoices/:id/xml', { schema: { params: invoiceParams } }, async (request, reply) => {
    const file = await invoiceFile(db, request.params.id, 'xml');
    if (!file) throw new AppError('not_found', { id: 'admin.error.noSuchInvoice' });
    return reply.header('Content-Type', 'application/xml; charset=utf-8').header('Content-Disposition', `attachment; filename="${file.name}"`).header('Cache-Control', 'private, no-store').send(file.body);
  });
};
