import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedStatement } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { codBlocks, orderEvents, orderLines, orders } from '../../../db/schema/orders';
import type { StoredColourOption } from '../../../domain/catalog';
import { CURRENCY } from '../../../domain/money';
import type { ProductTranslations } from '../../../domain/productTexts';
import { type CountedRow, countHitsSql } from '../../rateLimits';
import { orderPlacedMailsSql } from '../mail/service';
import { ownerPushSql } from '../push/service';

/** The prepared statements that read an order's products and write a new order with its rows (placeOrder, place.ts). */
/** The products an order names, as placing it reads them, and whether its contact may pay cash (prepared: every order runs it). */
export const orderedProducts = preparedStatement<{
  id: string;
  name: string;
  price: number;
  stock: number | null;
  active: boolean;
  colour_options: StoredColourOption[];
  translations: ProductTranslations;
  cash_refused: boolean;
}>('order_products', (db) =>
  db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      stock: products.stock,
      active: products.active,
      colourOptions: products.colourOptions,
      translations: products.translations,
      // Whether the owner takes no cash on delivery from the order's contact (orders/codRisk.ts), asked in the same
      // round trip: null for an order that does not pay cash.
      cashRefused:
        sql<boolean>`exists (select 1 from ${codBlocks} where (${codBlocks.kind} = 'email' and ${codBlocks.value} = ${sql.placeholder('codEmail')}::text) or (${codBlocks.kind} = 'phone' and ${codBlocks.value} = ${sql.placeholder('codPhone')}::text))`.as(
          'cash_refused',
        ),
    })
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')})`),
);

const placeholder = sql.placeholder;
const ORDER_ID = sql`${placeholder('orderId')}::uuid`;

/**
 * A new order, unless its idempotency key is taken (a concurrent twin with the same key waits here for the first to
 * commit, then inserts nothing).
 */
const orderInsert = (db: DbOrTx) =>
  db
    .insert(orders)
    .values({
      status: placeholder('status'),
      paymentMethod: placeholder('paymentMethod'),
      firstName: placeholder('firstName'),
      lastName: placeholder('lastName'),
      email: placeholder('email'),
      country: placeholder('country'),
      county: placeholder('county'),
      city: placeholder('city'),
      street: placeholder('street'),
      streetNumber: placeholder('streetNumber'),
      addressLine2: placeholder('addressLine2'),
      postalCode: placeholder('postalCode'),
      phoneNumber: placeholder('phoneNumber'),
      locker: placeholder('locker'),
      subtotal: placeholder('subtotal'),
      discount: placeholder('discount'),
      discountCode: placeholder('discountCode'),
      discountCodeId: placeholder('discountCodeId'),
      shipping: placeholder('shipping'),
      shippingVatRate: placeholder('shippingVatRate'),
      shippingVat: placeholder('shippingVat'),
      totalAmount: placeholder('totalAmount'),
      currency: CURRENCY,
      userId: placeholder('userId'),
      idempotencyKey: placeholder('idempotencyKey'),
      requestHash: placeholder('requestHash'),
      locale: placeholder('locale'),
      placedByOwner: placeholder('placedByOwner'),
      channel: placeholder('channel'),
      campaign: placeholder('campaign'),
      attribution: placeholder('attribution'),
    })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning({ id: orders.id, number: orders.number });

/** The order alone (prepared): for an order that takes counted stock, which it takes once the order is in. */
export const insertOrder = preparedStatement<{ id: string; number: number }>('order_insert', orderInsert);

/**
 * What a new order writes besides itself, as the CTEs of one statement: its lines (one array per column, in the
 * lines' order), the first event of its timeline, its mails when `mails` (not for a card order awaiting payment: it
 * gets them once paid), the owners' notifications with its mails, and the hits it counts against the order limits (the CTE `hits`: their counts). `order` is
 * its id; `placed`, the CTE that inserts the order in the same statement, if one does: then nothing is written
 * unless it inserted one.
 */
function orderRowsSql(mails: boolean, order: SQL, placed?: SQL): SQL {
  const fromPlaced = placed ? sql`${placed}, ` : sql``;
  const lines = sql`insert into ${orderLines} (order_id, product_id, name, unit_price, quantity, colour, colour_label, stock_taken, colour_stock_taken, vat_rate, vat_amount)
    select ${order}, line.product_id, line.name, line.unit_price, line.quantity, line.colour, line.colour_label, line.stock_taken, line.colour_stock_taken, line.vat_rate, line.vat_amount
    from ${fromPlaced}unnest(${placeholder('productIds')}::text[], ${placeholder('names')}::text[], ${placeholder('unitPrices')}::int[], ${placeholder('quantities')}::int[],
      ${placeholder('colours')}::text[], ${placeholder('colourLabels')}::text[], ${placeholder('stockTaken')}::int[], ${placeholder('colourStockTaken')}::int[],
      ${placeholder('vatRates')}::int[], ${placeholder('vatAmounts')}::int[])
      with ordinality as line(product_id, name, unit_price, quantity, colour, colour_label, stock_taken, colour_stock_taken, vat_rate, vat_amount, position)
    order by line.position`;
  const event = sql`insert into ${orderEvents} (order_id, actor, actor_user_id, to_status) select ${order}, ${placeholder('actor')}::text, ${placeholder('actorUserId')}::text, ${placeholder('status')}::text${placed ? sql` from ${placed}` : sql``}`;
  // With its mails, the owners' phones are told of it (push/service.ts): one notification per owner's subscription.
  const orderMails = mails ? sql`, mails as (${orderPlacedMailsSql(order, sql`${placeholder('email')}::text`, placed)}), pushes as (${ownerPushSql('new_order', order, placed)})` : sql``;
  const hits = countHitsSql(placeholder('hitKeys'), placeholder('hitSeconds'), placed && sql`exists (select from ${placed})`);
  return sql`lines as (${lines}), event as (${event})${orderMails}, hits as (${hits})`;
}

/** The rows of an order just inserted (insertOrder), in one statement. Prepared: every order that takes stock runs one of the two. */
function orderRows(mails: boolean) {
  return preparedStatement<CountedRow>(mails ? 'order_rows_mails' : 'order_rows', () => sql`with ${orderRowsSql(mails, ORDER_ID)} select key, count, seconds_left from hits`);
}
export const insertOrderRows = orderRows(false);
export const insertOrderRowsAndMails = orderRows(true);

/**
 * A new order and all its rows in one statement, for an order that takes no counted stock (most do not): nothing is
 * written before it, so a twin that placed the order first (it returns no row) leaves nothing to undo. Prepared:
 * every such order runs one of the two.
 */
function orderWithRows(mails: boolean) {
  const placed = sql`${sql.identifier('placed')}`;
  return preparedStatement<{ id: string; number: number; hits: CountedRow[] | null }>(
    mails ? 'order_with_rows_mails' : 'order_with_rows',
    (db) =>
      sql`with ${placed} as (${orderInsert(db).getSQL()}), ${orderRowsSql(mails, sql`${placed}.id`, placed)}
      select ${placed}.id, ${placed}.number, (select json_agg(hits) from hits) as hits from ${placed}`,
  );
}
export const insertOrderWithRows = orderWithRows(false);
export const insertOrderWithRowsAndMails = orderWithRows(true);
