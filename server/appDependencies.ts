import type { DestinationStream } from 'pino';
import type { Database, Db } from '../db/client';
import type { CompanyInfo } from '../domain/company';
import type { Config } from './env';
import type { PaymentGateway } from './integrations/stripe';
import type { AuthSettings } from './modules/accounts/auth';
import type { Backups } from './modules/backups/settings';
import type { OrderLimitSettings } from './modules/checkout/orderLimits';
import type { AnafReporting } from './modules/invoices/reportingSettings';
import type { Invoicing } from './modules/invoices/service';
import type { MailSending } from './modules/mail/delivery';
import type { PushSending } from './modules/push/sending';
import type { Shipping } from './modules/shipping/couriers';
import type { VisitCounter } from './modules/visits/counter';

/** What buildApp (app.ts) composes the shop from: main.ts gives the real ones, a test its own. */
export interface AppDependencies {
  db: Db;
  config: Pick<
    Config,
    | 'NODE_ENV'
    | 'LOG_LEVEL'
    | 'WEB_ROOT'
    | 'SSR_ENTRY'
    | 'TRUST_PROXY'
    | 'CARD_PAYMENTS_ENABLED'
    | 'SHIPMENT_OVERDUE_DAYS'
    | 'COD_CONFIRM_REMINDER_HOURS'
    | 'DISCOUNT_CHECKS_PER_IP'
    | 'DISCREET_SHIPPING'
    | 'SHIPPING_CONTENTS'
  > &
    Partial<Pick<Config, 'COD_CONFIRM_REMINDER_MAIL' | 'PREPAY_FREE_SHIPPING' | 'MAIL_KEEP_DAYS' | 'REVIEW_REQUEST_DAYS' | 'CART_REMINDER_HOURS'>> &
    OrderLimitSettings;
  auth: AuthSettings;
  /** Stripe, or null when no key is configured (card payments then answer 503). */
  stripe: PaymentGateway | null;
  /** LISTEN on the database (Database.listen): the back office's live order stream, the catalogue's reloads. */
  listen: Database['listen'];
  /** The seller's identification (COMPANY_*), embedded in every page the server sends. */
  company: CompanyInfo;
  /** The shop's invoicing (series, when, the seller): invoices/service.ts's invoicingFrom. */
  invoicing: Invoicing;
  /** Where the owner's uploaded images are stored and served from (/uploads/…). */
  uploadsDir: string;
  /** Where the log goes: stdout unless given (tests read it). */
  logStream?: DestinationStream;
  /**
   * Sending the outbox's mails (server/modules/mail): the mailer and who the mails come from. Without
   * it this process sends none (mails wait in the outbox for a process that does).
   */
  mail?: MailSending;
  /** Reporting invoices to ANAF (invoices/reporting.ts), or none when no ANAF application is set up. */
  anaf?: AnafReporting | null;
  /** The couriers the shop is set up with (shipping/couriers.ts); none: Create AWB is not offered. */
  shipping?: Shipping;
  /** The back office's live stream's safety poll, in milliseconds (orders/liveOrders.ts SAFETY_POLL_MS by default). */
  livePollMs?: number;
  /** The daily backup (backups/settings.ts), run by the process that sends mail; none (tests) or null when off. */
  backups?: Backups | null;
  /** The visitor counter (visits/counter.ts): a test gives its own, to write its counts when it wants. */
  visits?: VisitCounter;
  /** The owners' phone notifications (push/settings.ts): their key, and their sending where this process sends mail; none: not offered. */
  push?: PushSending | null;
}
