import * as z from 'zod/mini';

/** What the owners' phones are told of (issue 48): a new order, a payment alert, an invoice refused, a parcel refused. */
export const OWNER_PUSH_KINDS = ['new_order', 'payment_alert', 'invoice_refused', 'parcel_refused'] as const;
export type OwnerPushKind = (typeof OWNER_PUSH_KINDS)[number];

/** GET /api/admin/push: the shop's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
export const pushSettingsSchema = z.object({ publicKey: z.string() });
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** POST /api/admin/push/subscriptions and …/unsubscribe: this browser's subscription, kept or gone. */
export const pushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });

/**
 * What a notification carries (encrypted for the phone alone, RFC 8291): the title to show, naming the order by its
 * number and total and nothing else of it (never a name, email or address), and the back office's page to open.
 */
export const pushPayloadSchema = z.object({ title: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
