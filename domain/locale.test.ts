import { describe, expect, it } from 'vitest';
import { chooseLocale, cookieValue, firstAcceptedLanguage, localeOfLanguageTag } from './locale';
import { formatMoney, formatMoneyShort } from './money';

describe('the visitor’s language', () => {
  it('is Romanian for a browser whose first language is Romanian, English for any other', () => {
    expect(localeOfLanguageTag('ro')).toBe('ro');
    expect(localeOfLanguageTag('ro-RO')).toBe('ro');
    expect(localeOfLanguageTag('RO_md')).toBe('ro');
    for (const tag of ['en-GB', 'hu-HU', 'de', 'rom', '', null, undefined]) expect(localeOfLanguageTag(tag)).toBe('en');
  });

  it('takes the language the browser prefers most from Accept-Language', () => {
    expect(firstAcceptedLanguage('ro-RO,ro;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('ro-RO');
    expect(firstAcceptedLanguage('en;q=0.5, ro;q=0.9')).toBe('ro');
    expect(firstAcceptedLanguage('hu, ro;q=0.9')).toBe('hu');
    expect(firstAcceptedLanguage('*, ro;q=0.1')).toBe('ro');
    expect(firstAcceptedLanguage('ro;q=0, en;q=0.2')).toBe('en');
    expect(firstAcceptedLanguage('')).toBeNull();
    expect(firstAcceptedLanguage(undefined)).toBeNull();
  });

  it('follows the visitor’s own choice over the browser’s, and ignores a choice it does not know', () => {
    expect(chooseLocale('en', 'ro-RO')).toBe('en');
    expect(chooseLocale('ro', 'en-US')).toBe('ro');
    expect(chooseLocale('fr', 'ro-RO')).toBe('ro');
    expect(chooseLocale(null, 'de-DE')).toBe('en');
  });

  it('reads the choice from a Cookie header', () => {
    expect(cookieValue('a=1; lang=ro; b=2', 'lang')).toBe('ro');
    expect(cookieValue('xlang=ro', 'lang')).toBeNull();
    expect(cookieValue(undefined, 'lang')).toBeNull();
  });
});

describe('amounts as text', () => {
  it('writes lei the Romanian way and RON the English way, from whole bani', () => {
    expect(formatMoney(3999, 'ro')).toBe('39,99\u00a0lei');
    expect(formatMoney(123450, 'ro')).toBe('1.234,50\u00a0lei');
    expect(formatMoney(3999, 'en')).toBe('39.99 RON');
    expect(formatMoney(123450, 'en')).toBe('1,234.50 RON');
    expect(formatMoney(1, 'en')).toBe('0.01 RON');
    expect(formatMoney(0, 'ro')).toBe('0,00\u00a0lei');
  });

  it('drops zero decimals of round amounts in promotion texts only', () => {
    expect(formatMoneyShort(20000, 'ro')).toBe('200\u00a0lei');
    expect(formatMoneyShort(20000, 'en')).toBe('200 RON');
    expect(formatMoneyShort(1999, 'ro')).toBe('19,99\u00a0lei');
  });
});
