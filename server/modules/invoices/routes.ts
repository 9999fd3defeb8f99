import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { AppError } from '../../errors';
import { sendPrivateFile } from '../../files';
import { customerInvoicePdf } from './read';

/**
 * The customer's invoice PDF, for whoever has its link (their order page and mails give it): a wrong key, a wrong id
 * and no such invoice are the same 404.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/invoices/:id/pdf', { schema: { params: z.object({ id: z.string().max(100) }), querystring: z.object({ key: z.string().max(100).default('') }) } }, async (request, reply) => {
    const file = await customerInvoicePdf(db, request.params.id, request.query.key);
    if (!file) throw new AppError('not_found', { id: 'error.invoice.notFound' });
    return sendPrivateFile(reply, file, 'application/pdf', 'inline');
  });
};
