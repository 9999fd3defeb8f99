import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, Db } from '../db/client';
import type { Auth } from './modules/accounts/auth';
import { accountRoutes } from './modules/accounts/routes';
import { ownersOnly } from './modules/accounts/service';
import { adminRoutes } from './modules/admin/routes';
import { adminProductRoutes } from './modules/catalog/adminRoutes';
import type { Catalogue } from './modules/catalog/catalogue';
import { catalogRoutes } from './modules/catalog/routes';
import { adminCheckoutRoutes } from './modules/checkout/adminRoutes';
import { checkoutRoutes } from './modules/checkout/routes';
import type { Checkout } from './modules/checkout/service';
import { crawlerRoutes } from './modules/crawlers/routes';
import { adminDiscountRoutes } from './modules/discounts/adminRoutes';
import { discountRoutes } from './modules/discounts/routes';
import { feedRoutes } from './modules/feeds/routes';
import { healthRoutes } from './modules/health/routes';
import { adminInvoiceRoutes } from './modules/invoices/adminRoutes';
import type { AnafReporting } from './modules/invoices/reportingSettings';
import { invoiceRoutes } from './modules/invoices/routes';
import type { Invoicing } from './modules/invoices/service';
import { ownerOrderRoutes } from './modules/orders/adminRoutes';
import { ownerReturnRoutes } from './modules/orders/returnRoutes';
import { orderRoutes } from './modules/orders/routes';
import { paymentRoutes } from './modules/payments/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { unsubscribeRoutes } from './modules/privacy/unsubscribeRoutes';
import { pushRoutes } from './modules/push/routes';
import { adminReminderRoutes, reminderRoutes } from './modules/reminders/routes';
import { adminReviewRoutes, reviewRoutes } from './modules/reviews/routes';
import { adminShippingRoutes } from './modules/shipping/adminRoutes';
import type { Shipping } from './modules/shipping/couriers';
import { shippingRoutes } from './modules/shipping/routes';
import { adminTestimonialRoutes, testimonialRoutes } from './modules/testimonials/routes';
import type { VisitCounter } from './modules/visits/counter';
import { adminVisitRoutes, visitRoutes } from './modules/visits/routes';

/** What the modules' routes are given, made once by buildApp (app.ts). */
export interface RouteDependencies {
  db: Db;
  listen: Database['listen'];
  auth: Auth;
  /** AUTH_SECRET: signs the links mails carry (an order's page, a guest's erasure, an invoice). */
  secret: string;
  /** The shop's public address (PUBLIC_URL). */
  baseURL: string;
  /** The back office's changes must come from these (the same origins better-auth accepts for sign-in). */
  origins: string[];
  catalogue: Catalogue;
  checkout: Checkout;
  cardPaymentsEnabled: boolean;
  anaf: AnafReporting | null;
  shipping: Shipping;
  invoicing: Invoicing;
  visits: VisitCounter;
  overdueDays: number;
  /** COD_CONFIRM_REMINDER_HOURS: when a cash order its customer has not confirmed is listed as such. */
  confirmHours: number;
  discountChecksPerIp: number;
  livePollMs?: number;
  /** The daily backup is on (BACKUP_HOUR): the dashboard warns when it is late or failed. */
  backupsOn: boolean;
  /** The VAPID public key the owners' phones subscribe with (push/settings.ts); null: no notifications. */
  pushKey: string | null;
  /** CART_REMINDER_HOURS is not off: the checkout's consent to a cart reminder is taken. */
  cartRemindersOn: boolean;
}

/** Every module's routes, on the app itself (no plugin of their own): the shop's API under /api, the back office's under /api/admin, the crawlers' files and the catalogue feeds. */
export async function registerRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: RouteDependencies) {
  const {
    db,
    listen,
    auth,
    secret,
    baseURL,
    origins,
    catalogue,
    checkout,
    cardPaymentsEnabled,
    anaf,
    shipping,
    invoicing,
    visits,
    overdueDays,
    confirmHours,
    discountChecksPerIp,
    livePollMs,
    backupsOn,
    pushKey,
    cartRemindersOn,
  } = deps;
  await app.register(
    async (api) => {
      await api.register(catalogRoutes, { catalogue });
      await api.register(healthRoutes, { db });
      await api.register(checkoutRoutes, { checkout, auth, cardPaymentsEnabled, secret });
      await api.register(orderRoutes, { db, auth, secret, prepayFreeShipping: checkout.payments.prepayFreeShipping });
      await api.register(invoiceRoutes, { db });
      await api.register(paymentRoutes, { payments: checkout.payments, auth, cardPaymentsEnabled });
      await api.register(shippingRoutes, { db, shipping });
      await api.register(privacyRoutes, { db, auth, secret });
      await api.register(unsubscribeRoutes, { db, secret });
      await api.register(visitRoutes, { counter: visits });
      await api.register(discountRoutes, { db, checksPerIp: discountChecksPerIp });
      await api.register(testimonialRoutes, { db });
      await api.register(reviewRoutes, { db, secret });
      await api.register(reminderRoutes, { db, secret, baseURL, catalogue, cartRemindersOn });
      await api.register(accountRoutes, { db, auth, baseURL });
    },
    { prefix: '/api' },
  );
  // The back office's API: whoever asks is checked before anything of the request is read (ownersOnly).
  await app.register(
    async (admin) => {
      const ownerOf = ownersOnly(admin, auth, origins);
      await admin.register(adminRoutes, { db, overdueDays, confirmHours, anaf, shipping, backupsOn });
      await admin.register(ownerOrderRoutes, { db, listen, overdueDays, confirmHours, ownerOf, invoicing, livePollMs });
      await admin.register(ownerReturnRoutes, { db, ownerOf, invoicing });
      await admin.register(adminCheckoutRoutes, { checkout, ownerOf });
      await admin.register(adminProductRoutes, { db, ownerOf });
      await admin.register(adminInvoiceRoutes, { db, anaf, invoicing, secret, ownerOf });
      await admin.register(adminShippingRoutes, { db, shipping, invoicing, ownerOf });
      await admin.register(adminVisitRoutes, { db });
      await admin.register(adminDiscountRoutes, { db });
      await admin.register(adminTestimonialRoutes, { db });
      await admin.register(adminReviewRoutes, { db, ownerOf });
      await admin.register(adminReminderRoutes, { db });
      await admin.register(pushRoutes, { db, publicKey: pushKey, ownerOf });
    },
    { prefix: '/api/admin' },
  );
  await app.register(crawlerRoutes, { publicUrl: baseURL, catalogue });
  await app.register(feedRoutes, { publicUrl: baseURL, catalogue });
}
