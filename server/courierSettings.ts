import { z } from 'zod';

/**
 * The couriers' settings (Sameday, FAN Courier, Cargus), the parcel's defaults and how often AWBs are tracked: part of
 * the one schema of every setting in env.ts, kept here because they are a third of it.
 */
export const courierSettings = {
  /**
   * Sameday (issue 33): the API account's user name and password, and which Sameday it talks to (demo: Sameday's demo
   * environment; prod: for real); the pickup point and the service (their ids) when not the account's defaults.
   */
  SAMEDAY_USERNAME: z.string().min(1).optional(),
  SAMEDAY_PASSWORD: z.string().min(1).optional(),
  SAMEDAY_ENV: z.enum(['demo', 'prod']).optional(),
  /** Sameday's API, when not the environment's own (a proxy, tests). */
  SAMEDAY_BASE_URL: z.string().url().optional(),
  SAMEDAY_PICKUP_POINT: z.string().regex(/^\d+$/, 'must be a pickup point id').optional(),
  SAMEDAY_SERVICE: z.string().regex(/^\d+$/, 'must be a service id').optional(),
  /** FAN Courier (API v2): the account's user name and password and its client id (FAN's test account: 7032158). */
  FAN_USERNAME: z.string().min(1).optional(),
  FAN_PASSWORD: z.string().min(1).optional(),
  FAN_CLIENT_ID: z.string().regex(/^\d+$/, "must be FAN Courier's client id (digits)").optional(),
  /** FAN Courier's API, when not https://api.fancourier.ro (a proxy, tests). */
  FAN_BASE_URL: z.string().url().optional(),
  /**
   * Cargus (UrgentCargus API v3): the subscription key of its API portal (the Primary key of StandardUrgentOnlineAPI)
   * and the WebExpress user's name and password; the pickup location and the service (their ids) when not the
   * account's headquarters and Economic Standard (34).
   */
  CARGUS_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  CARGUS_USERNAME: z.string().min(1).optional(),
  CARGUS_PASSWORD: z.string().min(1).optional(),
  /** Cargus's API, when not https://urgentcargus.azure-api.net/api (a proxy, tests). */
  CARGUS_BASE_URL: z.string().url().optional(),
  CARGUS_PICKUP_LOCATION: z.string().regex(/^\d+$/, 'must be a pickup location id (digits)').optional(),
  CARGUS_SERVICE: z.string().regex(/^\d+$/, 'must be a service id (digits)').optional(),
  /**
   * Where Cargus pays the cash it collects: `collector` (BankRepayment, into the shop's collector account, reported by
   * CashAccount, which the shop reads) or `envelope` (CashRepayment, cash brought back in an envelope: not reported).
   */
  CARGUS_CASH_ON_DELIVERY: z.enum(['collector', 'envelope']).default('collector'),
  /**
   * How Cargus is told to come for the parcels: `daily` (the shop launches the day's pickup order at the start of
   * CARGUS_PICKUP_HOURS), `each` (after each AWB), or `automatic` (the pickup location closes its order itself at its
   * AutomaticEOD hour, as Cargus sets it up on request).
   */
  CARGUS_PICKUP: z.enum(['daily', 'each', 'automatic']).default('daily'),
  /** When Cargus may come, Bucharest's time: HH:MM-HH:MM. */
  CARGUS_PICKUP_HOURS: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM-HH:MM, e.g. 15:00-18:00')
    .default('15:00-18:00')
    .transform((text) => {
      const [from, to] = text.split('-') as [string, string];
      return { from, to };
    })
    .refine((hours) => hours.from < hours.to, 'the pickup must start before it ends'),
  /**
   * Discreet parcels and mails (issue 47), on unless `false`: an AWB says SHIPPING_CONTENTS is inside, never the products;
   * mails come from SHIPPING_SENDER_NAME (COMPANY_NAME when absent) and name the order, never the products; a card
   * payment's statement line names the order. The couriers print the sender's name of the pickup point set up with them:
   * name it neutrally there (docs/integrations/couriers.md).
   */
  DISCREET_SHIPPING: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  SHIPPING_SENDER_NAME: z.string().trim().min(1).max(60).optional(),
  SHIPPING_CONTENTS: z.string().trim().min(1).max(60).default('Accesorii'),
  /** The courier Create AWB offers first; the first one set up when absent. */
  COURIER_DEFAULT: z.enum(['sameday', 'fan', 'cargus']).optional(),
  /** The weight of a product whose own weight the back office does not give, in grams. */
  PARCEL_WEIGHT_GRAMS: z.coerce.number().int().min(1).max(50_000).default(500),
  /** The packed size of a product whose own the back office does not give: length x width x height in centimetres. */
  PARCEL_SIZE_CM: z
    .string()
    .regex(/^\s*\d{1,3}\s*x\s*\d{1,3}\s*x\s*\d{1,3}\s*$/i, 'must be length x width x height in centimetres, e.g. 20x15x10')
    .default('20x15x10')
    .transform((text) => {
      const [length, width, height] = text
        .toLowerCase()
        .split('x')
        .map((side) => Number(side.trim())) as [number, number, number];
      return { length, width, height };
    })
    .refine((size) => Object.values(size).every((side) => side >= 1 && side <= 200), 'each side from 1 to 200 cm'),
  /** How often each active AWB is asked about at its courier, in minutes (a fraction for tests). */
  COURIER_TRACK_EVERY_MINUTES: z.coerce.number().min(0.01).max(1440).default(30),
};
