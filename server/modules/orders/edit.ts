import { and, asc, eq, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { discountCodes } from '../../../db/schema/discounts';
import { orderEvents, orderLines, orders, withdrawals } from '../../../db/schema/orders';
import { awbAttempts, shipments } from '../../../db/schema/shipping';
import { lineName } from '../../../domain/catalog';
import { cityWithSector, type OrderEdit, SHIPPING_FIELDS, type ShippingField } from '../../../domain/checkout';
import { amountValue } from '../../../domain/issueValues';
import { onlyLeft } from '../../../domain/messages';
import { formatMoney } from '../../../domain/money';
import { editNote } from '../../../domain/orderEdits';
import type { OrderStatus } from '../../../domain/orders';
import { MAX_ORDER_TOTAL, overOrderMaximum, shippingWaived, totalsFor } from '../../../domain/pricing';
import { colourNameIn, productNameIn } from '../../../domain/productTexts';
import { orderVat } from '../../../domain/vat';
import { AppError } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { type Invoicing, reissueEdited } from '../invoices/service';
import { queueOrderUpdatedMail } from '../mail/service';
import { chosenColour } from './place';
import { orderedProducts } from './placeStatements';
import { toViews } from './read';
import { putBackStock, stockOfLines, takeStock, wantedOf } from './stock';

/** The statuses an order may still be edited in: before it leaves (and, checked apart, before its AWB). */
const EDITABLE: readonly OrderStatus[] = ['pending', 'confirmed', 'paid'];

/** The address fields an edit may change: the checkout's shipping fields. */
const ADDRESS = Object.keys(SHIPPING_FIELDS) as ShippingField[];

/** A card refund an edit left owed: what to ask Stripe for (payments/service refundPayment), at the order's version. */
export interface EditRefundAsk {
  sessionId: string;
  amount: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
  version: number;
}

/** What is owed back to a paid card order's card after edits, as Stripe is to be asked for it; null when nothing is. */
function refundAsk(order: { id: string; number: number; version: number; stripeSessionId: string | null; editRefundDue: number }): EditRefundAsk | null {
  if (order.editRefundDue <= 0 || !order.stripeSessionId) return null;
  return {
    sessionId: order.stripeSessionId,
    amount: order.editRefundDue,
    // Keyed by the order's version: asked again (a lost answer, a retry), Stripe answers with the same refund; once
    // Stripe refused one, the version has moved on and a new refund is asked for.
    idempotencyKey: `edit-refund-${order.id}-v${order.version}`,
    metadata: { orderId: order.id, orderNumber: String(order.number), kind: 'order_edit' },
    version: order.version,
  };
}

/** Whether an AWB exists for the order, or is being created with a courier (an attempt not yet settled). */
async function hasAwb(tx: DbOrTx, id: string): Promise<boolean> {
  const [shipment] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, id), or(eq(shipments.status, 'active'), eq(shipments.status, 'delivered'))))
    .limit(1);
  if (shipment) return true;
  const [attempt] = await tx
    .select({ id: awbAttempts.id })
    .from(awbAttempts)
    .where(and(eq(awbAttempts.orderId, id), eq(awbAttempts.state, 'creating')))
    .limit(1);
  return attempt !== undefined;
}

/**
 * The owner's edit of an order until its AWB exists (issue 47), in one transaction, the order's row locked: the lines as
 * they should now be (a line kept keeps the price it was sold at; a product or colour added is priced, and checked, as
 * the storefront would), the address and phone; the stock the old lines took put back and the new lines' taken (more
 * than is left: 409, nothing written); the totals, VAT, cash to collect and free shipping recomputed (a discount code
 * kept by its rule, dropped below its minimum); the timeline says the difference; the customer is mailed *Your order was
 * updated*; an invoiced order's invoice is re-issued (storno, then the new one). A paid card order may not come to more
 * than was paid (409); less is owed back to the card (`editRefundDue`, asked of Stripe by checkout/orderEdits.ts).
 * A stale page gets 409, as does an order with an AWB (cancel the AWB first), one that has left, or one with a withdrawal.
 */
