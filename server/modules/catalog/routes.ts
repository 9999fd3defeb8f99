import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productListSchema } from '../../../domain/contracts/catalog';
import { sendPrecompressed } from '../../compression';
import { answers } from '../../errors';
import type { Catalogue } from './catalogue';

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

export const catalogRoutes: FastifyPluginAsyncZod<{ catalogue: Catalogue }> = async (app, { catalogue }) => {
  // Served from memory (catalogue.ts); the body is productListSchema's JSON, serialised once per change.
  app.get('/products', { schema: { response: answers({ 200: productListSchema, 304: z.undefined() }) } }, async (request, reply) => {
    const { etag, body } = catalogue.current();
    // Asked again on every page load, answered 304 while unchanged: a price, stock or visibility the owner changes shows at once.
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).header('Vary', 'Accept-Encoding').send(undefined);
    return sendPrecompressed(request, reply, body, 'application/json; charset=utf-8');
  });
};
