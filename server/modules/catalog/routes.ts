import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productListSchema } from '../../../domain/contracts/catalog';
import { sendRevalidated } from '../../compression';
import { answers } from '../../errors';
import { LANGUAGE_VARY, requestLocale } from '../../i18n';
import type { Catalogue } from './catalogue';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalogue: Catalogue }> = async (app, { catalogue }) => {
  // Served from memory (catalogue.ts); the body is productListSchema's JSON, serialised once per change.
  app.get('/products', { schema: { response: answers({ 200: productListSchema, 304: z.undefined() }) } }, async (request, reply) => {
    const { etag, body } = catalogue.current()[requestLocale(request)];
    // Asked again on every page load, answered 304 while unchanged: a price, stock or visibility the owner changes shows at once.
    // In the visitor's language: the products' texts are translated (domain/productTexts).
    return sendRevalidated(request, reply.header('Vary', LANGUAGE_VARY), body, etag, 'application/json; charset=utf-8');
  });
};
