import type { OrderLocker } from '../../../domain/lockers';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { lineName, type StoredColourOption } from '../../../domain/catalog';
import { cityWithSector, type OrderRequest } from '../../../domain/checkout';
import { stockViewChanges } from '../../../domain/catalog';
import { bucharestDay, DEFAULT_LOCALE, type Locale } from '../../../domain/locale';
import { colourNameIn, productNameIn, type ProductTranslations } from '../../../domain/productTexts';
import { onlyLeft } from '../../../domain/messages';
import { CURRENCY } from '../../../domain/money';
import { canTransition, RESTOCKING_STATUSES, type NewOrderStatus, type OrderActor, type OrderStatus } from '../../../domain/orders';
import { MAX_ORDER_TOTAL, overOrderMaximum, totalsFor, type Totals } from '../../../domain/pricing';
import { amountValue } from '../../../domain/issueValues';
import { orderVat, standardVatRateAt } from '../../../domain/vat';
import { type Db, type DbOrTx, preparedStatement } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { orderEvents, orderLines, orders, paymentAlerts } from '../../../db/schema/orders';
import { AppError } from '../../errors';
import { countHitsSql, type CountedRow, type Hit, hitsToCount, type Refusal, refusalOf } from '../../rateLimits';
import { notifyCatalogueChanged } from '../catalog/changes';
import { lineView } from './lineView';
import { orderPlacedMailsSql, queuePaidAfterCancelMail, queuePaymentAlertMail, queueStatusMails } from '../mail/service';
import type { OrderView } from '../../../domain/contracts/orders';
import { withdrawalLastDay } from '../../../domain/withdrawal';
import { receivedAtOf } from './received';
import { invoicesOfOrders, invoiceStatusChange, type Invoicing } from '../invoices/service';
import { invoiceAction } from '../../../domain/invoice';
import { type AppliedCode, applicableCode, countCodeUse, giveBackCodeUse } from '../discounts/usage';

export interface PlacedOrder {
  id: string;
  /** The short order number (10001 upward). */
  number: number;
  /** True when the idempotency key had already placed this order (a retry or a double click). */
  replayed: boolean;
  /** The totals the server computed and stored (the first time, for a replay). */
  totals: Totals;
  /** The hits of placeOrder's `count` now over their limit (a new order only; empty when all are within). */
  refused?: Refusal;
}

