import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { anafSignInSchema, anafStatusSchema, INVOICE_STATE_FILTERS, invoiceListSchema, reissuedSchema } from '../../../domain/contracts/invoices';
import { invoiceCorrectionSchema } from '../../../domain/invoiceCorrection';
import { AppError, answers } from '../../errors';
import { sendPrivateFile } from '../../files';
import { isSignInState, saveSignIn, signInState } from './anafTokens';
import { anafStatus, anafZipFile, invoiceFile, listInvoices, monthArchive } from './read';
import type { AnafReporting } from './reportingSettings';
import { type Invoicing, reissue, sendAgain } from './service';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const invoiceParams = z.object({ id: z.string().uuid('Unknown invoice.') });

/** Where the back office shows how the sign-in at ANAF went. */
const AFTER_SIGN_IN = '/admin/invoices?anaf=';

export interface AdminInvoiceOptions {
  db: Db;
  /** Reporting to ANAF, or null when no ANAF application is set up. */
  anaf: AnafReporting | null;
  /** The shop's invoicing: a re-issued invoice is numbered from its series, with its seller. */
  invoicing: Invoicing;
  /** AUTH_SECRET: signs the sign-in's OAuth state. */
  secret: string;
  /** The owner making the request (the back office's scope has checked it). */
  ownerOf: (request: FastifyRequest) => { id: string; email: string };
}

/**
 * The owner's invoices (registered in the back office's scope, /api/admin, which lets only owners in): the month's
 * list with where each stands for e-Factura and ANAF, each one's PDF, e-Factura XML and ANAF's ZIP, sending a refused
 * one again; and the shop's sign-in to ANAF (OAuth2 with the owner's certificate).
 */
export const adminInvoiceRoutes: FastifyPluginAsyncZod<AdminInvoiceOptions> = async (app, { db, anaf, invoicing, secret, ownerOf }) => {
  app.get(
    '/invoices',
    {
      schema: {
        querystring: z.object({ month: z.string().regex(MONTH, 'The month must be written YYYY-MM.').optional(), state: z.enum(INVOICE_STATE_FILTERS).optional() }),
        response: answers({ 200: invoiceListSchema }),
      },
    },
    async (request) => ({ invoices: await listInvoices(db, request.query) }),
  );

  app.get('/invoices.zip', { schema: { querystring: z.object({ month: z.string().regex(MONTH, 'The month must be written YYYY-MM.') }) } }, async (request, reply) => {
    const archive = await monthArchive(db, request.query.month);
    if (!archive) throw new AppError('not_found', { id: 'admin.error.noInvoicesThisMonth' });
    return sendPrivateFile(reply, archive, 'application/zip', 'attachment');
  });

  app.get('/invoices/:id/pdf', { schema: { params: invoiceParams } }, async (request, reply) => {
    const file = await invoiceFile(db, request.params.id, 'pdf');
    if (!file) throw new AppError('not_found', { id: 'admin.error.noSuchInvoice' });
    return sendPrivateFile(reply, file, 'application/pdf', 'inline');
  });

  app.get('/invoices/:id/xml', { schema: { params: invoiceParams } }, async (request, reply) => {
    const file = await invoiceFile(db, request.params.id, 'xml');
    if (!file) throw new AppError('not_found', { id: 'admin.error.noSuchInvoice' });
    return sendPrivateFile(reply, file, 'application/xml; charset=utf-8', 'attachment');
  });

  app.get('/invoices/:id/anaf.zip', { schema: { params: invoiceParams } }, async (request, reply) => {
    const file = await anafZipFile(db, request.params.id);
    if (!file) throw new AppError('not_found', { id: 'admin.error.noAnafZip' });
    return sendPrivateFile(reply, file, 'application/zip', 'attachment');
  });

  app.post('/invoices/:id/reissue', { schema: { params: invoiceParams, body: invoiceCorrectionSchema, response: answers({ 201: reissuedSchema }) } }, async (request, reply) => {
    const invoice = await reissue(db, request.params.id, request.body, invoicing);
    return reply.status(201).send({ id: invoice.id, documentId: invoice.documentId });
  });

  app.post('/invoices/:id/send-again', { schema: { params: invoiceParams, response: answers({ 204: z.null() }) } }, async (request, reply) => {
    await sendAgain(db, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/anaf', { schema: { response: answers({ 200: anafStatusSchema }) } }, async () => anafStatus(db, anaf));

  app.post('/anaf/sign-in', { schema: { response: answers({ 200: anafSignInSchema }) } }, async (request) => {
    if (!anaf) throw new AppError('conflict', { id: 'admin.error.anafNotSetUp' }, 'anaf_not_set_up');
    return { url: anaf.client.authorizeUrl(signInState(secret, ownerOf(request).id)) };
  });

  /** ANAF sends the owner's browser back here after the certificate sign-in, with a code for the tokens. */
  app.get(
    '/anaf/callback',
    { schema: { querystring: z.object({ code: z.string().max(4000).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const { code, state, error } = request.query;
      const owner = ownerOf(request);
      if (!anaf || error || !code || !state || !isSignInState(secret, owner.id, state)) return reply.redirect(`${AFTER_SIGN_IN}failed`, 303);
      try {
        await saveSignIn(db, anaf.cipher, await anaf.client.exchangeCode(code), owner.email);
      } catch (failure) {
        request.log.warn({ reason: (failure as Error).message }, 'signing in to ANAF failed');
        return reply.redirect(`${AFTER_SIGN_IN}failed`, 303);
      }
      return reply.redirect(`${AFTER_SIGN_IN}signed-in`, 303);
    },
  );
};
