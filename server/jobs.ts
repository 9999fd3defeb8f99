/**
 * Every background job of the shop, in one list: what it does, how often, and which processes run it. The serving
 * process (server/app.ts, while the app is up) and `npm run worker` (server/worker.ts) start theirs from it, and
 * nothing else starts a timer that works on the database. A job that several processes run at once takes its rows
 * with a lease (leases.ts), so no two processes work on the same row.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { WRITE_ROUNDS_EVERY_MS, writeRounds } from './jobRounds';
import { backUpIfDue } from './modules/backups/schedule';
import type { Backups } from './modules/backups/settings';
import type { Checkout } from './modules/checkout/service';
import { reconcileCardOrders } from './modules/checkout/stripeEvents';
import { startInvoiceChecks } from './modules/invoices/checking';
import { startReporting } from './modules/invoices/reporting';
import type { AnafReporting } from './modules/invoices/reportingSettings';
import type { Invoicing } from './modules/invoices/service';
import type { MailSending } from './modules/mail/delivery';
import type { OrderMailSource } from './modules/mail/rendering';
import { remindUnconfirmed } from './modules/orders/customerConfirmation';
import { keepSentMailsInTimelines } from './modules/orders/sentMails';
import { type PushSending, startPushSending } from './modules/push/sending';
import { invoiceRefusedPush } from './modules/push/service';
import { forgetCartReminders, remindAbandonedCarts } from './modules/reminders/cartReminders';
import { mailBackInStock } from './modules/reminders/stockAlerts';
import { requestReviews, requestRoundEveryMs } from './modules/reviews/requests';
import { collectCash } from './modules/shipping/cash';
import type { Shipping } from './modules/shipping/couriers';
import { loadLockers, lockerCourier } from './modules/shipping/lockers';
import { startTracking } from './modules/shipping/tracking';
import { FLUSH_EVERY_MS, type VisitCounter } from './modules/visits/counter';
import { everyFewSeconds, inJob, type Rounds, whileUp } from './rounds';

/** What the jobs of one process work with. */
export interface JobContext {
  db: Db;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** `serving`: a process answering requests; `worker`: `npm run worker`, which only sends mail and reports invoices. */
  process: 'serving' | 'worker';
  /** Sending the outbox's mails, in the one kind of process that does (the worker, or a serving process without MAIL_WORKER). */
  mail: { sending: MailSending; orderOf: OrderMailSource; secret: string } | null;
  anaf: AnafReporting | null;
  shipping: Shipping;
  invoicing: Invoicing | null;
  /** A serving process's visitor counter and checkout (the worker has neither). */
  visits: VisitCounter | null;
  checkout: Checkout | null;
  /** COD_CONFIRM_REMINDER_MAIL's reminders, after COD_CONFIRM_REMINDER_HOURS; null (or absent) when off. */
  confirmReminder?: { hours: number } | null;
  /** REVIEW_REQUEST_DAYS: the review requests' delay after delivery; null (or absent) when off. */
  reviewRequestDays?: number | null;
  /** MAIL_KEEP_DAYS: how long a sent mail stays in the outbox (absent: kept). */
  mailKeepDays?: number;
  /** The daily backup (BACKUP_*), or null (or absent) when off. */
  backups?: Backups | null;
  /** The owners' phone notifications (WEB_PUSH_*), or null (or absent) when none are sent. */
  push?: PushSending | null;
  /** Cart reminders (CART_REMINDER_HOURS, null: off) and back-in-stock mails, with what signs their links; null (or absent): neither round. */
  reminders?: { cartHours: number | null; secret: string; shopUrl: string } | null;
}

export interface Job {
  name: string;
  does: string;
  every: string;
  /** Which processes run it, and how several share the work. */
  runs: string;
  /** Its rounds in this process, or null when it has nothing to do here. */
  start(context: JobContext): Rounds | null | Promise<Rounds | null>;
}

/** A serving process follows the couriers (tracking, cash, lockers) when one is set up and tests have not turned it off. */
const followsCouriers = ({ process, shipping }: JobContext) => process === 'serving' && shipping.couriers.size > 0 && shipping.trackInBackground !== false;

const warnEach = (log: JobContext['log'], message: string) => (error: unknown) => log.warn({ reason: (error as Error).message }, message);