/** Same request, same hash: a retry with the key is compared with the key's first use. */
function requestHash(request: OrderRequest): string {
  // A line without a colour hashes as it did before colours travelled with lines, so older keys still match.
  const lines = [...request.lines]
    .sort((a, b) => a.productId.localeCompare(b.productId) || (a.colour ?? '').localeCompare(b.colour ?? ''))
    .map((line) => (line.colour === null ? [line.productId, line.quantity] : [line.productId, line.quantity, line.colour]));
  const canonical = [
    request.email,
    request.firstName,
    request.lastName,
    request.country,
    request.county,
    cityWithSector(request),
    request.street,
    request.streetNumber,
    request.postalCode,
    request.phoneNumber,
    request.paymentMethod,
    lines,
    // Only when there is one, so the keys of orders to an address hash as before lockers.
    ...(request.lockerId ? [request.lockerId] : []),
    // Likewise only with a code, tagged so it never reads as a locker.
    ...(request.discountCode ? [['discount', request.discountCode]] : []),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** What an order wants of one product: its units in all, and per colour whose stock is counted. */
interface Wanted {
  /** The product's name, and each colour's, as the customer reads them (for "Only N left of …"). */
  name: string;
  colourName: (colour: string) => string;
  quantity: number;
  counted: boolean;
  colours: Map<string, number>;
}

/**
 * Takes each colour's quantity from its own counted stock, under the product row's lock (the
 * colours live in the row's JSON): like the product's stock, more than is left is a 409 unless the
 * order is paid. Returns the units taken per colour.
 */
async function takeColourStock(tx: DbOrTx, id: string, line: Wanted, takeWhatIsLeft: boolean): Promise<{ taken: Map<string, number>; shownStockChanged: boolean }> {
  const taken = new Map<string, number>();
  let shownStockChanged = false;
  const [row] = await tx.select({ colours: products.colourOptions }).from(products).where(eq(products.id, id)).for('update');
  const colours = (row?.colours ?? []).map((option) => {
    const quantity = line.colours.get(option.name);
    if (quantity === undefined || option.stock == null) return option;
    if (option.stock < quantity && !takeWhatIsLeft) {
      throw new AppError('conflict', onlyLeft(option.stock, lineName(line.name, line.colourName(option.name))), 'out_of_stock');
    }
    const units = Math.min(quantity, option.stock);
    taken.set(option.name, units);
    shownStockChanged ||= stockViewChanges(option.stock, option.stock - units);
    return { ...option, stock: option.stock - units };
  });
  if (taken.size > 0) await tx.update(products).set({ colourOptions: colours }).where(eq(products.id, id));
  return { taken, shownStockChanged };
}

/** The one order in which products' rows are locked (taking stock, putting it back), so two transactions never deadlock. */
const inProductIdOrder = ([a]: [string, unknown], [b]: [string, unknown]) => a.localeCompare(b);

/**
 * Takes each product's quantity from its counted stock (products whose stock is null are not
 * counted), then each colour's from the colour's own, in product id order so concurrent orders
 * lock rows in one order and never deadlock.
 * Asking for more than is left throws 409 "Only N left of …" and, the transaction rolling back,
 * writes nothing. A paid order (`takeWhatIsLeft`: Stripe has the money) is never refused: it takes
 * what is left and the owner sees the shortfall in stock. Returns the units taken per product, and
 * per product and colour.
 */
async function takeStock(
  tx: DbOrTx,
  wanted: Map<string, Wanted>,
  takeWhatIsLeft: boolean,
): Promise<{ taken: Map<string, number>; coloursTaken: Map<string, Map<string, number>> }> {
  const taken = new Map<string, number>();
  const coloursTaken = new Map<string, Map<string, number>>();
  let shownStockChanged = false;
  for (const [id, line] of [...wanted].sort(inProductIdOrder)) {
    if (line.counted) shownStockChanged = (await takeProductStock(tx, id, line, takeWhatIsLeft, taken)) || shownStockChanged;
    if (line.colours.size > 0) {
      const colours = await takeColourStock(tx, id, line, takeWhatIsLeft);
      coloursTaken.set(id, colours.taken);
      shownStockChanged ||= colours.shownStockChanged;
    }
  }
  // The storefront's catalogue is held in memory and shows stock only as Sold Out or "Only N left":
  // only an order that changes those makes every process reload it (most orders do not).
  if (shownStockChanged) await notifyCatalogueChanged(tx);
  return { taken, coloursTaken };
}

/**
 * Takes a product's units from its own counted stock (see takeStock); records what it took in
 * `taken`. Returns whether the storefront now says something else of it (stockViewChanges).
 */
async function takeProductStock(tx: DbOrTx, id: string, line: Wanted, takeWhatIsLeft: boolean, taken: Map<string, number>): Promise<boolean> {
  // The row is locked first, so what was there before is known exactly (a paid order may take less than it asks).
  const [current] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, id)).for('update');
  if (current?.stock == null) return false;
  if (current.stock < line.quantity && !takeWhatIsLeft) {
    // Not enough: say how many are left.
    throw new AppError('conflict', onlyLeft(current.stock, line.name), 'out_of_stock');
  }
  const units = Math.min(line.quantity, current.stock);
  await tx.update(products).set({ stock: current.stock - units }).where(eq(products.id, id));
  taken.set(id, units);
  return stockViewChanges(current.stock, current.stock - units);
}

/**
 * The colour a line is for, as the product names it. A product with colours needs one (except a
 * paid order: Stripe has the money, and a purchase started before colours were sent names none); a
 * colour the product does not have is refused with 400 (a paid order keeps it as named). Whether the
 * colour is switched off is checked later (`switchedOff`), once a retry of an order already placed has
 * been answered.
 */
function chosenColour(product: { name: string; colourOptions: StoredColourOption[] }, colour: string | null, paid: boolean): string | null {
  if (colour === null) {
    if (product.colourOptions.length > 0 && !paid) throw new AppError('bad_request', { id: 'error.order.colourRequired', values: { name: product.name } }, 'colour_required');
    return null;
  }
  const option = product.colourOptions.find((candidate) => candidate.name.toLowerCase() === colour.toLowerCase());
  if (option) return option.name;
  // Paid for in a colour the owner has since removed or renamed: the line says which, for the owner to see to.
  if (paid) return colour;
  throw new AppError('bad_request', { id: 'error.order.unknownColour', values: { name: product.name, colour } }, 'unknown_colour');
}

