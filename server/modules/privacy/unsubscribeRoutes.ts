import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { unsubscribeSchema } from '../../../domain/contracts/privacy';
import { AppError, answers } from '../../errors';
import { isOptedOut, isUnsubscribeKey, optOut } from '../mail/optOut';

const linkQuery = z.object({ email: z.string().max(320), key: z.string().max(100).optional() });

/**
 * The unsubscribe link every mail not about the customer's own order carries (mail/optOut.ts): GET /api/unsubscribe
 * tells its page the address and whether it already asked; POST records it, from the page's button (JSON) or from a
 * mail program's one-click unsubscribe (RFC 8058: a form body `List-Unsubscribe=One-Click` to the List-Unsubscribe
 * header's address). Opening the link changes nothing: mail scanners open links. An altered link finds nothing (404).
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ db: Db; secret: string }> = async (app, { db, secret }) => {
  // RFC 8058's POST is a form; this plugin alone reads one (as text: its only field is the fixed one-click value).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  const linked = (email: string, key: string | undefined) => {
    if (!isUnsubscribeKey(secret, email, key)) throw new AppError('not_found', { id: 'error.unsubscribe.badLink' });
    return email.trim().toLowerCase();
  };
  const schema = { querystring: linkQuery, response: answers({ 200: unsubscribeSchema }) };

  app.get('/unsubscribe', { schema }, async (request) => {
    const email = linked(request.query.email, request.query.key);
    return { email, optedOut: await isOptedOut(db, email) };
  });

  app.post('/unsubscribe', { schema }, async (request) => {
    const email = linked(request.query.email, request.query.key);
    await optOut(db, email);
    return { email, optedOut: true };
  });
};
