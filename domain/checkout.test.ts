import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../testing/sampleOrder';
import { orderRequestSchema, shippingComplete, shippingSchema } from './checkout';
import { emailSchema } from './email';

const order = sampleOrder({ lines: [{ productId: '1', quantity: 2 }] });
const { email: _email, lines: _lines, paymentMethod: _method, idempotencyKey: _key, ...shipping } = order;

function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('email step', () => {
  it('accepts an address matching the basic pattern, trimmed', () => {
    expect(emailSchema.parse('  ana@example.ro ')).toBe('ana@example.ro');
    expect(emailSchema.safeParse('a.b+c@sub.example.com').success).toBe(true);
  });

  it.each(['', 'ana', 'ana@', 'ana@example', '@example.ro', 'ana @example.ro', 'ana@exa mple.ro'])('refuses %j', (value) => {
    expect(emailSchema.safeParse(value).success).toBe(false);
  });

  it('refuses an address over 254 characters', () => {
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@example.ro`).success).toBe(false);
  });
});

describe('shipping step', () => {
  it('is complete only when all eight fields are non-blank after trimming', () => {
    expect(shippingComplete(shipping)).toBe(true);
    expect(shippingComplete({ ...shipping, city: '   ' })).toBe(false);
    expect(shippingComplete({ ...shipping, phoneNumber: '' })).toBe(false);
    const { postalCode: _omitted, ...missingOne } = shipping;
    expect(shippingComplete(missingOne)).toBe(false);
  });

  it('trims every field and names the field in its messages', () => {
    expect(shippingSchema.parse({ ...shipping, city: '  Iași  ' }).city).toBe('Iași');
    expect(firstError(shippingSchema.safeParse({ ...shipping, city: '  ' }))).toBe('City is required.');
    expect(firstError(shippingSchema.safeParse({ ...shipping, street: 'x'.repeat(201) }))).toBe('Street is too long (at most 200 characters).');
  });

  it('takes the phone formats people type, keeps it in E.164, and refuses what is no phone number', () => {
    for (const phone of ['0712345678', '+40 712 345 678', '0040 712-345-678', '(0264) 123-456', '0264.123.456']) {
      expect(shippingSchema.safeParse({ ...shipping, phoneNumber: phone }).success, phone).toBe(true);
    }
    expect(shippingSchema.parse({ ...shipping, phoneNumber: '0722.123.456' }).phoneNumber).toBe('+40722123456');
    for (const phone of ['call me', '12', '+', 'abc12345', '0712 345 678 ext', '0712 345', '+40 112 345 678']) {
      expect(firstError(shippingSchema.safeParse({ ...shipping, phoneNumber: phone })), phone).toMatch(/^(Enter a valid phone number, like 0722 123 456 or \+40 722 123 456\.|Phone number is required\.)$/);
    }
  });

  it('needs one of the counties, by its code', () => {
    expect(shippingSchema.parse({ ...shipping, county: 'B', postalCode: '010011' }).county).toBe('B');
    for (const county of ['', 'Cluj', 'XX', undefined]) {
      expect(firstError(shippingSchema.safeParse({ ...shipping, county })), String(county)).toBe('County is required.');
    }
  });

  it('needs a six-digit postal code', () => {
    for (const postalCode of ['40011', '4001144', '400 114', 'RO400114']) {
      expect(firstError(shippingSchema.safeParse({ ...shipping, postalCode })), postalCode).toBe('Postal code must be six digits, like 400114.');
    }
  });

  it('asks about a postal code of another county, and takes it once the customer confirms it', () => {
    const mismatch = { ...shipping, county: 'B', postalCode: '400114' };
    const refused = shippingSchema.safeParse(mismatch);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['postalCode'], message: 'Postal code 400114 does not match the county chosen (București). Please check it; if it is correct, confirm it.' }),
    ]);
    expect(shippingSchema.parse({ ...mismatch, postalCodeConfirmed: true }).postalCode).toBe('400114');
    expect(orderRequestSchema.safeParse({ ...order, county: 'B' }).success).toBe(false);
    expect(orderRequestSchema.safeParse({ ...order, county: 'B', postalCodeConfirmed: true }).success).toBe(true);
  });
});

describe('order request', () => {
  it('keeps products and quantities and drops any prices or totals the client sends', () => {
    const parsed = orderRequestSchema.parse({ ...order, total: 1, subtotal: 1, lines: [{ productId: '1', quantity: 2, unitPrice: 1 }] });
    expect(parsed.lines).toEqual([{ productId: '1', quantity: 2, colour: null }]);
    expect(parsed).not.toHaveProperty('total');
    expect(parsed).not.toHaveProperty('subtotal');
  });

  it.each([
    ['an empty cart', { lines: [] }, 'Your cart is empty.'],
    ['quantity 0', { lines: [{ productId: '1', quantity: 0 }] }, 'Quantity must be at least 1.'],
    ['a negative quantity', { lines: [{ productId: '1', quantity: -1 }] }, 'Quantity must be at least 1.'],
    ['a fractional quantity', { lines: [{ productId: '1', quantity: 1.5 }] }, 'Quantity must be a whole number.'],
    ['a quantity over 99', { lines: [{ productId: '1', quantity: 100 }] }, 'Quantity must be at most 99.'],
    ['a quantity as text', { lines: [{ productId: '1', quantity: '2' }] }, 'Quantity must be a whole number.'],
    ['the same product twice', { lines: [{ productId: '1', quantity: 1 }, { productId: '1', quantity: 1 }] }, 'Each product may appear only once in each colour.'],
    ['the same colour twice', { lines: [{ productId: '1', quantity: 1, colour: 'Black' }, { productId: '1', quantity: 1, colour: ' black ' }] }, 'Each product may appear only once in each colour.'],
    ['a blank colour', { lines: [{ productId: '1', quantity: 1, colour: ' ' }] }, 'Colour must not be blank.'],
    ['a colour as a number', { lines: [{ productId: '1', quantity: 1, colour: 3 }] }, 'Colour must be text.'],
    ['a colour of 41 characters', { lines: [{ productId: '1', quantity: 1, colour: 'x'.repeat(41) }] }, 'Colour is too long (at most 40 characters).'],
    ['more than 50 lines', { lines: Array.from({ length: 51 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })) }, 'An order can have at most 50 lines.'],
    ['an unknown payment method', { paymentMethod: 'bitcoin' }, 'Payment method must be cod or card.'],
    ['a short idempotency key', { idempotencyKey: 'abc' }, 'idempotencyKey must be 16 to 100 characters.'],
    ['a malformed email', { email: 'nope' }, 'Enter a valid email address, like name@example.com.'],
    ['a blank first name', { firstName: ' ' }, 'First name is required.'],
  ])('refuses %s', (_label, change, message) => {
    expect(firstError(orderRequestSchema.safeParse({ ...order, ...change }))).toBe(message);
  });

  it.each([
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['country', 'Country'],
    ['city', 'City'],
    ['street', 'Street'],
    ['streetNumber', 'Street number'],
    ['postalCode', 'Postal code'],
    ['phoneNumber', 'Phone number'],
    ['email', 'Email'],
    ['idempotencyKey', 'idempotencyKey'],
  ])('refuses a NUL or another control character in %s, naming the field', (key, label) => {
    const valid = String(order[key as keyof typeof order]);
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\n', '\t']) {
      const value = `${valid.slice(0, 1)}${control}${valid.slice(1)}`;
      expect(firstError(orderRequestSchema.safeParse({ ...order, [key]: value })), JSON.stringify(value)).toBe(`${label} must not contain control characters.`);
    }
  });

  it('refuses a control character in a product id, and forgives a trailing newline (trimmed)', () => {
    expect(firstError(orderRequestSchema.safeParse({ ...order, lines: [{ productId: '1\u0000', quantity: 1 }] }))).toBe('Product id must not contain control characters.');
    expect(orderRequestSchema.parse({ ...order, city: 'Cluj-Napoca\r\n' }).city).toBe('Cluj-Napoca');
    // Letters of any alphabet are not control characters.
    expect(orderRequestSchema.safeParse({ ...order, firstName: 'Ștefan', lastName: 'Ørsted-Łukasz' }).success).toBe(true);
  });

  it('refuses a missing field with its name', () => {
    const { lastName: _omitted, ...withoutLastName } = order;
    expect(firstError(orderRequestSchema.safeParse(withoutLastName))).toBe('Last name is required.');
  });
});