/**
 * The order an earlier request with this idempotency key placed, answered again (replayed); 409 when that
 * request said something else; null when there is none.
 */
async function placedBefore(tx: DbOrTx, idempotencyKey: string, hash: string): Promise<PlacedOrder | null> {
  const [existing] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      requestHash: orders.requestHash,
      subtotal: orders.subtotal,
      discount: orders.discount,
      shipping: orders.shipping,
      total: orders.totalAmount,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey));
  if (!existing) return null;
  if (existing.requestHash !== hash) throw new AppError('conflict', { id: 'error.order.submittedWithOtherDetails' }, 'idempotency_key_reused');
  const { subtotal, discount, shipping, total } = existing;
  return { id: existing.id, number: existing.number, replayed: true, totals: { subtotal, discount, shipping, total } };
}

/** The products an order names, as placing it reads them (prepared: every order runs it). */
const orderedProducts = preparedStatement<{
  id: string;
  name: string;
  price: number;
  stock: number | null;
  active: boolean;
  colour_options: StoredColourOption[];
  translations: ProductTranslations;
}>(
  'order_products',
  (db) =>
    db
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        stock: products.stock,
        active: products.active,
        colourOptions: products.colourOptions,
        translations: products.translations,
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
    })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning({ id: orders.id, number: orders.number });

/** The order alone (prepared): for an order that takes counted stock, which it takes once the order is in. */
const insertOrder = preparedStatement<{ id: string; number: number }>('order_insert', orderInsert);

/**
 * What a new order writes besides itself, as the CTEs of one statement: its lines (one array per column, in the
 * lines' order), the first event of its timeline, its mails when `mails` (not for a card order awaiting payment: it
 * gets them once paid) and the hits it counts against the order limits (the CTE `hits`: their counts). `order` is
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
  const event = sql`insert into ${orderEvents} (order_id, actor, to_status) select ${order}, ${placeholder('actor')}::text, ${placeholder('status')}::text${placed ? sql` from ${placed}` : sql``}`;
  const orderMails = mails ? sql`, mails as (${orderPlacedMailsSql(order, sql`${placeholder('email')}::text`, placed)})` : sql``;
  const hits = countHitsSql(placeholder('hitKeys'), placeholder('hitSeconds'), placed && sql`exists (select from ${placed})`);
  return sql`lines as (${lines}), event as (${event})${orderMails}, hits as (${hits})`;
}

/** The rows of an order just inserted (insertOrder), in one statement. Prepared: every order that takes stock runs one of the two. */
function orderRows(mails: boolean) {
  return preparedStatement<CountedRow>(mails ? 'order_rows_mails' : 'order_rows', () => sql`with ${orderRowsSql(mails, ORDER_ID)} select key, count, seconds_left from hits`);
}
const insertOrderRows = orderRows(false);
const insertOrderRowsAndMails = orderRows(true);

/**
 * A new order and all its rows in one statement, for an order that takes no counted stock (most do not): nothing is
 * written before it, so a twin that placed the order first (it returns no row) leaves nothing to undo. Prepared:
 * every such order runs one of the two.
 */
function orderWithRows(mails: boolean) {
  const placed = sql`${sql.identifier('placed')}`;
  return preparedStatement<{ id: string; number: number; hits: CountedRow[] | null }>(mails ? 'order_with_rows_mails' : 'order_with_rows', (db) =>
    sql`with ${placed} as (${orderInsert(db).getSQL()}), ${orderRowsSql(mails, sql`${placed}.id`, placed)}
      select ${placed}.id, ${placed}.number, (select json_agg(hits) from hits) as hits from ${placed}`,
  );
}
const insertOrderWithRows = orderWithRows(false);
const insertOrderWithRowsAndMails = orderWithRows(true);

/**
 * Runs `work` in the caller's transaction when given one, else in a new one. Inside a caller's
 * transaction no savepoint is made (two round trips): every caller lets a failure end its whole
 * transaction, so there is nothing to roll back to.
 */
function inTransaction<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db) : db.transaction(work);
}

/**
 * Places an order in one transaction (the caller's, when it has one): current prices are looked up, totals computed here (never
 * taken from the client), stock taken, and the order stored with a copy of each line, the first
 * event of its timeline and its mails (the outbox). The idempotency key makes retries, double clicks and concurrent duplicates
 * return the one order it first created (and take stock once).
 */