/** Card orders whose settling moment was missed are settled this often (reconcileCardOrders). */
const RECONCILE_EVERY_MS = 5 * 60_000;
/** Cash orders not confirmed by their customers are looked for this often (remindUnconfirmed). */
const REMIND_EVERY_MS = 60_000;
const FORGET_MAILS_EVERY_MS = 3_600_000;
/** Whether the day's backup is due is looked at this often. */
const BACKUP_CHECK_EVERY_MS = 60_000;
/** The couriers' cash paid out, and their lockers (when due), are looked for this often. */
const COURIER_LISTS_EVERY_MS = 60_000;
/** Cart reminders are looked for every minute, or more often when their delay is shorter (a fraction of an hour). */
const cartRemindersEveryMs = (hours: number) => Math.min(60_000, Math.max(1_000, hours * 3_600_000));
/** Confirmed "Notify me" subscriptions are checked against the stock this often: a restock is mailed within seconds. */
const BACK_IN_STOCK_EVERY_MS = 5_000;

export const JOBS: readonly Job[] = [
  {
    name: 'mail outbox',
    does: 'sends the mails orders, accounts and the back office write into the outbox; a failed mail is tried again, and given up after MAIL_GIVE_UP_HOURS (mail/outbox.ts)',
    every: 'every second, batch after batch while mails are due; a serving process gives way to requests between batches',
    runs: '`npm run worker`, or every serving process without MAIL_WORKER; each leases its own mails',
    async start({ db, mail, log, process }) {
      if (!mail) return null;
      // Loaded only by a process that sends mail: the templates and their renderer stay out of one that does not (decision 0030).
      const { deliveryOf, MAIL_POLL_MS } = await import('./modules/mail/delivery');
      const { startDeliveryLoop } = await import('./modules/mail/outbox');
      // The worker does nothing but mail and invoices: it never needs to give way to requests (outbox.ts processIsBusy).
      const loop = startDeliveryLoop(deliveryOf(db, mail.sending, mail.orderOf, mail.secret, log), MAIL_POLL_MS, process === 'worker' ? async () => false : undefined);
      log.info({ mail: mail.sending.mailer.target }, process === 'worker' ? 'mail worker sending mail' : 'sending mail');
      return {
        async stop() {
          await loop.stop();
          mail.sending.mailer.close();
        },
      };
    },
  },
  {
    name: 'invoice checks',
    does: 'checks each new invoice against the e-Factura rules (invoices/checking.ts), loading the validators only in this process',
    every: 'every few seconds (CHECK_EVERY_MS)',
    runs: 'the process that sends mail; each takes its own invoice',
    start: ({ db, mail, log }) => (mail ? startInvoiceChecks(db, log, undefined, invoiceRefusedPush) : null),
  },
  {
    name: 'ANAF reporting',
    does: 'uploads checked invoices to RO e-Factura and asks for their answers (invoices/reporting.ts), when ANAF is set up',
    every: 'every few seconds (REPORT_EVERY_MS), each invoice at the pace its answers allow',
    runs: 'every process; each leases its own invoices',
    start: ({ db, anaf, log }) => (anaf && anaf.everyMs !== 0 ? startReporting(db, { refused: invoiceRefusedPush, ...anaf }, log) : null),
  },
  {
    name: 'parcel tracking',
    does: 'settles AWBs whose creation or cancellation went unanswered, follows parcels with their couriers, orders pickups and keeps labels (shipping/tracking.ts)',
    every: 'every minute (or COURIER_TRACK_EVERY_MINUTES when shorter), each AWB when due',
    runs: 'every serving process, with a courier; each leases its own AWBs, and a courier round runs in one process at a time',
    start: (context) => (followsCouriers(context) ? startTracking(context.db, context.shipping, context.invoicing, context.log) : null),
  },
  {
    name: 'cash collected',
    does: 'asks the couriers for the cash on delivery they paid out (shipping/cash.ts)',
    every: 'every minute, each courier when its round is due',
    runs: 'every serving process, with a courier; a courier round runs in one process at a time',
    start: (context) =>
      followsCouriers(context)
        ? everyFewSeconds(() => collectCash(context.db, context.shipping), COURIER_LISTS_EVERY_MS, warnEach(context.log, 'asking couriers for the cash paid out failed; trying again later'))
        : null,
  },
  {
    name: 'lockers',
    does: 'loads the couriers’ lockers into the database for the checkout (shipping/lockers.ts)',
    every: 'every minute, when the list is due',
    runs: 'every serving process, with a courier that has lockers; a courier round runs in one process at a time',
    start: (context) =>
      followsCouriers(context) && lockerCourier(context.shipping)
        ? everyFewSeconds(() => loadLockers(context.db, context.shipping), COURIER_LISTS_EVERY_MS, warnEach(context.log, 'loading the couriers’ lockers failed; trying again later'))
        : null,
  },
  {
    name: 'confirmation reminders',
    does: 'mails one reminder for each cash order its customer has not confirmed COD_CONFIRM_REMINDER_HOURS after it was placed (COD_CONFIRM_REMINDER_MAIL)',
    every: 'every minute',
    runs: 'every serving process, with COD_CONFIRM_REMINDER_MAIL; processes at once take different orders, each order once',
    start: ({ process, db, confirmReminder, log }) =>
      process === 'serving' && confirmReminder
        ? everyFewSeconds(() => remindUnconfirmed(db, confirmReminder.hours), REMIND_EVERY_MS, warnEach(log, 'writing the confirmation reminders failed; trying again later'))
        : null,
  },
  {
    name: 'review requests',
    does: 'mails one review request for each order marked delivered REVIEW_REQUEST_DAYS ago, to an address that has not opted out and an order not erased (reviews/requests.ts)',
    every: 'every 10 minutes (every tenth of a shorter REVIEW_REQUEST_DAYS)',
    runs: 'every serving process, unless REVIEW_REQUEST_DAYS is off; each order is claimed once (review_requests), so processes at once never mail it twice',
    start: ({ process, db, reviewRequestDays, log }) =>
      process === 'serving' && reviewRequestDays
        ? everyFewSeconds(() => requestReviews(db, reviewRequestDays), requestRoundEveryMs(reviewRequestDays), warnEach(log, 'writing the review requests failed; trying again later'))
        : null,
  },
  {
    name: 'cart reminders',
    does: 'mails the one cart reminder each visitor consented to at the checkout, CART_REMINDER_HOURS after their last change, unless an order from their address followed; deletes the records 7 days after the consent (reminders/cartReminders.ts)',
    every: 'every minute (or every CART_REMINDER_HOURS when shorter); every hour when off',
    runs: 'every serving process; each reminder is taken by one (sent_at set where still null); with CART_REMINDER_HOURS=off it only deletes, every hour',
    start({ process, db, reminders, log }) {
      if (process !== 'serving' || !reminders) return null;
      const failed = warnEach(log, 'writing the cart reminders failed; trying again later');
      // Off: none is sent, and records kept from before it was turned off still go after 7 days.
      if (!reminders.cartHours) return everyFewSeconds(() => forgetCartReminders(db), FORGET_MAILS_EVERY_MS, failed);
      const hours = reminders.cartHours;
      return everyFewSeconds(() => remindAbandonedCarts(db, { hours, secret: reminders.secret, shopUrl: reminders.shopUrl }), cartRemindersEveryMs(hours), failed);
    },
  },
  {
    name: 'back in stock',
    does: 'mails each confirmed “Notify me” subscriber once when the colour can be bought again (its stock above 0, switched on), ending the subscription; deletes ended and unconfirmed ones after 7 days (reminders/stockAlerts.ts)',
    every: 'every 5 seconds (BACK_IN_STOCK_EVERY_MS)',
    runs: 'every serving process; each subscription is taken by one (notified_at set where still null)',
    start: ({ process, db, reminders, log }) =>
      process === 'serving' && reminders
        ? everyFewSeconds(() => mailBackInStock(db, reminders.shopUrl), BACK_IN_STOCK_EVERY_MS, warnEach(log, 'writing the back-in-stock mails failed; trying again later'))
        : null,
  },
  {
    name: 'forgetting sent mails',
    does: 'removes the mails sent more than MAIL_KEEP_DAYS ago from the outbox, each order’s timeline keeping that its mail was sent',
    every: 'every hour',
    runs: 'every process that sends mail; processes at once remove each mail once (the second finds it gone)',
    start: ({ mail, db, mailKeepDays, log }) =>
      mail && mailKeepDays ? everyFewSeconds(() => keepSentMailsInTimelines(db, mailKeepDays), FORGET_MAILS_EVERY_MS, warnEach(log, 'removing old sent mails failed; trying again later')) : null,
  },
  {
    name: 'daily backup',
    does: 'backs the database up into BACKUP_DIR from BACKUP_HOUR (Bucharest) each day, sends it to the S3 storage when set up, and removes backups older than BACKUP_KEEP_DAYS (backups/schedule.ts)',
    every: 'every minute, a backup a day; a failed one is tried again an hour later',
    runs: 'every process that sends mail; the day’s backup is claimed by one of them',
    start: ({ mail, db, backups, log }) =>
      mail && backups ? everyFewSeconds(() => backUpIfDue(db, backups, log), BACKUP_CHECK_EVERY_MS, warnEach(log, 'the daily backup’s round failed; trying again later')) : null,
  },
  {
    name: 'owner notifications',
    does: 'sends the notifications a new order, a payment alert, a refused invoice or a refused parcel wrote for the owners’ phones (Web Push), deleting a subscription the push service says is gone (push/sending.ts)',
    every: 'every 2 seconds (PUSH_EVERY_MS), batch after batch while notifications are due',
    runs: 'the process that sends mail; each leases its own notifications',
    start: ({ db, mail, push, log }) => (mail && push ? startPushSending(db, push, log) : null),
  },
  {
    name: 'visit counts',
    does: 'writes the visits counted in memory (visits/counter.ts), and once more as the process stops',
    every: 'every 10 seconds (FLUSH_EVERY_MS)',
    runs: 'every serving process, each its own counts',
    start({ visits, log }) {
      if (!visits) return null;
      const rounds = everyFewSeconds(() => visits.flush(), FLUSH_EVERY_MS, warnEach(log, 'writing the visit counts failed; kept for the next batch'));
      return {
        async stop() {
          await rounds.stop();
          // What was counted since the last batch; a process that dies instead loses it (the counts are not orders).
          await visits.flush().catch(() => undefined);
        },
      };
    },
  },
  {
    name: 'card order reconciliation',
    does: 'settles card orders whose payment or expiry was missed (a lost webhook) with what Stripe says (checkout/stripeEvents.ts reconcileCardOrders)',
    every: 'every 5 minutes',
    runs: 'every serving process; each change goes through the order’s locked status change',
    start: ({ checkout, log }) =>
      checkout
        ? everyFewSeconds(
            async () => {
              const result = await reconcileCardOrders(checkout);
              if (result.paid + result.cancelled > 0) log.info(result, 'card orders reconciled');
            },
            RECONCILE_EVERY_MS,
            (err) => log.warn({ err }, 'card order reconciliation failed; trying again later'),
            { firstRound: 'after' },
          )
        : null,
  },
];

