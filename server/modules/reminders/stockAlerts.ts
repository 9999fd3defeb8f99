/**
 * Back-in-stock mails, with double opt-in (decision 0045): "Notify me" on a sold-out colour, its confirmation from the
 * mail's link (the page's button), and the round that mails each confirmed subscriber once when the colour is back.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { stockAlerts } from '../../../db/schema/reminders';
import { lineName, productPath } from '../../../domain/catalog';
import type { Product } from '../../../domain/contracts/catalog';
import type { StockAlertView } from '../../../domain/contracts/reminders';
import { isLocale, type Locale } from '../../../domain/locale';
import { colourNameIn, type ProductTranslations, productNameIn } from '../../../domain/productTexts';
import { BACK_IN_STOCK_UTM, canSubscribe, inStock, REMINDER_KEEP_DAYS, type StockAlertRequest } from '../../../domain/reminders';
import { AppError } from '../../errors';
import { isOptedOut, notOptedOut } from '../mail/optOut';
import { queueStockAlertMail } from '../mail/service';
import { assertReminderKey, reminderKey } from './keys';

/** What signs and addresses the links. */
export interface LinkSettings {
  secret: string;
  shopUrl: string;
}

/** The product and colour, as the mail and the page name them in `locale`. */
const alertName = (row: { name: string; translations: ProductTranslations; colour: string | null }, locale: Locale) =>
  lineName(productNameIn(row.name, row.translations, locale), row.colour === null ? null : colourNameIn(row.colour, row.translations, locale));

/**
 * "Notify me": taken only for a colour the storefront shows sold out (409 otherwise), and answered the same whether
 * the address had asked before or not, or unsubscribed; a new request writes its confirmation mail, one already open
 * or from an address that unsubscribed (the shared opt-out) writes nothing.
 */
export async function subscribe(db: Db, links: LinkSettings, catalogue: readonly Product[], request: StockAlertRequest): Promise<void> {
  const product = catalogue.find((candidate) => candidate.id === request.productId);
  if (!product || !canSubscribe(product, request.colour)) throw new AppError('conflict', { id: 'error.stockAlert.notSoldOut' }, 'not_sold_out');
  if (await isOptedOut(db, request.email)) return;
  await db.transaction(async (tx) => {
    const inserted = (await tx.execute(sql`
      insert into ${stockAlerts} (product_id, colour, email, locale) values (${request.productId}, ${request.colour}, ${request.email}, ${request.locale})
      on conflict (product_id, coalesce(colour, ''), lower(email)) where notified_at is null do nothing returning id`)) as unknown as { rows: { id: string }[] };
    const id = inserted.rows[0]?.id;
    if (!id) return;
    const option = product.colourOptions.find((candidate) => candidate.name === request.colour);
    const url = `${links.shopUrl}/stock-alerts/confirm?a=${id}&key=${reminderKey('stock-alert-confirm', links.secret, id)}`;
    await queueStockAlertMail(tx, { email: request.email, locale: request.locale, url, name: lineName(product.name, option?.label ?? null), back: false });
  });
}

async function alertRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      confirmedAt: stockAlerts.confirmedAt,
      notifiedAt: stockAlerts.notifiedAt,
      colour: stockAlerts.colour,
      locale: stockAlerts.locale,
      name: products.name,
      translations: products.translations,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(eq(stockAlerts.id, id));
  if (!row) throw new AppError('not_found', { id: 'error.stockAlert.noSuchAlert' });
  return row;
}

const viewOf = (row: Awaited<ReturnType<typeof alertRow>>, locale: Locale): StockAlertView => ({
  name: alertName(row, locale),
  confirmed: row.confirmedAt !== null,
  ended: row.notifiedAt !== null,
});

/** The confirmation page's subscription; opening it changes nothing (mail scanners open links). */
export async function stockAlertView(db: Db, secret: string, id: string, key: string | undefined, locale: Locale): Promise<StockAlertView> {
  assertReminderKey('stock-alert-confirm', secret, id, key);
  return viewOf(await alertRow(db, id), locale);
}

