import * as z from 'zod/mini';

/** POST /api/cart-reminders: the consent's record, which this checkout changes or deletes (DELETE /api/cart-reminders/:id). */
export const cartReminderRecordSchema = z.object({ id: z.string() });

/**
 * GET /api/cart-reminders/:id?key=: the cart a reminder's link puts back, at today's prices (bani) and stock; a line
 * sold out (or gone) since is in `dropped`, named as the catalogue names it today (null: the product is gone).
 */
export const restoredCartSchema = z.object({
  lines: z.array(z.object({ productId: z.string(), colour: z.nullable(z.string()), quantity: z.int(), name: z.string(), price: z.int() })),
  dropped: z.array(z.object({ name: z.nullable(z.string()) })),
});
export type RestoredCart = z.infer<typeof restoredCartSchema>;

/** GET /api/stock-alerts/:id?key=: a "Notify me" as its confirmation page shows it. */
export const stockAlertViewSchema = z.object({ name: z.string(), confirmed: z.boolean(), ended: z.boolean() });
export type StockAlertView = z.infer<typeof stockAlertViewSchema>;

/** GET /api/admin/products/:id/waiting: confirmed "Notify me" subscribers waiting, per colour ('': the product without colours). */
export const waitingSubscribersSchema = z.object({ waiting: z.record(z.string(), z.int()) });
