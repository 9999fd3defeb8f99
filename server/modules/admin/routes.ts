import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ownerPromotionRequestSchema } from '../../../domain/accounts';
import { dashboardSchema, failedMailListSchema, ownerListSchema, resentMailSchema } from '../../../domain/contracts/admin';
import { answers } from '../../errors';
import type { AnafReporting } from '../invoices/reportingSettings';
import { listFailedMails, resendMail } from '../mail/failedMails';
import type { Shipping } from '../shipping/couriers';
import { housekeeping } from './housekeeping';
import { dashboard, listOwners, promoteOwner } from './service';

const mailParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Unknown mail id.')
    .transform(Number),
});

/**
 * The back office's own pages' API, under /api/admin, in the owners' scope (app.ts, ownersOnly): 401 for visitors, 403
 * for customers and for changes sent from another site, before anything of the request is read. The dashboard, the
 * owners and the failed mails; the orders' are orders/adminRoutes.ts.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** SHIPMENT_OVERDUE_DAYS: when a shipped order is pointed out to the owner. */
  overdueDays: number;
  /** COD_CONFIRM_REMINDER_HOURS: when a cash order its customer has not confirmed is pointed out. */
  confirmHours: number;
  /** Reporting to ANAF, or null when it is not set up: the dashboard says so. */
  anaf: AnafReporting | null;
  /** The couriers set up: the dashboard's cash still with them. */
  shipping: Shipping;
  /** The daily backup is on: the dashboard says when the last was made and warns when it is late or failed. */
  backupsOn: boolean;
}> = async (app, { db, overdueDays, confirmHours, anaf, shipping, backupsOn }) => {
  app.get('/dashboard', { schema: { response: answers({ 200: dashboardSchema }) } }, async () => ({
    ...(await dashboard(db, { overdueDays, confirmHours }, anaf, shipping)),
    housekeeping: await housekeeping(db, { backupsOn, anaf, shipping }),
  }));

  app.get('/owners', { schema: { response: answers({ 200: ownerListSchema }) } }, async () => listOwners(db));

  app.post('/owners', { schema: { body: ownerPromotionRequestSchema, response: answers({ 200: ownerListSchema }) } }, async (request) => {
    return promoteOwner(db, request.body.email);
  });

  app.get('/mails/failed', { schema: { response: answers({ 200: failedMailListSchema }) } }, async () => listFailedMails(db));

  app.post('/mails/:id/resend', { schema: { params: mailParams, response: answers({ 200: resentMailSchema }) } }, async (request) => {
    return resendMail(db, request.params.id);
  });
};
