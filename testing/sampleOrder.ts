import { randomUUID } from 'node:crypto';

/** A valid order request body for tests (cash on delivery, a fresh idempotency key); override any field. */
export function sampleOrder(overrides: Record<string, unknown> = {}) {
  return {
    email: 'ana@example.ro',
    firstName: 'Ana',
    lastName: 'Popescu',
    country: 'Romania',
    county: 'CJ',
    city: 'Cluj-Napoca',
    street: 'Strada Memorandumului',
    streetNumber: '28',
    postalCode: '400114',
    phoneNumber: '+40 712 345 678',
    lines: [
      { productId: '1', quantity: 2, colour: 'Black' },
      { productId: '5', quantity: 1 },
    ],
    paymentMethod: 'cod',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}