export async function editOrder(
  db: Db,
  id: string,
  edit: OrderEdit,
  owner: SignedInUser,
  options: { invoicing: Invoicing | null; maxTotal?: number },
  now = new Date(),
): Promise<EditRefundAsk | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new AppError('not_found', { id: 'admin.error.noSuchOrder' });
    // An AWB is said first, whatever else changed: it is what the owner must undo to edit.
    if (await hasAwb(tx, id)) throw new AppError('conflict', { id: 'admin.error.edit.awb' }, 'awb_exists');
    if (!EDITABLE.includes(order.status)) throw new AppError('conflict', { id: 'admin.error.edit.status', values: { status: order.status } }, 'not_editable');
    if (order.version !== edit.version) throw new AppError('conflict', { id: 'admin.error.orderChangedMeanwhile', values: { status: order.status } }, 'stale');
    const [withdrawn] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.orderId, id)).limit(1);
    if (withdrawn) throw new AppError('conflict', { id: 'admin.error.edit.withdrawn' }, 'withdrawn');

    const before = await tx.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
    const rows = await orderedProducts(tx, { ids: edit.lines.map((line) => line.productId), codEmail: null, codPhone: null });
    const priced = edit.lines.map((line) => {
      const product = rows.find((row) => row.id === line.productId);
      if (!product) throw new AppError('bad_request', { id: 'error.order.unknownProduct', values: { ids: line.productId } }, 'unknown_product');
      const named = { ...product, colourOptions: product.colour_options };
      const kept = before.find((old) => old.productId === line.productId && (old.colour ?? '').toLowerCase() === (line.colour ?? '').toLowerCase());
      const colour = kept ? kept.colour : chosenColour(named, line.colour, false);
      const name = kept?.name ?? productNameIn(product.name, product.translations, order.locale);
      const colourLabel = kept ? kept.colourLabel : colour && colourNameIn(colour, product.translations, order.locale);
      if (!kept) {
        // Added (or another colour): as the storefront would sell it now.
        if (!product.active) throw new AppError('conflict', { id: 'message.noLongerSold', values: { name } }, 'product_not_sold');
        if (product.colour_options.some((option) => option.name === colour && !option.available)) throw new AppError('conflict', onlyLeft(0, lineName(name, colourLabel)), 'out_of_stock');
      }
      return { productId: product.id, name, unitPrice: kept?.unitPrice ?? product.price, quantity: line.quantity, colour, colourLabel };
    });

    // What the old lines took comes back, then the new lines take theirs: more than is left rolls it all back.
    await putBackStock(tx, id);
    const byId = new Map(rows.map((row) => [row.id, { stock: row.stock, colourOptions: row.colour_options, colourName: (colour: string) => colourNameIn(colour, row.translations, order.locale) }]));
    const took = await takeStock(
      tx,
      wantedOf(priced, (productId) => byId.get(productId)!),
      false,
    );

    const [code] = order.discountCodeId ? await tx.select().from(discountCodes).where(eq(discountCodes.id, order.discountCodeId)) : [];
    const subtotal = totalsFor(priced).subtotal;
    // Delivery waived for paying first (PREPAY_FREE_SHIPPING) stays waived.
    const totals = totalsFor(priced, code && subtotal >= (code.minSubtotal ?? 0) ? code : null, { freeShipping: shippingWaived(order) });
    if (overOrderMaximum(totals, options.maxTotal ?? MAX_ORDER_TOTAL)) {
      throw new AppError('bad_request', { id: 'error.order.tooLarge', values: { max: amountValue(options.maxTotal ?? MAX_ORDER_TOTAL) } }, 'order_too_large');
    }
    const paidByCard = order.paymentMethod === 'card' && order.paidAt !== null;
    if (paidByCard && totals.total > order.totalAmount) {
      throw new AppError('conflict', { id: 'admin.error.edit.paidMore', values: { paid: formatMoney(order.totalAmount, 'en'), total: formatMoney(totals.total, 'en') } }, 'paid_less');
    }
    const vatRate = order.shippingVatRate;
    const vat = orderVat(priced, totals.shipping, vatRate);
    const stock = stockOfLines(priced, took);
    await tx.delete(orderLines).where(eq(orderLines.orderId, id));
    await tx.insert(orderLines).values(priced.map((line, index) => ({ ...line, orderId: id, ...stock[index]!, vatRate, vatAmount: vat.lines[index]! })));

    const address = { ...edit.shipping, city: cityWithSector(edit.shipping), addressLine2: edit.shipping.addressLine2 ?? null };
    const addressChanged = ADDRESS.some((field) => (order[field] ?? null) !== (address[field] ?? null));
    const refund = paidByCard ? order.totalAmount - totals.total : 0;
    const [edited] = await tx
      .update(orders)
      .set({
        ...Object.fromEntries(ADDRESS.map((field) => [field, address[field]])),
        subtotal: totals.subtotal,
        discount: totals.discount,
        shipping: totals.shipping,
        shippingVat: vat.shipping,
        totalAmount: totals.total,
        editRefundDue: order.editRefundDue + refund,
        version: order.version + 1,
      })
      .where(eq(orders.id, id))
      .returning();
    const note = editNote(before, priced, addressChanged, { before: order.totalAmount, after: totals.total }) ?? 'Edited: nothing changed';
    await tx.insert(orderEvents).values({ orderId: id, actor: 'owner', actorUserId: owner.id, fromStatus: order.status, toStatus: order.status, note });
    await queueOrderUpdatedMail(tx, order, refund);
    if (options.invoicing) {
      const [view] = await toViews(tx, [edited!]);
      await reissueEdited(tx, view!, options.invoicing, now);
    }
    return refundAsk(edited!);
  });
}

/** What an edited paid card order still owes its card, as Stripe is to be asked for it (null: nothing). */
export async function editRefundToAsk(db: Db, id: string): Promise<EditRefundAsk | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new AppError('not_found', { id: 'admin.error.noSuchOrder' });
  return refundAsk(order);
}

/**
 * Stripe's answer to an edit's refund, recorded once, the timeline saying it: made (succeeded, or pending on its way),
 * the sum moves from owed to refunded; refused (failed, canceled), it stays owed and 409 says so. An answer to an ask
 * made at another version of the order (recorded already) changes nothing.
 */
export async function recordEditRefund(db: Db, id: string, ask: EditRefundAsk, answer: { id: string; status: string }, owner: SignedInUser): Promise<void> {
  const refused = answer.status === 'failed' || answer.status === 'canceled';
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order || order.version !== ask.version) return;
    const amount = formatMoney(ask.amount, 'en');
    await tx
      .update(orders)
      .set(refused ? { version: order.version + 1 } : { editRefundDue: order.editRefundDue - ask.amount, editRefunded: order.editRefunded + ask.amount, version: order.version + 1 })
      .where(eq(orders.id, id));
    await tx.insert(orderEvents).values({
      orderId: id,
      actor: 'owner',
      actorUserId: owner.id,
      fromStatus: order.status,
      toStatus: order.status,
      note: refused ? `Stripe could not refund ${amount} to the card for the edit (${answer.status}): it is still owed` : `Refund of ${amount} to the card for the edit (Stripe ${answer.id})`,
    });
  });
  if (refused) throw new AppError('conflict', { id: 'admin.error.stripeRefundRefused', values: { status: answer.status } }, 'stripe_refused');
}
