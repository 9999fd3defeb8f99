/**
 * Cart reminders, only with consent (decision 0045): the visitor's consent recorded from the checkout's email step, the
 * round that writes each due reminder's one mail, the link's cart at today's prices, and forgetting after 7 days.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { orders } from '../../../db/schema/orders';
import { cartReminders } from '../../../db/schema/reminders';
import { lineName } from '../../../domain/catalog';
import type { Product } from '../../../domain/contracts/catalog';
import type { RestoredCart } from '../../../domain/contracts/reminders';
import { isLocale, type Locale } from '../../../domain/locale';
import { colourNameIn, productNameIn } from '../../../domain/productTexts';
import { CART_REMINDER_UTM, type CartReminderConsent, REMINDER_KEEP_DAYS, restoreLines } from '../../../domain/reminders';
import { AppError } from '../../errors';
import { notOptedOut } from '../mail/optOut';
import { queueCartReminderMail } from '../mail/service';
import { assertReminderKey, reminderKey } from './keys';

/** What the round needs to write a reminder: its delay, and what signs and addresses the link. */
export interface CartReminderSettings {
  /** CART_REMINDER_HOURS (fractions allowed). */
  hours: number;
  secret: string;
  /** PUBLIC_URL. */
  shopUrl: string;
}

/**
 * Records the consent (or its change: another address, other lines): one record per address, its delay starting again
 * at each change. A record that had sent its reminder and is consented to again is a new consent. `id`: the record of
 * this checkout so far, replaced when the address changed.
 */
export async function recordConsent(db: Db, consent: CartReminderConsent): Promise<{ id: string }> {
  const lines = consent.lines.map(({ productId, colour, quantity }) => ({ productId, colour, quantity }));
  return db.transaction(async (tx) => {
    if (consent.id) await tx.delete(cartReminders).where(sql`${cartReminders.id} = ${consent.id} and lower(${cartReminders.email}) <> lower(${consent.email})`);
    const result = (await tx.execute(sql`
      insert into ${cartReminders} (email, lines, locale) values (${consent.email}, ${JSON.stringify(lines)}::jsonb, ${consent.locale})
      on conflict (lower(email)) do update set lines = excluded.lines, locale = excluded.locale, changed_at = now(),
        consented_at = case when ${cartReminders.sentAt} is null then ${cartReminders.consentedAt} else now() end, sent_at = null
      returning id`)) as unknown as { rows: { id: string }[] };
    return { id: result.rows[0]!.id };
  });
}

/** The box unticked: the record is deleted (nothing is kept of it). */
export async function withdrawConsent(db: Db, id: string): Promise<void> {
  await db.delete(cartReminders).where(eq(cartReminders.id, id));
}

/** An order from the address since the consent: the reminder is cancelled (the order's module alone writes orders; this reads them). */
const orderedSinceConsent = sql`exists (select 1 from ${orders} where lower(${orders.email}) = lower(${cartReminders.email}) and ${orders.createdAt} >= ${cartReminders.consentedAt})`;

/** The restoring link of a reminder: signed, and tagged so an order from it counts as the reminder's. */
export const restoreUrl = (settings: Pick<CartReminderSettings, 'secret' | 'shopUrl'>, id: string) =>
  `${settings.shopUrl}/cart/restore?r=${id}&key=${reminderKey('cart-restore', settings.secret, id)}&${CART_REMINDER_UTM}`;

/** The lines as the mail names them, in its language, from the products table (no prices). */
async function mailLines(db: DbOrTx, lines: CartReminderConsent['lines'], locale: Locale) {
  const rows = await db
    .select({ id: products.id, name: products.name, translations: products.translations })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    );
  return lines.flatMap((line) => {
    const row = rows.find((candidate) => candidate.id === line.productId);
    if (!row) return [];
    const colour = line.colour === null ? null : colourNameIn(line.colour, row.translations, locale);
    return [{ name: lineName(productNameIn(row.name, row.translations, locale), colour), quantity: line.quantity }];
  });
}

/**
 * Deletes the records an order has answered, those of an address that unsubscribed (the shared opt-out: it gets no
 * reminder), and those older than REMINDER_KEEP_DAYS. Run by the reminders' round, and hourly alone while they are off.
 */
export async function forgetCartReminders(db: Db): Promise<void> {
  await db.delete(cartReminders).where(sql`${orderedSinceConsent} or not ${notOptedOut(cartReminders.email)} or ${cartReminders.consentedAt} < now() - make_interval(days => ${REMINDER_KEEP_DAYS})`);
}

/**
 * The reminders' round: forgets what is to go (forgetCartReminders), then takes each record due (its delay passed, no
 * order from its address since the consent, not unsubscribed, not sent) and writes its one mail. A record is taken by
 * setting sent_at in the statement that reads it (`… and sent_at is null returning`), rows another process holds
 * skipped: processes running the round at once never mail one twice. At most `limit` a round.
 */
export async function remindAbandonedCarts(db: Db, settings: CartReminderSettings, limit = 50): Promise<number> {
  await forgetCartReminders(db);
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: cartReminders.id })
      .from(cartReminders)
      .where(
        sql`${cartReminders.sentAt} is null and ${cartReminders.changedAt} <= now() - make_interval(secs => ${settings.hours * 3600}) and not ${orderedSinceConsent} and ${notOptedOut(cartReminders.email)}`,
      )
      .orderBy(cartReminders.changedAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const taken = await tx
      .update(cartReminders)
      .set({ sentAt: sql`now()` })
      .where(and(inArray(cartReminders.id, due), isNull(cartReminders.sentAt)))
      .returning();
    for (const reminder of taken) {
      const locale = isLocale(reminder.locale) ? reminder.locale : 'en';
      const lines = await mailLines(tx, reminder.lines, locale);
      await queueCartReminderMail(tx, { email: reminder.email, locale, url: restoreUrl(settings, reminder.id), lines });
    }
    return taken.length;
  });
}

/** The cart a reminder's link rebuilds, from today's catalogue (`catalogue`: the storefront's, in the page's language). */
export async function restoredCart(db: Db, secret: string, id: string, key: string | undefined, catalogue: readonly Product[]): Promise<RestoredCart> {
  assertReminderKey('cart-restore', secret, id, key);
  const [reminder] = await db.select({ lines: cartReminders.lines }).from(cartReminders).where(eq(cartReminders.id, id));
  if (!reminder) throw new AppError('not_found', { id: 'error.reminder.noSuchReminder' });
  const restored = restoreLines(reminder.lines, catalogue);
  return {
    lines: restored.lines.map(({ product, colour, quantity }) => ({ productId: product.id, colour, quantity, name: lineName(product.name, colour), price: product.price })),
    dropped: restored.dropped.map(({ name, colour }) => ({ name: name === null ? null : lineName(name, colour) })),
  };
}
