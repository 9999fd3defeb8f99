import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders, withdrawals } from '../../../db/schema/orders';
import { refunds } from '../../../db/schema/refunds';
import { reviews } from '../../../db/schema/reviews';
import { notifyCatalogueChanged } from '../catalog/changes';

/**
 * Anonymises orders: their customer's details go (their withdrawals' reasons and IBANs too), their lines, amounts, city
 * and county stay (the totals still add up). Their reviews stay published without the name they were shown under
 * (issue 49): a verified buyer's words about a product, no longer anyone's.
 */
export async function anonymiseOrders(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .update(orders)
    .set({ firstName: '', lastName: '', email: '', phoneNumber: '', street: '', streetNumber: '', addressLine2: null, postalCode: '', userId: null, anonymisedAt: new Date() })
    .where(inArray(orders.id, ids));
  // What the customer wrote with their withdrawals, and the account their refunds went to.
  await tx.update(withdrawals).set({ reason: null, iban: null }).where(inArray(withdrawals.orderId, ids));
  await tx.update(refunds).set({ iban: null }).where(inArray(refunds.orderId, ids));
  const unnamed = await tx.update(reviews).set({ name: null }).where(inArray(reviews.orderId, ids)).returning({ id: reviews.id });
  // The product pages showing them are rendered again, without the name.
  if (unnamed.length > 0) await notifyCatalogueChanged(tx);
}
