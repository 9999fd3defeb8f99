import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { seedCatalog } from '../../../db/seed';
import { createTestDatabase } from '../../../testing/database';
import { updateProduct } from './adminService';
import { currentSlugOf } from './service';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database.db);
});

afterAll(() => database?.close());

/** A change of address as the back office makes it (no price change: no owner is recorded). */
const moveTo = (id: string, slug: string) => updateProduct(database.db, id, { slug }, 'owner');

describe('currentSlugOf: where an old address leads', () => {
  it('leads every old slug of a product to its current one, and nothing else anywhere', async () => {
    await moveTo('2', 'car-key');
    await moveTo('2', 'secret-car-key');
    expect(await currentSlugOf(database.db, 'dummy-car-key')).toBe('secret-car-key');
    expect(await currentSlugOf(database.db, 'car-key')).toBe('secret-car-key');
    // A current slug is no old one: its page answers by itself.
    expect(await currentSlugOf(database.db, 'secret-car-key')).toBeNull();
    expect(await currentSlugOf(database.db, 'dummy-lighter')).toBeNull();
    expect(await currentSlugOf(database.db, 'no-such-product')).toBeNull();
  });

  it('leads nowhere while the product is hidden', async () => {
    await moveTo('4', 'marker');
    expect(await currentSlugOf(database.db, 'dummy-marker')).toBe('marker');
    await database.db.update(products).set({ active: false }).where(eq(products.id, '4'));
    expect(await currentSlugOf(database.db, 'dummy-marker')).toBeNull();
    await database.db.update(products).set({ active: true }).where(eq(products.id, '4'));
    expect(await currentSlugOf(database.db, 'dummy-marker')).toBe('marker');
  });

  it('follows an old slug another product has taken to that product, and a product back to its own old slug', async () => {
    await moveTo('5', 'charger');
    // Product 3 takes the phone charger's old address: it is now the belt's page, no redirect.
    await moveTo('3', 'dummy-phone-charger');
    expect(await currentSlugOf(database.db, 'dummy-phone-charger')).toBeNull();
    expect(await currentSlugOf(database.db, 'belt-with-secret-compartment')).toBe('dummy-phone-charger');
    // The belt goes back to its own old address; the one it left now leads to it.
    await moveTo('3', 'belt-with-secret-compartment');
    expect(await currentSlugOf(database.db, 'belt-with-secret-compartment')).toBeNull();
    expect(await currentSlugOf(database.db, 'dummy-phone-charger')).toBe('belt-with-secret-compartment');
    expect(await currentSlugOf(database.db, 'charger')).toBeNull();
  });
});
