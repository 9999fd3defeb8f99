import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListSchema } from '../../../domain/contracts/catalog';
import type { Db } from '../../../db/client';
import { answers } from '../../errors';
import { listProducts } from './service';

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/products', { schema: { response: answers({ 200: productListSchema }) } }, async () => ({
    products: await listProducts(db),
  }));
};
