import { describe, expect, it } from 'vitest';
import { amountValue, dayValue, fieldName, issueValues, valuesIn } from './issueValues';
import { keepLiveStock, keyFeaturesFromLines, MAX_PRICE, parseRon, productChangeSchema, productCreateSchema } from './productEdit';

describe('product editing rules', () => {
  it('reads amounts typed in RON into bani, exactly, and refuses anything else', () => {
    expect(parseRon('39.99')).toBe(3999);
    expect(parseRon(' 39,99 ')).toBe(3999);
    expect(parseRon('39.9')).toBe(3990);
    expect(parseRon('39')).toBe(3900);
    expect(parseRon('0.05')).toBe(5);
    expect(parseRon('1979.01')).toBe(197901);
    for (const text of ['', ' ', '-1', '+1', '39.999', '39.', '.99', '1 000', '1,000.00', '3e3', 'abc', '39.99 RON']) {
      expect(parseRon(text), text).toBeNull();
    }
  });

  it('takes key features one per line, trimmed, blank lines dropped', () => {
    expect(keyFeaturesFromLines('  One \r\n\n Two\n')).toEqual(['One', 'Two']);
    expect(keyFeaturesFromLines('')).toEqual([]);
  });

  /** The first refusal's catalogue key and its values, as the form and the server translate them. */
  const refusal = (result: { error?: { issues: object[] } }) => {
    const issue = result.error?.issues[0] as { message: string };
    return { message: issue.message, values: issueValues(issue) };
  };

  it('refuses an empty change and a misspelt field', () => {
    expect(refusal(productChangeSchema.safeParse({})).message).toBe('admin.product.problem.nothingToChange');
    expect(refusal(productChangeSchema.safeParse({ prize: 100 }))).toMatchObject({ message: 'admin.error.unknownField', values: { keys: 'prize' } });
    expect(productChangeSchema.safeParse({ stock: null, stripePriceId: null }).data).toEqual({ stock: null, stripePriceId: null });
    // The struck-through price comes from the price history, never from a typed-in old price.
    expect(refusal(productChangeSchema.safeParse({ oldPrice: 7999, newPrice: 1 }))).toMatchObject({ message: 'admin.error.unknownField', values: { keys: 'oldPrice, newPrice' } });
  });

  it('words its messages as admin catalogue keys, naming the field by its own key and amounts as amounts', () => {
    expect(refusal(productChangeSchema.safeParse({ name: 42 }))).toEqual({ message: 'admin.field.notText', values: { field: fieldName('admin.product.form.name') } });
    expect(refusal(productChangeSchema.safeParse({ description: 'd'.repeat(2001) }))).toEqual({
      message: 'admin.field.tooLong',
      values: { field: fieldName('admin.product.form.description'), max: 2000 },
    });
    expect(refusal(productChangeSchema.safeParse({ price: MAX_PRICE + 1 }))).toEqual({
      message: 'admin.field.atMostAmount',
      values: { field: fieldName('admin.product.field.price'), amount: amountValue(MAX_PRICE) },
    });
    expect(refusal(productCreateSchema.safeParse({ name: 'x', description: 'x', price: 1, keyFeatures: Array(13).fill('k') }))).toMatchObject({
      message: 'admin.product.problem.tooManyKeyFeatures',
      values: { maximum: 12 },
    });
    // Still a schema of the right types: trimmed text, and the value stops at the first wrong type.
    expect(productChangeSchema.safeParse({ name: '  Wallet ', active: false }).data).toEqual({ name: 'Wallet', active: false });
    expect(productChangeSchema.safeParse({ stock: 1.5 }).error?.issues).toHaveLength(1);
  });

  it('says a field’s name, an amount and a day in the message’s language', () => {
    const say = (id: string) => `<${id}>`;
    const values = { field: fieldName('admin.product.field.price'), amount: amountValue(1), day: dayValue('2026-12-07'), max: 3 };
    expect(valuesIn('ro', values, say)).toEqual({ field: '<admin.product.field.price>', amount: '0,01\u00a0lei', day: '7 decembrie 2026', max: 3 });
    expect(valuesIn('en', values, say)).toEqual({ field: '<admin.product.field.price>', amount: '0.01 RON', day: '7 December 2026', max: 3 });
    // Values of other kinds pass as they are.
    const plain = { count: 2, email: 'ana@example.ro', list: [1] };
    expect(valuesIn('ro', plain, say)).toBe(plain);
  });
});

describe('keepLiveStock', () => {
  const now = {
    stock: 3,
    colourOptions: [
      { name: 'Black', stock: 1 },
      { name: 'Red', stock: null },
    ],
  };
  const seen = { stock: 5, colours: { Black: 3, Red: null } };

  it('keeps the stock there is now where the owner sent it as the form showed it', () => {
    const sent = {
      name: 'x',
      stock: 5,
      colourOptions: [
        { name: 'Black', available: true, stock: 3 },
        { name: 'Red', available: true, stock: null },
      ],
    };
    expect(keepLiveStock(sent, seen, now)).toEqual({
      name: 'x',
      stock: 3,
      colourOptions: [
        { name: 'Black', available: true, stock: 1 },
        { name: 'Red', available: true, stock: null },
      ],
    });
  });

  it('sets what the owner typed, a colour the form did not show, and everything when nothing was seen', () => {
    const sent = {
      stock: 8,
      colourOptions: [
        { name: 'Black', available: true, stock: 0 },
        { name: 'Green', available: true, stock: 4 },
      ],
    };
    expect(keepLiveStock(sent, seen, now)).toEqual(sent);
    expect(keepLiveStock({ stock: 5 }, undefined, now)).toEqual({ stock: 5 });
  });
});
