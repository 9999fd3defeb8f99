import { z } from 'zod';
import { about, isString, isWhole, key, type Label, objectError, typed, yesOrNo } from './adminFields';
import { cleanTag } from './attribution';
import { CODE_PATTERN, DISCOUNT_KINDS, normalizedCode } from './discounts';
import { amountValue } from './issueValues';
import { MAX_PRICE } from './productEdit';

/**
 * What the owner sets on a discount code (POST /api/admin/discount-codes, and PATCH for what may change once it is out),
 * checked by the Codes page's form and by the API with the same schemas. Sums are bani; the form converts lei.
 */

const MAX_USES = 1_000_000;

/** A real day, YYYY-MM-DD (Bucharest's). */
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
const day = (label: Label) => typed(isString, 'admin.field.notText', label).refine(isDay, about('admin.discount.problem.day', label)).nullable();

const bani = (label: Label) =>
  typed(isWhole, 'admin.field.wholeBani', label)
    .refine((value) => value >= 1, about('admin.field.atLeastAmount', label, { amount: amountValue(1) }))
    .refine((value) => value <= MAX_PRICE * 10, about('admin.field.atMostAmount', label, { amount: amountValue(MAX_PRICE * 10) }));

/** What may change once a code is out: its days, its limits, whether it runs. */
const changeable = {
  minSubtotal: bani('admin.discount.field.minSubtotal').nullable(),
  validFrom: day('admin.discount.field.validFrom'),
  validTo: day('admin.discount.field.validTo'),
  usageLimit: typed(isWhole, 'admin.field.wholeNumber', 'admin.discount.field.usageLimit')
    .refine((value) => value >= 1, about('admin.field.atLeast', 'admin.discount.field.usageLimit', { min: 1 }))
    .refine((value) => value <= MAX_USES, about('admin.field.atMost', 'admin.discount.field.usageLimit', { max: MAX_USES }))
    .nullable(),
  oncePerContact: yesOrNo('admin.discount.field.oncePerContact'),
  active: yesOrNo('admin.discount.field.active'),
  /** The channel its orders count in (issue 49: an influencer's code), as the dashboard names channels; '' or null: none. */
  channel: typed(isString, 'admin.field.notText', 'admin.discount.field.channel')
    .refine((value) => value.length <= 200, about('admin.field.tooLong', 'admin.discount.field.channel', { max: 60 }))
    .transform((value) => cleanTag(value))
    .nullable(),
};

const daysInOrder = (code: { validFrom?: string | null; validTo?: string | null }) => !code.validFrom || !code.validTo || code.validFrom <= code.validTo;

/** A new code: its text, a percentage (1–100) or a sum in bani, and the rest. */
export const discountCodeRequestSchema = z
  .strictObject(
    {
      code: typed(isString, 'admin.field.notText', 'admin.discount.field.code')
        .overwrite(normalizedCode)
        .refine((value) => CODE_PATTERN.test(value), key('admin.discount.problem.code')),
      kind: z.enum(DISCOUNT_KINDS, { error: key('admin.discount.problem.kind') }),
      value: typed(isWhole, 'admin.field.wholeNumber', 'admin.discount.field.value').refine((value) => value >= 1, about('admin.field.atLeast', 'admin.discount.field.value', { min: 1 })),
      minSubtotal: changeable.minSubtotal.default(null),
      validFrom: changeable.validFrom.default(null),
      validTo: changeable.validTo.default(null),
      usageLimit: changeable.usageLimit.default(null),
      oncePerContact: changeable.oncePerContact.default(false),
      active: changeable.active.default(true),
      channel: changeable.channel.default(null),
    },
    { error: objectError },
  )
  .refine((code) => code.kind !== 'percent' || code.value <= 100, { message: key('admin.discount.problem.percent'), path: ['value'] })
  .refine((code) => code.kind !== 'amount' || code.value <= MAX_PRICE * 10, { message: key('admin.discount.problem.amount'), path: ['value'] })
  .refine(daysInOrder, { message: key('admin.discount.problem.days'), path: ['validTo'] });
export type DiscountCodeRequest = z.infer<typeof discountCodeRequestSchema>;

/** A change to a code that is out (PATCH): any of its days, limits and whether it runs; never what it takes off. */
export const discountCodeChangeSchema = z
  .strictObject(
    {
      minSubtotal: changeable.minSubtotal.optional(),
      validFrom: changeable.validFrom.optional(),
      validTo: changeable.validTo.optional(),
      usageLimit: changeable.usageLimit.optional(),
      oncePerContact: changeable.oncePerContact.optional(),
      active: changeable.active.optional(),
      channel: changeable.channel.optional(),
    },
    { error: objectError },
  )
  .refine((change) => Object.keys(change).length > 0, key('admin.discount.problem.nothing'))
  .refine(daysInOrder, { message: key('admin.discount.problem.days'), path: ['validTo'] });
export type DiscountCodeChange = z.infer<typeof discountCodeChangeSchema>;
