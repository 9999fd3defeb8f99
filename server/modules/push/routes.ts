import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import { pushSettingsSchema, pushSubscriptionStateSchema } from '../../../domain/contracts/push';
import { pushSubscribeSchema, pushUnsubscribeSchema } from '../../../domain/push';
import { AppError, answers } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { subscribe, unsubscribe } from './service';

export interface PushRoutesOptions {
  db: Db;
  /** The VAPID public key the browsers subscribe with; null when this shop sends no notifications. */
  publicKey: string | null;
  /** The owner asking: the scope it is registered in lets nobody else in (ownersOnly). */
  ownerOf(request: FastifyRequest): SignedInUser;
}

/**
 * The back office's Notifications on this phone (issue 48), under /api/admin in the owners' scope (app.ts): the key to
 * subscribe with, and this browser's subscription kept or given up. 503 when the shop sends none.
 */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, { db, publicKey, ownerOf }) => {
  const keyOrRefuse = () => {
    if (!publicKey) throw new AppError('unavailable', { id: 'admin.push.problem.off' }, 'push_off');
    return publicKey;
  };
  app.get('/push', { schema: { response: answers({ 200: pushSettingsSchema }) } }, async () => ({ publicKey: keyOrRefuse() }));
  app.post('/push/subscriptions', { schema: { body: pushSubscribeSchema, response: answers({ 200: pushSubscriptionStateSchema }) } }, async (request) => {
    keyOrRefuse();
    await subscribe(db, ownerOf(request).id, request.body);
    return { subscribed: true };
  });
  app.post('/push/unsubscribe', { schema: { body: pushUnsubscribeSchema, response: answers({ 200: pushSubscriptionStateSchema }) } }, async (request) => {
    await unsubscribe(db, ownerOf(request).id, request.body.endpoint);
    return { subscribed: false };
  });
};
