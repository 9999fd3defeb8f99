import { z } from 'zod';
import { isWhole, key, textField, typed, wholeBetween } from './adminFields';
import { COURIERS, MAX_PARCEL_SIDE_CM } from './courier';

/**
 * What the owner sends to create an AWB for an order (POST /api/admin/orders/:id/awb), shared by the back office's
 * form and the server: the courier, the parcels, their weight, the declared value, a note and "open package". Never
 * the cash to collect: the server takes it from the order (its total for cash on delivery, nothing for a card order).
 * `version` is the order's version the owner was looking at.
 */

/** At most this many parcels for one AWB, and this heavy (grams). */
export const MAX_PARCELS = 10;
export const MAX_WEIGHT_GRAMS = 50_000;
/** The declared value's ceiling, in bani (100,000 lei). */
export const MAX_DECLARED_VALUE = 10_000_000;

const whole = wholeBetween;

export const awbRequestSchema = z.object({
  courier: z.enum(COURIERS, { error: key('admin.awb.problem.courier') }),
  parcels: whole('admin.awb.field.parcels', 1, MAX_PARCELS),
  weightGrams: whole('admin.awb.field.weight', 1, MAX_WEIGHT_GRAMS),
  /** Each parcel's packed size, in centimetres (the products' own, on the form: the owner corrects it). */
  lengthCm: whole('admin.awb.field.length', 1, MAX_PARCEL_SIDE_CM),
  widthCm: whole('admin.awb.field.width', 1, MAX_PARCEL_SIDE_CM),
  heightCm: whole('admin.awb.field.height', 1, MAX_PARCEL_SIDE_CM),
  declaredValue: whole('admin.awb.field.declaredValue', 0, MAX_DECLARED_VALUE),
  note: textField('admin.awb.field.note', 200).optional(),
  openPackage: z.boolean({ error: key('admin.awb.problem.openPackage') }),
  version: typed(isWhole, 'admin.order.problem.version', 'admin.awb.field.version'),
});
export type AwbRequest = z.infer<typeof awbRequestSchema>;
