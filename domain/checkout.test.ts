import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../testing/sampleOrder';
import { cityWithSector, orderRequestSchema, shippingComplete, shippingSchema } from './checkout';
import { emailSchema } from './email';
import { issueValues } from './issueValues';

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

  it('trims every field, and words its messages as the field’s own catalogue keys, with the limit as a value', () => {
    expect(shippingSchema.parse({ ...shipping, city: '  Iași  ' }).city).toBe('Iași');
    expect(firstError(shippingSchema.safeParse({ ...shipping, city: '  ' }))).toBe('checkout.error.city.required');
    const tooLong = shippingSchema.safeParse({ ...shipping, street: 'x'.repeat(201) }).error!.issues[0]!;
    expect(tooLong.message).toBe('checkout.error.street.tooLong');
    expect(issueValues(tooLong)).toMatchObject({ maximum: 200 });
  });

  it('takes the phone formats people type, keeps it in E.164, and refuses what is no phone number', () => {
    for (const phone of ['0712345678', '+40 712 345 678', '0040 712-345-678', '(0264) 123-456', '0264.123.456']) {
      expect(shippingSchema.safeParse({ ...shipping, phoneNumber: phone }).success, phone).toBe(true);
    }
    expect(shippingSchema.parse({ ...shipping, phoneNumber: '0722.123.456' }).phoneNumber).toBe('+40722123456');
    for (const phone of ['call me', '12', '+', 'abc12345', '0712 345 678 ext', '0712 345', '+40 112 345 678']) {
      expect(firstError(shippingSchema.safeParse({ ...shipping, phoneNumber: phone })), phone).toMatch(/^checkout\.error\.phoneNumber\.(invalid|required)$/);
    }
  });

  it('needs one of the counties, by its code', () => {
    expect(shippingSchema.parse({ ...shipping, county: 'BV', postalCode: '500030' }).county).toBe('BV');
    for (const county of ['', 'Cluj', 'XX', undefined]) {
      expect(firstError(shippingSchema.safeParse({ ...shipping, county })), String(county)).toBe('checkout.error.county.required');
    }
  });

  it('needs a six-digit postal code', () => {
    for (const postalCode of ['40011', '4001144', '400 114', 'RO400114']) {
      expect(firstError(shippingSchema.safeParse({ ...shipping, postalCode })), postalCode).toBe('checkout.error.postalCode.sixDigits');
    }
  });

  it('asks about a postal code of another county, and takes it once the customer confirms it', () => {
    const mismatch = { ...shipping, county: 'BV', postalCode: '400114' };
    const refused = shippingSchema.safeParse(mismatch);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['postalCode'], message: 'checkout.error.postalCode.mismatch', params: { postalCode: '400114', county: 'Brașov' } })]);
    expect(issueValues(refused.error!.issues[0]!)).toMatchObject({ postalCode: '400114', county: 'Brașov' });
    expect(shippingSchema.parse({ ...mismatch, postalCodeConfirmed: true }).postalCode).toBe('400114');
    expect(orderRequestSchema.safeParse({ ...order, county: 'BV' }).success).toBe(false);
    expect(orderRequestSchema.safeParse({ ...order, county: 'BV', postalCodeConfirmed: true }).success).toBe(true);
  });

  it('asks a Bucharest address for its sector unless the city, street or number names it; the order’s city then names it', () => {
    const bucharest = { ...shipping, county: 'B', city: 'București', postalCode: '020452' };
    expect(shippingSchema.safeParse(bucharest).error?.issues).toEqual([expect.objectContaining({ path: ['sector'], message: 'checkout.error.sector.required' })]);
    expect(shippingSchema.safeParse({ ...bucharest, sector: '7' }).success).toBe(false);
    expect(shippingSchema.safeParse({ ...bucharest, sector: '2' }).success).toBe(true);
    expect(shippingSchema.safeParse({ ...bucharest, streetNumber: '12, sect. 2' }).success).toBe(true);
    expect(shippingSchema.safeParse({ ...bucharest, city: 'București, Sectorul 2' }).success).toBe(true);
    expect(cityWithSector({ ...bucharest, sector: '2' })).toBe('București, Sector 2');
    expect(cityWithSector({ ...bucharest, city: 'Bucuresti sector 4', sector: '2' })).toBe('Bucuresti sector 4');
    expect(cityWithSector({ ...shipping, sector: '2' })).toBe('Cluj-Napoca');
    expect(orderRequestSchema.safeParse({ ...order, ...bucharest }).success).toBe(false);
    expect(orderRequestSchema.safeParse({ ...order, ...bucharest, sector: '3' }).success).toBe(true);
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
    ['an empty cart', { lines: [] }, 'checkout.error.lines.empty'],
    ['quantity 0', { lines: [{ productId: '1', quantity: 0 }] }, 'checkout.error.quantity.tooSmall'],
    ['a negative quantity', { lines: [{ productId: '1', quantity: -1 }] }, 'checkout.error.quantity.tooSmall'],
    ['a fractional quantity', { lines: [{ productId: '1', quantity: 1.5 }] }, 'checkout.error.quantity.wholeNumber'],
    ['a quantity over 99', { lines: [{ productId: '1', quantity: 100 }] }, 'checkout.error.quantity.tooLarge'],
    ['a quantity as text', { lines: [{ productId: '1', quantity: '2' }] }, 'checkout.error.quantity.wholeNumber'],
    [
      'the same product twice',
      {
        lines: [
          { productId: '1', quantity: 1 },
          { productId: '1', quantity: 1 },
        ],
      },
      'checkout.error.lines.duplicate',
    ],
    [
      'the same colour twice',
      {
        lines: [
          { productId: '1', quantity: 1, colour: 'Black' },
          { productId: '1', quantity: 1, colour: ' black ' },
        ],
      },
      'checkout.error.lines.duplicate',
    ],
    ['a blank colour', { lines: [{ productId: '1', quantity: 1, colour: ' ' }] }, 'checkout.error.colour.blank'],
    ['a colour as a number', { lines: [{ productId: '1', quantity: 1, colour: 3 }] }, 'checkout.error.colour.notText'],
    ['a colour of 41 characters', { lines: [{ productId: '1', quantity: 1, colour: 'x'.repeat(41) }] }, 'checkout.error.colour.tooLong'],
    ['more than 50 lines', { lines: Array.from({ length: 51 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })) }, 'checkout.error.lines.tooMany'],
    ['an unknown payment method', { paymentMethod: 'bitcoin' }, 'checkout.error.paymentMethod'],
    ['a short idempotency key', { idempotencyKey: 'abc' }, 'idempotencyKey must be 16 to 100 characters.'],
    ['a malformed email', { email: 'nope' }, 'error.email.invalid'],
    ['a blank first name', { firstName: ' ' }, 'checkout.error.firstName.required'],
  ])('refuses %s', (_label, change, message) => {
    expect(firstError(orderRequestSchema.safeParse({ ...order, ...change }))).toBe(message);
  });

  it('gives the limits a message needs as its values', () => {
    const values = (change: object) => issueValues(orderRequestSchema.safeParse({ ...order, ...change }).error!.issues[0]!);
    expect(values({ lines: [{ productId: '1', quantity: 0 }] })).toMatchObject({ minimum: 1 });
    expect(values({ lines: [{ productId: '1', quantity: 100 }] })).toMatchObject({ maximum: 99 });
    expect(values({ lines: Array.from({ length: 51 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })) })).toMatchObject({ maximum: 50 });
  });

  it.each([
    ['firstName', 'checkout.error.firstName.controlCharacters'],
    ['lastName', 'checkout.error.lastName.controlCharacters'],
    ['country', 'checkout.error.country.controlCharacters'],
    ['city', 'checkout.error.city.controlCharacters'],
    ['street', 'checkout.error.street.controlCharacters'],
    ['streetNumber', 'checkout.error.streetNumber.controlCharacters'],
    ['postalCode', 'checkout.error.postalCode.controlCharacters'],
    ['phoneNumber', 'checkout.error.phoneNumber.controlCharacters'],
    ['email', 'error.email.controlCharacters'],
    ['idempotencyKey', 'idempotencyKey must not contain control characters.'],
  ])('refuses a NUL or another control character in %s, naming the field', (key, message) => {
    const valid = String(order[key as keyof typeof order]);
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\n', '\t']) {
      const value = `${valid.slice(0, 1)}${control}${valid.slice(1)}`;
      expect(firstError(orderRequestSchema.safeParse({ ...order, [key]: value })), JSON.stringify(value)).toBe(message);
    }
  });

  it('refuses a control character in a product id, and forgives a trailing newline (trimmed)', () => {
    expect(firstError(orderRequestSchema.safeParse({ ...order, lines: [{ productId: '1\u0000', quantity: 1 }] }))).toBe('checkout.error.productId.controlCharacters');
    expect(orderRequestSchema.parse({ ...order, city: 'Cluj-Napoca\r\n' }).city).toBe('Cluj-Napoca');
    // Letters of any alphabet are not control characters.
    expect(orderRequestSchema.safeParse({ ...order, firstName: 'Ștefan', lastName: 'Ørsted-Łukasz' }).success).toBe(true);
  });

  it('refuses a missing field with its name', () => {
    const { lastName: _omitted, ...withoutLastName } = order;
    expect(firstError(orderRequestSchema.safeParse(withoutLastName))).toBe('checkout.error.lastName.required');
  });
});
