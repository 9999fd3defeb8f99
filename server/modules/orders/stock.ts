import { and, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { orderLines } from '../../../db/schema/orders';
import { lineName, type StoredColourOption, stockViewChanges } from '../../../domain/catalog';
import { onlyLeft } from '../../../domain/messages';
import { AppError } from '../../errors';
import { notifyCatalogueChanged } from '../catalog/changes';

/** Stock: what an order takes of each product and colour when it is placed, and puts back when it is cancelled or returned. */
/** What an order wants of one product: its units in all, and per colour whose stock is counted. */
export interface Wanted {
  /** The product's name, and each colour's, as the customer reads them (for "Only N left of …"). */
  name: string;
  colourName: (colour: string) => string;
  quantity: number;
  counted: boolean;
  colours: Map<string, number>;
}

/** An order line as stock sees it: which product, in which colour (null: none), how many, named as the customer reads it. */
interface StockLine {
  productId: string;
  name: string;
  quantity: number;
  colour: string | null;
}

/** What an order's lines want of each product's stock, and of each colour's that is counted (takeStock's input). */
export function wantedOf(
  lines: readonly StockLine[],
  productOf: (id: string) => { stock: number | null; colourOptions: readonly StoredColourOption[]; colourName(colour: string): string },
): Map<string, Wanted> {
  const wanted = new Map<string, Wanted>();
  for (const line of lines) {
    const product = productOf(line.productId);
    const entry = wanted.get(line.productId) ?? { name: line.name, colourName: product.colourName, quantity: 0, counted: product.stock !== null, colours: new Map() };
    entry.quantity += line.quantity;
    const counted = product.colourOptions.find((option) => option.name === line.colour)?.stock != null;
    if (line.colour !== null && counted) entry.colours.set(line.colour, line.quantity);
    wanted.set(line.productId, entry);
  }
  return wanted;
}

/**
 * The units each line took, as its row records them: a product's units on its first line (two colours are two lines),
 * a colour's on its own line.
 */
export function stockOfLines(lines: readonly StockLine[], took: Awaited<ReturnType<typeof takeStock>> = { taken: new Map(), coloursTaken: new Map() }) {
  const left = new Map(took.taken);
  return lines.map((line) => {
    const units = left.get(line.productId) ?? 0;
    left.delete(line.productId);
    return { stockTaken: units, colourStockTaken: line.colour === null ? 0 : (took.coloursTaken.get(line.productId)?.get(line.colour) ?? 0) };
  });
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
export async function takeStock(tx: DbOrTx, wanted: Map<string, Wanted>, takeWhatIsLeft: boolean): Promise<{ taken: Map<string, number>; coloursTaken: Map<string, Map<string, number>> }> {
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
  await tx
    .update(products)
    .set({ stock: current.stock - units })
    .where(eq(products.id, id));
  taken.set(id, units);
  return stockViewChanges(current.stock, current.stock - units);
}

/**
 * Puts back the stock an order's lines took (for products, and colours, whose stock is still counted). Each
 * product's row is locked in product id order, as orders take stock (takeStock), so a cancellation and an
 * order never deadlock.
 */
export async function putBackStock(tx: DbOrTx, orderId: string): Promise<void> {
  const lines = await tx
    .select({ productId: orderLines.productId, units: orderLines.stockTaken, colour: orderLines.colour, colourUnits: orderLines.colourStockTaken })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.productId), or(gt(orderLines.stockTaken, 0), gt(orderLines.colourStockTaken, 0))));
  await putBack(tx, lines);
}

/** A line's units counted in stock among the first `returned` of it sent back: its counted units come back first. */
const countedAmong = (returned: number, counted: number) => Math.min(returned, counted);

/**
 * Puts back the stock of units sent back (issue 45): of each line, `before` units came back earlier and `now` come now;
 * of the units the line took from its product's and its colour's counted stock, those among them come back, so a line
 * returned in two parts puts back what it took, exactly once. Locked as putBackStock locks.
 */
export async function putBackReturned(tx: DbOrTx, returned: { lineId: number; before: number; now: number }[]): Promise<void> {
  if (returned.length === 0) return;
  const lines = await tx
    .select({ id: orderLines.id, productId: orderLines.productId, units: orderLines.stockTaken, colour: orderLines.colour, colourUnits: orderLines.colourStockTaken })
    .from(orderLines)
    .where(
      and(
        inArray(
          orderLines.id,
          returned.map((line) => line.lineId),
        ),
        isNotNull(orderLines.productId),
      ),
    );
  const back = lines.map((line) => {
    const { before, now } = returned.find((item) => item.lineId === line.id)!;
    return {
      productId: line.productId,
      colour: line.colour,
      units: countedAmong(before + now, line.units) - countedAmong(before, line.units),
      colourUnits: countedAmong(before + now, line.colourUnits) - countedAmong(before, line.colourUnits),
    };
  });
  await putBack(
    tx,
    back.filter((line) => line.units > 0 || line.colourUnits > 0),
  );
}

async function putBack(tx: DbOrTx, lines: { productId: string | null; units: number; colour: string | null; colourUnits: number }[]): Promise<void> {
  if (lines.length === 0) return;
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
