import * as z from 'zod/mini';
import { orderViewSchema } from './orders';

// The customer's data rights (GDPR art. 15, 17, 20): what the shop holds about them (GET /api/account/data, or one
// order's through its signed link), and the answers to erasing it.

/** Everything the shop holds about a person: their account, their orders, the addresses and phones they gave, the mails sent to them. */
export const personalDataSchema = z.object({
  /** ISO 8601: when this copy was made. */
  exportedAt: z.string(),
  account: z.nullable(z.object({ email: z.string(), name: z.string(), createdAt: z.string() })),
  orders: z.array(orderViewSchema),
  /** Each distinct address given with an order, with its name and phone. */
  addresses: z.array(
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      street: z.string(),
      streetNumber: z.string(),
      addressLine2: z.nullable(z.string()),
      city: z.string(),
      county: z.nullable(z.string()),
      postalCode: z.string(),
      country: z.string(),
      phoneNumber: z.string(),
    }),
  ),
  withdrawalRequests: z.array(z.object({ orderNumber: z.int(), requestedAt: z.string(), note: z.nullable(z.string()), iban: z.nullable(z.string()) })),
  /** The mails written to them: which, about which order, when written and sent. */
  mails: z.array(z.object({ kind: z.string(), orderNumber: z.nullable(z.int()), writtenAt: z.string(), sentAt: z.nullable(z.string()), status: z.string() })),
  /** The owner's cash-on-delivery blocks that name their phone or email (issue 48): which, and since when. */
  codBlocks: z.array(z.object({ kind: z.enum(['phone', 'email']), value: z.string(), blockedAt: z.string() })),
  /** What the couriers said of their parcels, order by order (issue 48). */
  courierEvents: z.array(z.object({ orderNumber: z.int(), courierName: z.string(), awb: z.string(), code: z.string(), label: z.string(), location: z.string(), at: z.string() })),
  /** Their reviews (issue 49): of which order and product, the stars and words, the name and county shown, when, and whether the owner hid it. */
  reviews: z.array(
    z.object({
      orderNumber: z.int(),
      product: z.string(),
      rating: z.int(),
      text: z.nullable(z.string()),
      shownName: z.nullable(z.string()),
      county: z.nullable(z.string()),
      writtenAt: z.string(),
      hidden: z.boolean(),
    }),
  ),
  /**
   * The mails they consented to (decision 0045): a cart reminder (`about`: its products) or a "Notify me" (`about`: the
   * product and colour), when given, confirmed (a cart reminder needs no confirmation: null) and ended (sent or mailed).
   */
  consents: z.array(z.object({ kind: z.enum(['cart_reminder', 'stock_alert']), about: z.string(), givenAt: z.string(), confirmedAt: z.nullable(z.string()), endedAt: z.nullable(z.string()) })),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/** An unsubscribe link's address and whether it already asked for no more of the shop's mails (GET/POST /api/unsubscribe). */
export const unsubscribeSchema = z.object({ email: z.string(), optedOut: z.boolean() });
export type Unsubscribe = z.infer<typeof unsubscribeSchema>;
