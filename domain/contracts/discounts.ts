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
  createdAt: z.string(),
});
export type DiscountCodeView = z.infer<typeof discountCodeSchema>;

export const discountCodeListSchema = z.object({ codes: z.array(discountCodeSchema) });
