import type { orderLines } from '../../../db/schema/orders';
import type { OrderView } from '../../../domain/contracts/orders';

/**
 * An order line as every view shows it (the customer's, the back office's, the mails'): its colour as
 * the customer read it (`colour_label`), or its own name for lines from before labels.
 */
export function lineView({ id, productId, name, colour, colourLabel, unitPrice, quantity, vatRate, vatAmount }: typeof orderLines.$inferSelect): OrderView['lines'][number] {
  return { id, productId, name, colour: colourLabel ?? colour, unitPrice, quantity, vatRate, vatAmount };
}
