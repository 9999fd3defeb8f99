import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema/orders';

/** Anonymises orders: their customer's details go, their lines, amounts, city and county stay (the totals still add up). */
export async function anonymiseOrders(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .update(orders)
    .set({ firstName: '', lastName: '', email: '', phoneNumber: '', street: '', streetNumber: '', postalCode: '', withdrawalNote: null, withdrawalIban: null, userId: null, anonymisedAt: new Date() })
    .where(inArray(orders.id, ids));
}
