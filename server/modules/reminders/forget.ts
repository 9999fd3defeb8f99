import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { cartReminders, stockAlerts } from '../../../db/schema/reminders';

/** A person's data erased (their account deleted, or their details erased from an order): their cart reminder and "Notify me" requests go too. */
export async function forgetAddress(tx: DbOrTx, email: string): Promise<void> {
  await tx.delete(cartReminders).where(sql`lower(${cartReminders.email}) = lower(${email})`);
  await tx.delete(stockAlerts).where(sql`lower(${stockAlerts.email}) = lower(${email})`);
}