export async function placeOrder(
  db: DbOrTx,
  request: OrderRequest,
  options: {
    userId?: string | null;
    status?: NewOrderStatus;
    actor?: Extract<OrderActor, 'customer' | 'stripe'>;
    locale?: Locale;
    maxTotal?: number;
    /** Hits a new order counts (checkout's order limits), in its rows' statement; what they put over their limit is returned. */
    count?: Hit[];
    /** The locker the request's lockerId names, as the order keeps it (checkout looks it up). */
    locker?: OrderLocker;
  } = {},
): Promise<PlacedOrder> {
  const hash = requestHash(request);
  const status = options.status ?? 'pending';
  // A paid order comes from Stripe with the money taken: it is kept whatever the stock says.
  const paid = status === 'paid';
  // Lines keep the names the customer read, in the language they ordered in.
  const locale = options.locale ?? DEFAULT_LOCALE;

  return inTransaction(db, async (tx) => {
    const ids = request.lines.map((line) => line.productId);
    const found = (await orderedProducts(tx, { ids })).map(({ colour_options: colourOptions, ...product }) => ({
      ...product,
      name: productNameIn(product.name, product.translations, locale),
      colourName: (colour: string) => colourNameIn(colour, product.translations, locale),
      colourOptions,
    }));
    const byId = new Map(found.map((product) => [product.id, product]));
    const priceLines = () => {
      const unknown = ids.filter((id) => !byId.has(id));
      if (unknown.length > 0) {
        throw new AppError('bad_request', { id: 'error.order.unknownProduct', values: { ids: unknown.join(', ') } }, 'unknown_product');
      }
      const hidden = found.find((product) => !product.active);
      if (hidden && !paid) throw new AppError('conflict', { id: 'message.noLongerSold', values: { name: hidden.name } }, 'product_not_sold');
      const lines = request.lines.map((line) => {
        const product = byId.get(line.productId)!;
        const colour = chosenColour(product, line.colour, paid);
        return { productId: product.id, name: product.name, unitPrice: product.price, quantity: line.quantity, colour, colourLabel: colour && product.colourName(colour) };
      });
      // A colour switched off shows Sold Out and cannot be ordered (a paid order is kept all the same).
      const switchedOff = lines.find((line) => !paid && byId.get(line.productId)!.colourOptions.some((option) => option.name === line.colour && !option.available));
      if (switchedOff) throw new AppError('conflict', onlyLeft(0, lineName(switchedOff.name, switchedOff.colourLabel)), 'out_of_stock');
      return lines;
    };
    let priced: ReturnType<typeof priceLines>;
    let code: AppliedCode | null = null;
    try {
      priced = priceLines();
      // The code's row is locked from here to the order's end: the last uses go to as many orders as there are uses.
      if (request.discountCode) {
        code = await applicableCode(tx, request.discountCode, {
          subtotal: totalsFor(priced).subtotal,
          today: bucharestDay(new Date()),
          contact: { email: request.email, phoneNumber: request.phoneNumber },
          lock: true,
        });
      }
    } catch (refusal) {
      // A retry of an order placed before the product was hidden or its colour renamed or switched off is answered
      // (or its code used up) with that order: the customer whose answer was lost must not be told it failed. Only a refusal looks (no cost
      // to a good order).
      const before = refusal instanceof AppError ? await placedBefore(tx, request.idempotencyKey, hash) : null;
      if (before) return before;
      throw refusal;
    }
    const totals = totalsFor(priced, code);
    // A paid order (Stripe has the money) is kept whatever it totals; any other over the most one may total writes nothing.
    const maxTotal = options.maxTotal ?? MAX_ORDER_TOTAL;
    if (!paid && overOrderMaximum(totals, maxTotal)) {
      throw new AppError('bad_request', { id: 'error.order.tooLarge', values: { max: amountValue(maxTotal) } }, 'order_too_large');
    }
    const vatRate = standardVatRateAt(new Date());
    const vat = orderVat(priced, totals.shipping, vatRate);
    const order = {
      status,
      paymentMethod: request.paymentMethod,
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      country: request.country,
      county: request.county,
      city: cityWithSector(request),
      street: request.street,
      streetNumber: request.streetNumber,
      postalCode: request.postalCode,
      phoneNumber: request.phoneNumber,
      // As JSON text (jsonb takes it): a placeholder's value reaches the driver as it is.
      locker: options.locker ? JSON.stringify(options.locker) : null,
      subtotal: totals.subtotal,
      discount: totals.discount,
      discountCode: code?.code ?? null,
      discountCodeId: code?.id ?? null,
      shipping: totals.shipping,
      shippingVatRate: vatRate,
      shippingVat: vat.shipping,
      totalAmount: totals.total,
      userId: options.userId ?? null,
      idempotencyKey: request.idempotencyKey,
      requestHash: hash,
      locale,
    };
    const wanted = new Map<string, Wanted>();
    for (const line of priced) {
      const product = byId.get(line.productId)!;
      const entry = wanted.get(line.productId) ?? { name: line.name, colourName: product.colourName, quantity: 0, counted: product.stock !== null, colours: new Map() };
      entry.quantity += line.quantity;
      const counted = product.colourOptions.find((option) => option.name === line.colour)?.stock != null;
      if (line.colour !== null && counted) entry.colours.set(line.colour, line.quantity);
      wanted.set(line.productId, entry);
    }
    const hits = hitsToCount(options.count ?? []);
    // Its lines, the first event of its timeline, its hits and, but for a card order awaiting payment (it gets them
    // once paid), its confirmation and the owner's alert, each line with the stock it took.
    const rows = (taken = new Map<string, number>(), coloursTaken = new Map<string, Map<string, number>>()) => {
      // The product's units are recorded on its first line (two colours are two lines); a colour's on its own line.
      const lines = priced.map((line, index) => {
        const units = taken.get(line.productId) ?? 0;
        taken.delete(line.productId);
        const colourUnits = line.colour === null ? 0 : (coloursTaken.get(line.productId)?.get(line.colour) ?? 0);
        return { ...line, stockTaken: units, colourStockTaken: colourUnits, vatRate, vatAmount: vat.lines[index]! };
      });
      const column = <K extends keyof (typeof lines)[number]>(key: K) => lines.map((line) => line[key]);
      return {
        productIds: column('productId'),
        names: column('name'),
        unitPrices: column('unitPrice'),
        quantities: column('quantity'),
        colours: column('colour'),
        colourLabels: column('colourLabel'),
        stockTaken: column('stockTaken'),
        colourStockTaken: column('colourStockTaken'),
        vatRates: column('vatRate'),
        vatAmounts: column('vatAmount'),
        actor: options.actor ?? 'customer',
        status,
        email: request.email,
        hitKeys: hits.keys,
        hitSeconds: hits.seconds,
      };
    };
    /** The order a twin with the same key placed first (this one inserted nothing): answered as a replay. */
    const twinsOrder = async () => {
      const before = await placedBefore(tx, request.idempotencyKey, hash);
      if (!before) throw new AppError('conflict', { id: 'error.order.submittedWithOtherDetails' }, 'idempotency_key_reused');
      return before;
    };
    const awaitingPayment = status === 'awaiting_payment';

    if (![...wanted.values()].some((line) => line.counted || line.colours.size > 0)) {
      // No stock to take: the order and all its rows in one statement, one round trip.
      const [placed] = await (awaitingPayment ? insertOrderWithRows : insertOrderWithRowsAndMails)(tx, { ...order, ...rows() });
      if (!placed) return twinsOrder();
      if (code) await countCodeUse(tx, code.id);
      return { id: placed.id, number: placed.number, replayed: false, totals, refused: refusalOf(hits, placed.hits ?? []) };
    }
    // Stock to take: the order first (a twin waits here, then takes nothing), its stock, then its rows.
    const [created] = await insertOrder(tx, order);
    if (!created) return twinsOrder();
    if (code) await countCodeUse(tx, code.id);
    const { taken, coloursTaken } = await takeStock(tx, wanted, paid);
    const counted = await (awaitingPayment ? insertOrderRows : insertOrderRowsAndMails)(tx, { orderId: created.id, ...rows(taken, coloursTaken) });
    return { id: created.id, number: created.number, replayed: false, totals, refused: refusalOf(hits, counted) };
  });
}

