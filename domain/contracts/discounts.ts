import * as z from 'zod/mini';
import { DISCOUNT_KINDS } from '../discounts';

/** A discount code as the back office lists it (GET /api/admin/discount-codes): what it takes off, its rules, its uses. */
export const discountCodeSchema = z.object({
  id: z.int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** Whole percent, or bani. */
  value: z.int(),
  minSubtotal: z.nullable(z.int()),
  validFrom: z.nullable(z.string()),
  validTo: z.nullable(z.string()),
  usageLimit: z.nullable(z.int()),
  uses: z.int(),
  oncePerContact: z.boolean(),
  active: z.boolean(),
  /** The channel its orders count in (issue 49), or null. */
  channel: z.nullable(z.string()),
  createdAt: z.string(),
  /** What the orders that used it (not cancelled) came to, in bani. */
  revenue: z.int(),
});
export type DiscountCodeView = z.infer<typeof discountCodeSchema>;

export const discountCodeListSchema = z.object({ codes: z.array(discountCodeSchema) });

const bani = z.int().check(z.nonnegative());

/** POST /api/discounts/check: the code applies; what it is (so the cart can follow quantities) and the cart's totals with it. */
export const discountCheckAnswerSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.int(),
  minSubtotal: z.nullable(bani),
  subtotal: bani,
  discount: bani,
  shipping: bani,
  total: bani,
});
export type DiscountCheckAnswer = z.infer<typeof discountCheckAnswerSchema>;
