import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { adminProductDetailSchema, adminProductListSchema } from '../../../domain/contracts/adminProducts';
import { IMAGE_MAX_BYTES, imageOrderSchema, productChangeSchema, productCreateSchema } from '../../../domain/productEdit';
import { AppError, answers } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { addProductImage, createProduct, findProductForOwner, listAllProducts, removeProductImage, reorderProductImages, updateProduct } from './adminService';

export interface AdminProductRoutesOptions {
  db: Db;
  /** The owner asking: the scope it is registered in lets nobody else in (ownersOnly). */
  ownerOf(request: FastifyRequest): SignedInUser;
}

const productParams = z.object({ id: z.string().min(1, 'No such product.').max(64, 'No such product.') });
const detail = { response: answers({ 200: adminProductDetailSchema }) };

/** The back office's products, under /api/admin, in the owners' scope (app.ts): 401 visitors, 403 customers and other origins. */
export const adminProductRoutes: FastifyPluginAsyncZod<AdminProductRoutesOptions> = async (app, { db, ownerOf }) => {
  app.get('/products', { schema: { response: answers({ 200: adminProductListSchema }) } }, async () => ({ products: await listAllProducts(db) }));

  app.get('/products/:id', { schema: { params: productParams, ...detail } }, async (request) => findProductForOwner(db, request.params.id));

  app.post('/products', { schema: { body: productCreateSchema, response: answers({ 201: adminProductDetailSchema }) } }, async (request, reply) =>
    reply.status(201).send(await createProduct(db, request.body, ownerOf(request).id)),
  );

  app.patch('/products/:id', { schema: { params: productParams, body: productChangeSchema, ...detail } }, async (request) => updateProduct(db, request.params.id, request.body, ownerOf(request).id));

  app.put('/products/:id/images', { schema: { params: productParams, body: imageOrderSchema, ...detail } }, async (request) => reorderProductImages(db, request.params.id, request.body.images));

  app.delete('/products/:id/images/:name', { schema: { params: productParams.extend({ name: z.string().min(1).max(300) }), ...detail } }, async (request) =>
    removeProductImage(db, request.params.id, request.params.name),
  );

  // The image itself is the body (any declared type: the content decides), up to 5 MB on this route only.
  await app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    upload.setErrorHandler((error: FastifyError) => {
      // Too large is answered like any other refused file; everything else goes to the app's handler.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('bad_request', { id: 'admin.error.imageRefused' }, 'image_too_large');
      throw error;
    });
    upload.withTypeProvider<ZodTypeProvider>().post('/products/:id/images', { bodyLimit: IMAGE_MAX_BYTES, schema: { params: productParams, ...detail } }, async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return addProductImage(db, request.params.id, bytes);
    });
  });
};
