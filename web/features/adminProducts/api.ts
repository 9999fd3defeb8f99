import { adminProductDetailSchema, adminProductListSchema } from '../../../domain/contracts/adminProducts';
import type { ProductChange, ProductCreate } from '../../../domain/productEdit';
import { apiRequest } from '../../lib/api';

const productPath = (id: string) => `/admin/products/${encodeURIComponent(id)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const fetchAllProducts = () => apiRequest('/admin/products', adminProductListSchema);
export const fetchProduct = (id: string) => apiRequest(productPath(id), adminProductDetailSchema);
export const createProduct = (product: ProductCreate) => apiRequest('/admin/products', adminProductDetailSchema, json('POST', product));
export const saveProduct = (id: string, product: ProductChange) => apiRequest(productPath(id), adminProductDetailSchema, json('PATCH', product));

/** The file itself is the body; the server reads its content to tell what it is. */
export const uploadImage = (id: string, file: File) =>
  apiRequest(`${productPath(id)}/images`, adminProductDetailSchema, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });

export const deleteImage = (id: string, image: string) =>
  apiRequest(`${productPath(id)}/images/${encodeURIComponent(image.slice(image.lastIndexOf('/') + 1))}`, adminProductDetailSchema, { method: 'DELETE' });

export const reorderImages = (id: string, images: string[]) => apiRequest(`${productPath(id)}/images`, adminProductDetailSchema, json('PUT', { images }));