/**
 * Puts back the stock an order's lines took (for products, and colours, whose stock is still counted). Each
 * product's row is locked in product id order, as orders take stock (takeStock), so a cancellation and an
 * order never deadlock.
 */
async function putBackStock(tx: DbOrTx, orderId: string): Promise<void> {
  const lines = await tx
    .select({ productId: orderLines.productId, units: orderLines.stockTaken, colour: orderLines.colour, colourUnits: orderLines.colourStockTaken })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.productId), or(gt(orderLines.stockTaken, 0), gt(orderLines.colourStockTaken, 0))));
  const byProduct = new Map<string, { units: number; colours: Map<string, number> }>();
  for (const line of lines) {
    const back = byProduct.get(line.productId!) ?? { units: 0, colours: new Map<string, number>() };
    back.units += line.units;
    if (line.colourUnits > 0) back.colours.set(line.colour!, (back.colours.get(line.colour!) ?? 0) + line.colourUnits);
    byProduct.set(line.productId!, back);
  }
  for (const [productId, back] of [...byProduct].sort(inProductIdOrder)) {
    const [row] = await tx.select({ stock: products.stock, colours: products.colourOptions }).from(products).where(eq(products.id, productId)).for('update');
    if (!row) continue;
    const colourOptions = row.colours.map((option) => {
      const units = back.colours.get(option.name);
      return units === undefined || option.stock == null ? option : { ...option, stock: option.stock + units };
    });
    await tx
      .update(products)
      .set({ stock: row.stock === null ? null : row.stock + back.units, colourOptions })
      .where(eq(products.id, productId));
  }
  // Rare (a cancellation or a return): the storefront's catalogue is reloaded whatever it showed.
  await notifyCatalogueChanged(tx);
}

