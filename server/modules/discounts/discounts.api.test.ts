import { describe, expect, it } from 'vitest';
import { setUpTestApp, signUpOwner, TEST_ORIGIN } from '../../../testing/app';

// The back office's discount codes (issue 34): made, listed, paused and changed by the owner; on both databases.

const shop = setUpTestApp();
let cookie: string | undefined;
async function asOwner(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  cookie ??= (await signUpOwner(shop.app, shop.database.db)).cookie;
  return shop.app.inject({ method, url, payload: payload as object, headers: { cookie, origin: TEST_ORIGIN } });
}

describe('discount codes in the back office', () => {
  it('are made in capitals with their rules, listed newest first, and a code made twice in any case is refused', async () => {
    const made = await asOwner('POST', '/api/admin/discount-codes', {
      code: ' vara 10 ',
      kind: 'percent',
      value: 10,
      minSubtotal: 10_000,
      validFrom: '2026-12-01',
      validTo: '2026-12-31',
      usageLimit: 50,
      oncePerContact: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      code: 'VARA10',
      kind: 'percent',
      value: 10,
      minSubtotal: 10_000,
      validFrom: '2026-12-01',
      validTo: '2026-12-31',
      usageLimit: 50,
      uses: 0,
      oncePerContact: true,
      active: true,
    });
    const second = await asOwner('POST', '/api/admin/discount-codes', { code: 'MINUS20', kind: 'amount', value: 2_000 });
    expect(second.json()).toMatchObject({ code: 'MINUS20', minSubtotal: null, validFrom: null, validTo: null, usageLimit: null, oncePerContact: false, active: true });
    expect((await asOwner('GET', '/api/admin/discount-codes')).json().codes.map((code: { code: string }) => code.code)).toEqual(['MINUS20', 'VARA10']);

    const twice = await asOwner('POST', '/api/admin/discount-codes', { code: 'Vara10', kind: 'amount', value: 500 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The code VARA10 exists already.');
  });

  it('are paused and resumed, and their days and limits changed; never what they take off', async () => {
    const { id } = (await asOwner('POST', '/api/admin/discount-codes', { code: 'PAUSE-ME', kind: 'percent', value: 5 })).json();
    expect((await asOwner('PATCH', `/api/admin/discount-codes/${id}`, { active: false })).json()).toMatchObject({ active: false });
    expect((await asOwner('PATCH', `/api/admin/discount-codes/${id}`, { active: true, validTo: '2027-01-31', usageLimit: 3 })).json()).toMatchObject({
      active: true,
      validTo: '2027-01-31',
      usageLimit: 3,
    });
    const value = await asOwner('PATCH', `/api/admin/discount-codes/${id}`, { value: 50 });
    expect(value.statusCode).toBe(400);
    expect(value.json().message).toMatch(/value/);
    const reversed = await asOwner('PATCH', `/api/admin/discount-codes/${id}`, { validFrom: '2027-02-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('The last day cannot come before the first.');
    expect((await asOwner('PATCH', '/api/admin/discount-codes/999999', { active: false })).statusCode).toBe(404);
    // A change that changes nothing is bad input, said (it was a 500: an UPDATE with nothing to set).
    const nothing = await asOwner('PATCH', `/api/admin/discount-codes/${id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Say what to change: the minimum, the days, the uses or whether it runs.');
  });

  it('refuse bad input with the field’s message, making nothing', async () => {
    const before = (await asOwner('GET', '/api/admin/discount-codes')).json().codes.length;
    for (const [body, message] of [
      [{ code: 'VARĂ', kind: 'percent', value: 10 }, 'A code is 3 to 32 letters (without diacritics), digits, dashes or underscores.'],
      [{ code: 'AB', kind: 'percent', value: 10 }, 'A code is 3 to 32 letters (without diacritics), digits, dashes or underscores.'],
      [{ code: 'TOO-MUCH', kind: 'percent', value: 150 }, 'A percentage is at most 100.'],
      [{ code: 'HALF', kind: 'percent', value: 12.5 }, 'Discount must be a whole number.'],
      [{ code: 'FREE', kind: 'gift', value: 10 }, 'Choose a percentage or a sum in lei.'],
      [{ code: 'NODAY', kind: 'amount', value: 500, validFrom: '2026-02-30' }, 'Valid from must be a day, like 2026-12-01.'],
      [{ code: 'BACKWARDS', kind: 'amount', value: 500, validFrom: '2026-12-31', validTo: '2026-12-01' }, 'The last day cannot come before the first.'],
      [{ code: 'LIMITLESS', kind: 'amount', value: 500, usageLimit: 0 }, 'Uses in all must be at least 1.'],
      [{ code: 'EXTRA', kind: 'amount', value: 500, colour: 'red' }, /colour/],
    ] as const) {
      const response = await asOwner('POST', '/api/admin/discount-codes', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await asOwner('GET', '/api/admin/discount-codes')).json().codes).toHaveLength(before);
  });

  it('are the owner’s only', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/admin/discount-codes' })).statusCode).toBe(401);
  });
});
