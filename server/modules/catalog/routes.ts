import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { listProducts } from './service';

const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  oldPrice: z.number().int(),
  image: z.string(),
  images: z.array(z.string()),
  stripePriceId: z.string().nullable(),
  keyFeatures: z.array(z.string()),
  colourOptions: z.array(z.object({ name: z.string(), available: z.boolean() })),
});

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/products', { schema: { response: { 200: z.object({ products: z.array(productSchema) }) } } }, async () => ({
    products: await listProducts(db),
  }));
};