/**
 * A card order as Stripe is to charge it: its status and current Checkout Session, and its lines as the customer
 * read them (name with colour, unit price in bani, quantity). Null when there is no such order.
 */
export async function cardOrderToPay(db: DbOrTx, id: string) {
  const [order] = await db.select({ status: orders.status, stripeSessionId: orders.stripeSessionId }).from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const lines = await db
    .select({ name: orderLines.name, colourLabel: orderLines.colourLabel, unitPrice: orderLines.unitPrice, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.id));
  return { ...order, lines: lines.map((line) => ({ name: lineName(line.name, line.colourLabel), unitAmount: line.unitPrice, quantity: line.quantity })) };
}

/**
 * Links a card order still awaiting payment to the Checkout Session that is to pay it (a replay after Stripe's
 * idempotency window gets a new one). False when the order is no longer awaiting payment (paid, cancelled) or gone:
 * the session of an order changes only while it awaits payment.
 */
export async function attachCheckoutSession(db: DbOrTx, id: string, stripeSessionId: string): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ stripeSessionId })
    .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  return updated.length > 0;
}

/** Records the session that paid an order created paid (a single-product purchase), and when. */
export async function recordCardPayment(db: DbOrTx, id: string, payment: { stripeSessionId: string; paidAt: Date }): Promise<void> {
  await db.update(orders).set(payment).where(eq(orders.id, id));
}

/**
 * Records a card payment that arrived for an order already cancelled (the customer paid on Stripe's page while
 * the owner cancelled it), once, and writes the owners' alert to refund it. False when the order is not a
 * cancelled one without a payment.
 */
export async function recordPaymentAfterCancel(tx: DbOrTx, id: string, stripeSessionId: string): Promise<boolean> {
  const [late] = await tx
    .update(orders)
    .set({ paidAt: new Date(), stripeSessionId })
    .where(and(eq(orders.id, id), eq(orders.status, 'cancelled'), isNull(orders.paidAt)))
    .returning({ id: orders.id });
  if (late) await queuePaidAfterCancelMail(tx, late.id);
  return late !== undefined;
}

export type PaymentAlertKind = (typeof paymentAlerts.$inferInsert)['kind'];

/**
 * Records a card payment the owner must look at (its amount is not the order's, or the order was paid before by
 * another session) and writes the owners' alert, once per session: false when it was recorded before (a
 * redelivered event).
 */
export async function recordPaymentAlert(tx: DbOrTx, alert: { orderId: string; kind: PaymentAlertKind; stripeSessionId: string; amount: number | null; currency: string | null }): Promise<boolean> {
  const [recorded] = await tx.insert(paymentAlerts).values(alert).onConflictDoNothing().returning({ id: paymentAlerts.id });
  if (recorded) await queuePaymentAlertMail(tx, alert.orderId, recorded.id);
  return recorded !== undefined;
}

/** An order's total and the session that paid it, locked, for comparing a payment with it. */
export async function orderPaymentState(tx: DbOrTx, id: string) {
  const [order] = await tx
    .select({ total: orders.totalAmount, stripeSessionId: orders.stripeSessionId, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  return order ?? null;
}

/**
 * Removes a card order that never got a Checkout Session (Stripe refused to make one), with its
 * lines. It was never acknowledged to anyone; an order that has a session, or has moved on, stays.
 */
export async function discardOrderWithoutSession(db: DbOrTx, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment'), isNull(orders.stripeSessionId)))
      .for('update');
    if (!order) return false;
    await giveBackCodeUse(tx, id);
    await putBackStock(tx, id);
    await tx.delete(orders).where(eq(orders.id, id));
    return true;
  });
}