/**
 * Starts this process's jobs from JOBS (`names`: those it runs); stop() stops them all, each once its round under way
 * has finished.
 */
export async function startJobs(context: JobContext): Promise<Rounds & { names: string[] }> {
  const started: Rounds[] = [];
  const names: string[] = [];
  // When each job last finished a round, written for the dashboard once a minute (jobRounds.ts).
  const finished = new Map<string, Date>();
  for (const job of JOBS) {
    const rounds = await inJob(
      (at) => finished.set(job.name, at),
      () => job.start(context),
    );
    if (!rounds) continue;
    started.push(rounds);
    names.push(job.name);
  }
  const writing = everyFewSeconds(() => writeRounds(context.db, finished), WRITE_ROUNDS_EVERY_MS, warnEach(context.log, 'writing when the jobs last finished a round failed'), {
    firstRound: 'after',
  });
  return {
    names,
    async stop() {
      await Promise.all(started.map((rounds) => rounds.stop()));
      // Then the rounds they finished last.
      await writing.stop();
      await writeRounds(context.db, finished).catch(() => undefined);
    },
  };
}

/** A serving process's jobs, from when the app is ready until it closes. */
export function runJobsWhileUp(app: FastifyInstance, context: Omit<JobContext, 'log' | 'process'>): void {
  whileUp(app, () => startJobs({ ...context, log: app.log, process: 'serving' }));
}
