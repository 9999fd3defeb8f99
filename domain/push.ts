import { z } from 'zod';

/** A push service's address: https (every browser's is), or plain http on this machine (a stand-in in tests). */
const pushEndpoint = z
  .string()
  .max(2000)
  .refine((value) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    return url !== null && (url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)));
  }, 'must be the push service’s https address');

/** A base64url key as PushSubscription.toJSON gives it. */
const base64url = (max: number) =>
  z
    .string()
    .min(16)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** POST /api/admin/push/subscriptions: PushSubscription.toJSON() of this browser, and the back office's language. */
export const pushSubscribeSchema = z.object({
  endpoint: pushEndpoint,
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  language: z.enum(['en', 'ro']).default('ro'),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeSchema>;

/** POST /api/admin/push/unsubscribe: the subscription this browser gives up. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2000) });