/** What became of a request to move an order on. */
export type StatusChange = 'changed' | 'not_allowed' | 'stale' | 'unknown_order';

export interface StatusChangeOptions {
  /** Who makes the change (the timeline's "who"), and the owner's user id for the owner's changes. */
  actor: OrderActor;
  actorUserId?: string;
  /** Only from this status: a caller acting for one status (Stripe's expiry for an unpaid order) changes nothing else. */
  from?: OrderStatus;
  /** Only if the order is still at this version (the owner's view of it); otherwise 'stale'. */
  version?: number;
  note?: string | null;
  set?: { paidAt?: Date; stripeSessionId?: string; carrier?: string; trackingNumber?: string; cancelReason?: string };
  /** The shop's invoicing: the change issues the order's invoice, or its credit note, when it calls for one. */
  invoicing?: Invoicing | null;
}

/**
 * The one way an order's status changes: only as domain/orders allows from the status it is in.
 * The row is locked while it is checked, so of two concurrent changes one waits and then sees the
 * other's result. Each change bumps the version, writes a timeline event and, into cancelled or
 * returned, puts the order's stock back (once: those statuses are final); with `invoicing`, it issues
 * the invoice or the credit note the change calls for (invoices/service.ts), in the same transaction.
 */
export async function changeOrderStatus(db: DbOrTx, id: string, to: OrderStatus, options: StatusChangeOptions): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ status: orders.status, version: orders.version, email: orders.email }).from(orders).where(eq(orders.id, id)).for('update');
    if (!order) return 'unknown_order';
    if (options.version !== undefined && order.version !== options.version) return 'stale';
    if ((options.from !== undefined && order.status !== options.from) || !canTransition(order.status, to)) return 'not_allowed';
    await tx
      .update(orders)
      .set({ ...options.set, status: to, version: order.version + 1 })
      .where(eq(orders.id, id));
    await tx.insert(orderEvents).values({ orderId: id, actor: options.actor, actorUserId: options.actorUserId ?? null, fromStatus: order.status, toStatus: to, note: options.note ?? null });
    // A cancelled order never happened: its discount code's use is given back (before the stock: a code's row is
    // locked before products' rows, as placing an order does, so the two never deadlock).
    if (to === 'cancelled') await giveBackCodeUse(tx, id);
    if ((RESTOCKING_STATUSES as readonly OrderStatus[]).includes(to)) await putBackStock(tx, id);
    await queueStatusMails(tx, { orderId: id, email: order.email, to, actor: options.actor });
    if (options.invoicing && invoiceAction(to, options.invoicing.on)) await invoiceOrder(tx, id, options.invoicing);
    return 'changed';
  });
}

/**
 * Takes a shipped order back to where it was before it was shipped (confirmed, or paid), its carrier and tracking
 * number cleared: its AWB was cancelled at the courier before the parcel was picked up, by the owner (shipping/service.ts)
 * or at the courier's end (shipping/tracking.ts, the system). In the caller's transaction; 'not_allowed' for an order
 * that is not shipped, or no longer with `awb`. The customer is not written to (a new AWB
 * tells them the new tracking number).
 */
export async function unship(tx: DbOrTx, id: string, change: { actor?: 'owner' | 'system'; actorUserId: string | null; note: string; awb?: string }): Promise<StatusChange> {
  const [order] = await tx.select({ status: orders.status, version: orders.version, trackingNumber: orders.trackingNumber }).from(orders).where(eq(orders.id, id)).for('update');
  if (!order) return 'unknown_order';
  // Only while it is shipped with that AWB (when one is named): an order shipped again meanwhile keeps its new AWB.
  if (order.status !== 'shipped' || (change.awb !== undefined && order.trackingNumber !== change.awb)) return 'not_allowed';
  const [shipped] = await tx
    .select({ from: orderEvents.fromStatus })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, 'shipped')))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const back = shipped?.from === 'paid' ? 'paid' : 'confirmed';
  await tx.update(orders).set({ status: back, carrier: null, trackingNumber: null, version: order.version + 1 }).where(eq(orders.id, id));
  await tx.insert(orderEvents).values({ orderId: id, actor: change.actor ?? 'owner', actorUserId: change.actorUserId, fromStatus: 'shipped', toStatus: back, note: change.note });
  return 'changed';
}

