import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { cleanAttribution, cleanTouch, orderChannel } from '../../../domain/attribution';
import { lineName, type StoredColourOption } from '../../../domain/catalog';
import { cityWithSector, type OrderRequest } from '../../../domain/checkout';
import { amountValue } from '../../../domain/issueValues';
import { bucharestDay, DEFAULT_LOCALE, type Locale } from '../../../domain/locale';
import type { OrderLocker } from '../../../domain/lockers';
import { onlyLeft } from '../../../domain/messages';
import type { NewOrderStatus, OrderActor } from '../../../domain/orders';
import { MAX_ORDER_TOTAL, overOrderMaximum, type Totals, totalsFor } from '../../../domain/pricing';
import { colourNameIn, productNameIn } from '../../../domain/productTexts';
import { orderVat, standardVatRateAt } from '../../../domain/vat';
import { AppError } from '../../errors';
import { type Hit, hitsToCount, type Refusal, refusalOf } from '../../rateLimits';
import { type AppliedCode, applicableCode, countCodeUse } from '../discounts/usage';
import { insertOrder, insertOrderRows, insertOrderRowsAndMails, insertOrderWithRows, insertOrderWithRowsAndMails, orderedProducts } from './placeStatements';
import { stockOfLines, takeStock, wantedOf } from './stock';

/** JSON text for a jsonb placeholder (its value reaches the driver as it is), or null. */
const jsonOrNull = (value: object | null | undefined) => (value ? JSON.stringify(value) : null);

/** Placing an order: priced here, its stock taken, written once per idempotency key with its rows and mails. */
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
  /** A new order whose contact (placeOrder's `refuseCashFrom`) the owner takes no cash on delivery from. */
  cashRefused?: boolean;
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
    // Likewise only with a second address line, and with a code, each tagged so it never reads as another.
    ...(request.addressLine2 ? [['addressLine2', request.addressLine2]] : []),
    ...(request.discountCode ? [['discount', request.discountCode]] : []),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * The colour a line is for, as the product names it. A product with colours needs one (except a
 * paid order: Stripe has the money, and a purchase started before colours were sent names none); a
 * colour the product does not have is refused with 400 (a paid order keeps it as named). Whether the
 * colour is switched off is checked later (`switchedOff`), once a retry of an order already placed has
 * been answered.
 */
export function chosenColour(product: { name: string; colourOptions: StoredColourOption[] }, colour: string | null, paid: boolean): string | null {
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
    /** Who placed it: the customer (the default), Stripe (a single-product purchase), the owner (a phone order, issue 47). */
    actor?: Extract<OrderActor, 'customer' | 'stripe' | 'owner'>;
    /** The owner who placed it (the timeline names them). */
    actorUserId?: string;
    locale?: Locale;
    maxTotal?: number;
    /** Hits a new order counts (checkout's order limits), in its rows' statement; what they put over their limit is returned. */
    count?: Hit[];
    /** The locker the request's lockerId names, as the order keeps it (checkout looks it up). */
    locker?: OrderLocker;
    /** Delivery waived: an order paid by card before it leaves, with PREPAY_FREE_SHIPPING (issue 47). */
    freeShipping?: boolean;
    /** A cash order's contact (domain/codRisk contactKeys): whether the owner refuses cash from it comes back as `cashRefused`. */
    refuseCashFrom?: { phone: string | null; email: string };
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
    const productRows = await orderedProducts(tx, { ids, codEmail: options.refuseCashFrom?.email ?? null, codPhone: options.refuseCashFrom?.phone ?? null });
    const cashRefused = productRows.some((row) => row.cash_refused);
    const found = productRows.map(({ colour_options: colourOptions, cash_refused: _cashRefused, ...product }) => ({
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
    const totals = totalsFor(priced, code, { freeShipping: options.freeShipping });
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
      addressLine2: request.addressLine2 ?? null,
      postalCode: request.postalCode,
      phoneNumber: request.phoneNumber,
      // As JSON text (jsonb takes it): a placeholder's value reaches the driver as it is.
      locker: jsonOrNull(options.locker),
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
      placedByOwner: options.actor === 'owner',
      ...orderChannel(cleanTouch(request.attribution?.last), code, options.actor === 'owner'),
      // As JSON text, as the locker.
      attribution: jsonOrNull(cleanAttribution(request.attribution)),
    };
    const wanted = wantedOf(priced, (id) => byId.get(id)!);
    const hits = hitsToCount(options.count ?? []);
    // Its lines, the first event of its timeline, its hits and, but for a card order awaiting payment (it gets them
    // once paid), its confirmation and the owner's alert, each line with the stock it took.
    const rows = (took?: Awaited<ReturnType<typeof takeStock>>) => {
      const stock = stockOfLines(priced, took);
      const lines = priced.map((line, index) => ({ ...line, ...stock[index]!, vatRate, vatAmount: vat.lines[index]! }));
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
        actorUserId: options.actorUserId ?? null,
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
      return { id: placed.id, number: placed.number, replayed: false, totals, refused: refusalOf(hits, placed.hits ?? []), cashRefused };
    }
    // Stock to take: the order first (a twin waits here, then takes nothing), its stock, then its rows.
    const [created] = await insertOrder(tx, order);
    if (!created) return twinsOrder();
    if (code) await countCodeUse(tx, code.id);
    const took = await takeStock(tx, wanted, paid);
    const counted = await (awaitingPayment ? insertOrderRows : insertOrderRowsAndMails)(tx, { orderId: created.id, ...rows(took) });
    return { id: created.id, number: created.number, replayed: false, totals, refused: refusalOf(hits, counted), cashRefused };
  });
}
