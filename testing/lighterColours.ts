import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products } from '../db/schema/catalog';
import type { StoredColourOption } from '../domain/catalog';
import type { TestApp } from './app';

/** The lighter's colours as seeded: Black on sale, Red and Blue switched off, none of them counted. */
export const SEEDED_LIGHTER_COLOURS: StoredColourOption[] = [
  { name: 'Black', available: true },
  { name: 'Red', available: false },
  { name: 'Blue', available: false },
];

/**
 * The lighter's colours (product 1) set straight in the database, as no back-office change does, so the shop's
 * catalogue is reloaded by hand; and a colour's counted stock as it now is.
 */
export function lighterColours(shop: { app: TestApp; database: Database }) {
  return {
    set: async (colourOptions: StoredColourOption[]) => {
      await shop.database.db.update(products).set({ colourOptions }).where(eq(products.id, '1'));
      await shop.app.catalogue.reload();
    },
    stockOf: async (colour: string) =>
      (await shop.database.db.select({ colours: products.colourOptions }).from(products).where(eq(products.id, '1')))[0]!.colours.find((option) => option.name === colour)?.stock ?? null,
  };
}
