import { z } from 'zod';
import { key, type Label, textField } from './adminFields';

/** A text the owner types: a value that is absent, not text or blank is "required". */
const text = (label: Label, max: number) => textField(label, max, 'admin.field.required');

const version = z.int(key('admin.order.problem.version')).min(1, key('admin.order.problem.version'));
const note = text('admin.order.field.note', 500).optional();

/**
 * What the owner sends to move an order on (POST /api/admin/orders/:id/status), shared by the back
 * office's forms and the server. `version` is the order's version the owner was looking at: if the
 * order changed since, the change is refused (409) instead of overwriting what someone else did.
 */
export const statusChangeRequestSchema = z.discriminatedUnion(
  'to',
  [
    z.object({ to: z.literal('confirmed'), version, note }),
    z.object({ to: z.literal('shipped'), version, carrier: text('admin.order.carrier', 60), trackingNumber: text('admin.order.field.trackingNumber', 60), note }),
    z.object({ to: z.literal('delivered'), version, note }),
    z.object({ to: z.literal('cancelled'), version, reason: text('admin.order.field.reason', 500) }),
    z.object({ to: z.literal('returned'), version, note }),
  ],
  { error: key('admin.order.problem.chooseStatus') },
);
export type StatusChangeRequest = z.infer<typeof statusChangeRequestSchema>;

/**
 * The timeline note a change leaves: the owner's note, or the cancellation reason. A shipment's carrier
 * and tracking number are the order's own: the back office shows them by its shipped event, in its language.
 */
export function eventNote(change: StatusChangeRequest): string | null {
  switch (change.to) {
    case 'cancelled':
      return change.reason;
    default:
      return change.note ?? null;
  }
}

/** Couriers the owner picks from (any other name may be typed). */
export const CARRIERS = ['FAN Courier', 'Cargus', 'Sameday', 'DPD', 'GLS', 'Poșta Română'] as const;

/** Each courier's public page that follows a parcel by its tracking number. */
const TRACKING_PAGES: Record<(typeof CARRIERS)[number], string> = {
  'FAN Courier': 'https://www.fancourier.ro/awb-tracking/?tracking=',
  Cargus: 'https://www.cargus.ro/personal/urmareste-coletul/?tracking_number=',
  Sameday: 'https://sameday.ro/#awb=',
  DPD: 'https://tracking.dpd.ro/?shipmentNumber=',
  GLS: 'https://gls-group.com/RO/ro/urmarire-colet?match=',
  'Poșta Română': 'https://www.posta-romana.ro/track-trace.html?track=',
};

/** The carrier's page that follows this parcel; null for a carrier we do not know. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = (TRACKING_PAGES as Record<string, string | undefined>)[carrier];
  return page ? `${page}${encodeURIComponent(trackingNumber)}` : null;
}
