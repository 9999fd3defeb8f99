import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListSchema } from '../../../domain/contracts/catalog';
import type { Db } from '../../../db/client';
import { answers } from '../../errors';
import { listProducts } from './service';

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/products', { schema: { response: answers({ 200: productListSchema }) } }, async (_request, reply) => {
    // Asked again on every page load: a price, stock or visibility the owner changes shows at once.
    reply.header('Cache-Control', 'no-cache');
    return { products: await listProducts(db) };
  });
};
