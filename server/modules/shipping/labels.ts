import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shipments } from '../../../db/schema/shipping';
import { COURIER_NAMES, type CourierId } from '../../../domain/courier';
import { bucharestDay } from '../../../domain/locale';
import { AppError } from '../../errors';
import type { ServedFile } from '../../files';
import type { Shipping } from './couriers';
import { courierProblem, createdOn } from './service';

/**
 * The couriers' labels (issue 43, item 20): each AWB's, A6 and A4, fetched once and kept with it, by the tracking round
 * soon after the AWB is made (prepareLabels) or at its first print. The day's labels are then merged from what is
 * kept, so printing a busy day's labels asks the courier for none and is never cut by the 60 s a connection may idle.
 */

type Format = 'A4' | 'A6';
type LabelRow = Pick<typeof shipments.$inferSelect, 'id' | 'courier' | 'awb' | 'labelA6' | 'labelA4'>;

const column = (format: Format) => (format === 'A6' ? shipments.labelA6 : shipments.labelA4);
const LABEL_COLUMNS = { id: shipments.id, courier: shipments.courier, awb: shipments.awb, labelA6: shipments.labelA6, labelA4: shipments.labelA4 };

/** An AWB's label from its courier, its failure as the owner reads it (courierProblem); the courier no longer set up, 503. */
export async function courierLabel(shipping: Shipping, courierId: CourierId, awb: string, format: Format): Promise<Buffer> {
  const courier = shipping.couriers.get(courierId);
  if (!courier) throw new AppError('unavailable', { id: 'admin.awb.problem.notSetUp', values: { courier: COURIER_NAMES[courierId] } }, 'courier_not_set_up');
  try {
    return await courier.label(awb, format);
  } catch (error) {
    throw courierProblem(error, courierId);
  }
}

/** An AWB's label: the one kept, or the courier's, then kept. */
async function labelOf(db: Db, row: LabelRow, shipping: Shipping, format: Format): Promise<Buffer> {
  const kept = format === 'A6' ? row.labelA6 : row.labelA4;
  if (kept) return kept;
  const label = await courierLabel(shipping, row.courier, row.awb, format);
  await db
    .update(shipments)
    .set(format === 'A6' ? { labelA6: label } : { labelA4: label })
    .where(eq(shipments.id, row.id));
  return label;
}

/** An AWB's label, as a PDF in A6 or A4. */
export async function shipmentLabel(db: Db, id: string, shipping: Shipping, format: Format): Promise<ServedFile> {
  const [row] = await db.select(LABEL_COLUMNS).from(shipments).where(eq(shipments.id, id));
  if (!row || !shipping.couriers.has(row.courier)) throw new AppError('not_found', { id: 'admin.error.noSuchShipment' });
  return { name: `AWB-${row.awb}-${format}.pdf`, body: await labelOf(db, row, shipping, format) };
}

/**
 * Labels for the day: the label of every AWB created on `day`, one after another in one PDF, to print in one go. A
 * courier that does not give one is said so (nothing half printed).
 */
export async function labelsOfDay(db: Db, day: string, shipping: Shipping, format: Format): Promise<ServedFile> {
  const rows = await db.select(LABEL_COLUMNS).from(shipments).where(createdOn(day)).orderBy(asc(shipments.createdAt));
  if (rows.length === 0) throw new AppError('not_found', { id: 'admin.error.noAwbsThatDay' });
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const merged = await PDFDocument.create();
  for (const row of rows) {
    const source = await PDFDocument.load(await labelOf(db, row, shipping, format));
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return { name: `AWB-${day}-${format}.pdf`, body: Buffer.from(await merged.save()) };
}

/**
 * One round: the labels of today's AWBs not kept yet, fetched from their couriers and kept (a few at a time; a
 * courier that cannot give one now is asked at the next round). Returns how many AWBs had a label kept.
 */
export async function prepareLabels(db: Db, shipping: Shipping): Promise<number> {
  const missing = await db
    .select(LABEL_COLUMNS)
    .from(shipments)
    .where(and(createdOn(bucharestDay(new Date())), sql`(${isNull(column('A6'))} or ${isNull(column('A4'))})`))
    .orderBy(asc(shipments.createdAt))
    .limit(10);
  let kept = 0;
  for (const row of missing) {
    if (!shipping.couriers.has(row.courier)) continue;
    try {
      await labelOf(db, row, shipping, 'A6');
      await labelOf(db, row, shipping, 'A4');
      kept += 1;
    } catch {
      // Fetched at the next round, or at the owner's print.
    }
  }
  return kept;
}
