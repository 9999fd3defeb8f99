import { type Messages, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/locale';
import { ADMIN_MESSAGES, MAIL_MESSAGES, SHOP_MESSAGES } from '../../locales/catalogues';
import { formatMessage } from './messageFormat';

const COUNTS = [0, 1, 2, 3, 5, 11, 19, 20, 21, 100, 101, 1234];

/** Each placeholder of a compiled message, with the kind it is (plural, select's cases, or plain). */
function placeholders(message: Messages[string], found = new Map<string, { type?: string; cases: string[] }>()) {
  if (typeof message === 'string') return found;
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token as [string, string?, Record<string, Messages[string]>?];
    const seen = found.get(name) ?? { type, cases: [] };
    if (type === 'select' || type === 'plural' || type === 'selectordinal') {
      for (const [key, inner] of Object.entries(format ?? {})) {
        if (key !== 'offset') seen.cases.push(key);
        placeholders(inner, found);
      }
    }
    found.set(name, seen);
  }
  return found;
}

describe('the storefront’s reader of compiled messages', () => {
  it('gives the same text as Lingui’s runtime for every message of every catalogue, in both languages', () => {
    let compared = 0;
    for (const catalogue of [SHOP_MESSAGES, ADMIN_MESSAGES, MAIL_MESSAGES]) {
      for (const locale of LOCALES) {
        const lingui = setupI18n({ locale, messages: { [locale]: catalogue[locale] } });
        for (const [id, message] of Object.entries(catalogue[locale])) {
          const names = placeholders(message);
          for (let round = 0; round < COUNTS.length; round++) {
            const values: Record<string, unknown> = {};
            for (const [name, { type, cases }] of names) {
              if (type === 'plural' || type === 'selectordinal') values[name] = COUNTS[round];
              else if (type === 'select') values[name] = [...cases, 'something-else'][round % (cases.length + 1)];
              else values[name] = round % 2 ? `«${name}»` : COUNTS[round];
            }
            expect(formatMessage(message, locale, values), `${locale} ${id} ${JSON.stringify(values)}`).toBe(lingui._(id, values));
            compared++;
            if (names.size === 0) break;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('words plurals the Romanian way', () => {
    const message = SHOP_MESSAGES.ro['cart.buttonLabel']!;
    expect([1, 2, 19, 20, 101].map((count) => formatMessage(message, 'ro', { count }))).toEqual(['Coș, 1 produs', 'Coș, 2 produse', 'Coș, 19 produse', 'Coș, 20 de produse', 'Coș, 101 produse']);
  });

  it('agrees the visitors’ figures with their counts in both languages (issue 46)', () => {
    const summary = (locale: 'en' | 'ro', visitors: number, orders: number) => {
      const say = (id: string, values: Record<string, unknown>) => formatMessage(ADMIN_MESSAGES[locale][id]!, locale, values);
      return say('admin.visits.chartSummary', { visitors: say('admin.visits.visitors', { count: visitors }), orders: say('admin.visits.orders', { count: orders }) });
    };
    expect(summary('en', 1, 1)).toBe('1 visitor and 1 order in the last 30 days.');
    expect(summary('en', 40, 2)).toBe('40 visitors and 2 orders in the last 30 days.');
    expect(summary('ro', 1, 1)).toBe('1 vizitator și 1 comandă în ultimele 30 de zile.');
    expect(summary('ro', 40, 2)).toBe('40 de vizitatori și 2 comenzi în ultimele 30 de zile.');
    const period = ADMIN_MESSAGES.ro['admin.visits.period']!;
    expect([1, 7, 30].map((days) => formatMessage(period, 'ro', { days }))).toEqual(['Azi', 'Ultimele 7 zile', 'Ultimele 30 de zile']);
  });
});
