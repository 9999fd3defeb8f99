import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { cartReminders, stockAlerts } from '../../../db/schema/reminders';
import { lineName } from '../../../domain/catalog';
import type { PersonalData } from '../../../domain/contracts/privacy';

/** A person's data erased (their account deleted, or their details erased from an order): their cart reminder and "Notify me" requests go too. */
export async function forgetAddress(tx: DbOrTx, email: string): Promise<void> {
  await tx.delete(cartReminders).where(sql`lower(${cartReminders.email}) = lower(${email})`);
  await tx.delete(stockAlerts).where(sql`lower(${stockAlerts.email}) = lower(${email})`);
}

/** The consents an address gave, for a copy of a person's data (privacy/service.ts): its cart reminder and "Notify me" requests. */
export async function consentsOf(db: DbOrTx, email: string): Promise<PersonalData['consents']> {
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  const reminders = await db.select().from(cartReminders).where(sql`lower(${cartReminders.email}) = lower(${email})`);
  const alerts = await db
    .select({ alert: stockAlerts, name: products.name })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(sql`lower(${stockAlerts.email}) = lower(${email})`)
    .orderBy(asc(stockAlerts.createdAt));
  const names = new Map((await db.select({ id: products.id, name: products.name }).from(products)).map((row) => [row.id, row.name]));
  return [
    ...reminders.map((reminder) => ({
      kind: 'cart_reminder' as const,
      about: reminder.lines.map((line) => `${lineName(names.get(line.productId) ?? line.productId, line.colour)} × ${line.quantity}`).join(', '),
      givenAt: reminder.consentedAt.toISOString(),
      confirmedAt: null,
      endedAt: iso(reminder.sentAt),
    })),
    ...alerts.map(({ alert, name }) => ({
      kind: 'stock_alert' as const,
      about: lineName(name, alert.colour),
      givenAt: alert.createdAt.toISOString(),
      confirmedAt: iso(alert.confirmedAt),
      endedAt: iso(alert.notifiedAt),
    })),
  ];
}