/**
 * Issues what an order's status calls for (its invoice, its credit note: invoices/service.ts) from the order as it
 * is now, in the caller's transaction: changeOrderStatus's, or a paid order's placed by Stripe's webhook.
 */
export async function invoiceOrder(tx: DbOrTx, id: string, invoicing: Invoicing): Promise<void> {
  const [view] = await toViews(tx, await tx.select().from(orders).where(eq(orders.id, id)));
  if (view) await invoiceStatusChange(tx, view, invoicing, new Date());
}

type OrderRow = typeof orders.$inferSelect;

async function toViews(db: DbOrTx, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, receivedAt, invoicesOf] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    receivedAtOf(db, ids),
    invoicesOfOrders(db, ids),
  ]);
  return rows.map((order) => ({
    id: order.id,
    number: order.number,
    status: order.status,
    paymentMethod: order.paymentMethod,
    email: order.email,
    firstName: order.firstName,
    lastName: order.lastName,
    country: order.country,
    county: order.county,
    city: order.city,
    street: order.street,
    streetNumber: order.streetNumber,
    postalCode: order.postalCode,
    phoneNumber: order.phoneNumber,
    locker: order.locker,
    subtotal: order.subtotal,
    discount: order.discount,
    discountCode: order.discountCode,
    shipping: order.shipping,
    shippingVatRate: order.shippingVatRate,
    shippingVat: order.shippingVat,
    total: order.totalAmount,
    currency: order.currency,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    createdAt: order.createdAt.toISOString(),
    withdrawalRequestedAt: order.withdrawalRequestedAt?.toISOString() ?? null,
    withdrawalLastDay: receivedAt.has(order.id) ? withdrawalLastDay(receivedAt.get(order.id)!) : null,
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map(lineView),
    invoices: invoicesOf.get(order.id) ?? [],
  }));
}

/**
 * An order for the person who placed it: whoever has its link (the signed token its mails and
 * confirmation carry), its account when it was placed signed in, or, for a guest order, whoever
 * gives its id with the email it was placed with. Anyone else gets "not
 * found" (never "forbidden"), so order ids cannot be probed.
 */
export async function findOrder(db: Db, id: string, who: { userId: string | null; email: string | null; hasLink?: boolean }): Promise<OrderView> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (order && who.hasLink) return (await toViews(db, [order]))[0]!;
  const isOwner = order?.userId != null && order.userId === who.userId;
  const isGuestWithEmail = order?.userId == null && who.email != null && order?.email.toLowerCase() === who.email.trim().toLowerCase();
  if (!order || !(isOwner || isGuestWithEmail)) throw new AppError('not_found', { id: 'error.order.noSuchOrder' });
  const [view] = await toViews(db, [order]);
  return view!;
}

/**
 * An order's view by its id, with its version (a change made from an older version is refused), for a module that
 * acts on it for the owner (shipping); null for no such order.
 */
export async function orderView(db: DbOrTx, id: string): Promise<(OrderView & { version: number }) | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, id));
  const [view] = await toViews(db, rows);
  return view ? { ...view, version: rows[0]!.version } : null;
}

/** The order a Stripe Checkout Session pays (null before it exists), with the account it belongs to. */
export async function orderOfSession(db: Db, stripeSessionId: string) {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, createdAt: orders.createdAt, userId: orders.userId })
    .from(orders)
    .where(eq(orders.stripeSessionId, stripeSessionId));
  return order ?? null;
}

/**
 * Card orders still awaiting payment that should have been settled by now: those that never got a
 * Checkout Session (placed before `noSessionBefore`) and those whose session is older than
 * `sessionBefore`. Oldest first, at most `limit`.
 */
export async function staleCardOrders(db: Db, { noSessionBefore, sessionBefore, limit = 100 }: { noSessionBefore: Date; sessionBefore: Date; limit?: number }) {
  return db
    .select({ id: orders.id, stripeSessionId: orders.stripeSessionId })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'awaiting_payment'),
        or(and(isNull(orders.stripeSessionId), lt(orders.createdAt, noSessionBefore)), and(isNotNull(orders.stripeSessionId), lt(orders.createdAt, sessionBefore))),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** A customer's orders, newest first. */
export async function listOrdersOfUser(db: Db, userId: string): Promise<OrderView[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  return toViews(db, rows);
}
