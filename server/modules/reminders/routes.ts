import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { cartReminderRecordSchema, restoredCartSchema, stockAlertViewSchema, waitingSubscribersSchema } from '../../../domain/contracts/reminders';
import { cartReminderConsentSchema, stockAlertRequestSchema } from '../../../domain/reminders';
import { AppError, answers } from '../../errors';
import { requestLocale } from '../../i18n';
import { countHits, type Limit, refuseOverLimit } from '../../rateLimits';
import type { Catalogue } from '../catalog/catalogue';
import { recordConsent, restoredCart, withdrawConsent } from './cartReminders';
import { confirmStockAlert, stockAlertView, subscribe, waitingSubscribers } from './stockAlerts';

/** A visitor's consents from one address: far more than a checkout makes (each keystroke of a changed address is not sent). */
export const CONSENTS_PER_IP: Limit = { name: 'cart-reminder:ip', max: 60, windowSeconds: 10 * 60 };
/** "Notify me" requests from one address: each writes a mail. */
export const STOCK_ALERTS_PER_IP: Limit = { name: 'stock-alert:ip', max: 10, windowSeconds: 10 * 60 };

const reminderParams = z.object({ id: z.uuid('error.reminder.noSuchReminder') });
const alertParams = z.object({ id: z.uuid('error.stockAlert.noSuchAlert') });
const keyQuery = z.object({ key: z.string().max(100).optional() });
const keyBody = z.object({ key: z.string().max(100) });

/**
 * Reminders only with consent (decision 0045): the checkout's consent to a cart reminder (POST, DELETE
 * /api/cart-reminders), the cart its link rebuilds (GET /api/cart-reminders/:id?key=), "Notify me" (POST
 * /api/stock-alerts) and its confirmation (GET, POST /api/stock-alerts/:id).
 */
export const reminderRoutes: FastifyPluginAsyncZod<{ db: Db; secret: string; baseURL: string; catalogue: Catalogue; cartRemindersOn: boolean }> = async (
  app,
  { db, secret, baseURL, catalogue, cartRemindersOn },
) => {
  app.post('/cart-reminders', { schema: { body: cartReminderConsentSchema, response: answers({ 200: cartReminderRecordSchema }) } }, async (request) => {
    // CART_REMINDER_HOURS=off: the checkout offers no box, and a consent nobody would act on is not kept.
    if (!cartRemindersOn) throw new AppError('conflict', { id: 'error.reminder.off' }, 'reminders_off');
    refuseOverLimit(await countHits(db, [{ limit: CONSENTS_PER_IP, value: request.ip }]), { id: 'error.reminder.tooMany' }, 'rate_limited');
    return recordConsent(db, request.body);
  });

  app.delete('/cart-reminders/:id', { schema: { params: reminderParams } }, async (request, reply) => {
    await withdrawConsent(db, request.params.id);
    return reply.status(204).send();
  });

  app.get('/cart-reminders/:id', { schema: { params: reminderParams, querystring: keyQuery, response: answers({ 200: restoredCartSchema }) } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return restoredCart(db, secret, request.params.id, request.query.key, catalogue.current()[requestLocale(request)].products);
  });

  app.post('/stock-alerts', { schema: { body: stockAlertRequestSchema } }, async (request, reply) => {
    refuseOverLimit(await countHits(db, [{ limit: STOCK_ALERTS_PER_IP, value: request.ip }]), { id: 'error.stockAlert.tooMany' }, 'rate_limited');
    await subscribe(db, { secret, shopUrl: baseURL }, catalogue.current()[request.body.locale].products, request.body);
    return reply.status(202).send();
  });

  app.get('/stock-alerts/:id', { schema: { params: alertParams, querystring: keyQuery, response: answers({ 200: stockAlertViewSchema }) } }, async (request) =>
    stockAlertView(db, secret, request.params.id, request.query.key, requestLocale(request)),
  );

  app.post('/stock-alerts/:id/confirm', { schema: { params: alertParams, body: keyBody, response: answers({ 200: stockAlertViewSchema }) } }, async (request) =>
    confirmStockAlert(db, secret, request.params.id, request.body.key, requestLocale(request)),
  );
};

/** The back office's product form: how many confirmed "Notify me" wait for each sold-out colour (under /api/admin, the owners' scope). */
export const adminReminderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/products/:id/waiting', { schema: { params: z.object({ id: z.string().min(1).max(64) }), response: answers({ 200: waitingSubscribersSchema }) } }, async (request) => ({
    waiting: await waitingSubscribers(db, request.params.id),
  }));
};