/** The page's button: the subscription confirmed (once; again, answered as it is). */
export async function confirmStockAlert(db: Db, secret: string, id: string, key: string | undefined, locale: Locale): Promise<StockAlertView> {
  assertReminderKey('stock-alert-confirm', secret, id, key);
  await db
    .update(stockAlerts)
    .set({ confirmedAt: sql`now()` })
    .where(and(eq(stockAlerts.id, id), isNull(stockAlerts.confirmedAt)));
  return viewOf(await alertRow(db, id), locale);
}

/**
 * The back-in-stock round: each confirmed subscription whose colour can be bought again (domain/reminders inStock, read
 * from the products table, not a process's catalogue) gets its one mail, and ends. A subscription is taken by the
 * statement that sets notified_at where it is still null (`returning`), rows another process holds skipped: processes
 * running the round at once never mail one twice. Stock that moves between two numbers above 0 (3 → 2) has no
 * subscriber: none is taken for a colour in stock. Then forgets the ended and the unconfirmed older than 7 days, and those of an address that unsubscribed.
 */
export async function mailBackInStock(db: Db, shopUrl: string, limit = 100): Promise<number> {
  const sent = await db.transaction(async (tx) => {
    const waiting = await tx
      .select({ id: stockAlerts.id, colour: stockAlerts.colour, active: products.active, stock: products.stock, colourOptions: products.colourOptions })
      .from(stockAlerts)
      .innerJoin(products, eq(products.id, stockAlerts.productId))
      .where(and(isNotNull(stockAlerts.confirmedAt), isNull(stockAlerts.notifiedAt), notOptedOut(stockAlerts.email)))
      .limit(limit)
      .for('update', { of: stockAlerts, skipLocked: true });
    const back = waiting.filter((row) => inStock(row, row.colour)).map((row) => row.id);
    if (back.length === 0) return 0;
    const taken = await tx
      .update(stockAlerts)
      .set({ notifiedAt: sql`now()` })
      .where(and(inArray(stockAlerts.id, back), isNull(stockAlerts.notifiedAt)))
      .returning({ email: stockAlerts.email, locale: stockAlerts.locale, colour: stockAlerts.colour, productId: stockAlerts.productId });
    for (const alert of taken) {
      const [product] = await tx.select({ name: products.name, slug: products.slug, translations: products.translations }).from(products).where(eq(products.id, alert.productId));
      if (!product) continue;
      const locale = isLocale(alert.locale) ? alert.locale : 'en';
      const url = `${shopUrl}${productPath(product)}?${BACK_IN_STOCK_UTM}`;
      await queueStockAlertMail(tx, { email: alert.email, locale, url, name: alertName({ ...product, colour: alert.colour }, locale), back: true });
    }
    return taken.length;
  });
  await db
    .delete(stockAlerts)
    .where(
      sql`(${stockAlerts.notifiedAt} < now() - make_interval(days => ${REMINDER_KEEP_DAYS})) or (${stockAlerts.confirmedAt} is null and ${stockAlerts.createdAt} < now() - make_interval(days => ${REMINDER_KEEP_DAYS})) or not ${notOptedOut(stockAlerts.email)}`,
    );
  return sent;
}

/** How many confirmed subscribers wait for each colour of a product (`''`: the product without colours), for its form. */
export async function waitingSubscribers(db: Db, productId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ colour: sql<string>`coalesce(${stockAlerts.colour}, '')`, count: sql<number>`count(*)::int` })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), isNotNull(stockAlerts.confirmedAt), isNull(stockAlerts.notifiedAt)))
    .groupBy(sql`coalesce(${stockAlerts.colour}, '')`);
  return Object.fromEntries(rows.map((row) => [row.colour, row.count]));
}
