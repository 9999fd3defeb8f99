import { testimonialListSchema, testimonialSchema } from '../../../domain/contracts/testimonials';
import type { TestimonialChange, TestimonialRequest } from '../../../domain/testimonials';
import { apiRequest } from '../../lib/api';

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const fetchTestimonials = () => apiRequest('/admin/testimonials', testimonialListSchema);
export const createTestimonial = (testimonial: TestimonialRequest) => apiRequest('/admin/testimonials', testimonialSchema, json('POST', testimonial));
export const changeTestimonial = (id: number, change: TestimonialChange) => apiRequest(`/admin/testimonials/${id}`, testimonialSchema, json('PATCH', change));
export const deleteTestimonial = (id: number) => apiRequest(`/admin/testimonials/${id}`, null, { method: 'DELETE' });
export const reorderTestimonials = (ids: number[]) => apiRequest('/admin/testimonials/order', testimonialListSchema, json('PUT', { ids }));
