import { adminReviewListSchema, adminReviewSchema } from '../../../domain/contracts/reviews';
import type { HideReason } from '../../../domain/reviews';
import { apiRequest } from '../../lib/api';

export const fetchReviews = () => apiRequest('/admin/reviews', adminReviewListSchema);
export const hideReview = (id: number, reason: HideReason) => apiRequest(`/admin/reviews/${id}/hide`, adminReviewSchema, { method: 'POST', body: JSON.stringify({ reason }) });
export const showReview = (id: number) => apiRequest(`/admin/reviews/${id}/show`, adminReviewSchema, { method: 'POST' });
