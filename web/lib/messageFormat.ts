import type { Messages } from '@lingui/core';

/** A message as `lingui compile` writes it: text, or a list of text and placeholders. */
type CompiledMessage = Messages[string];

type Cases = Record<string, CompiledMessage> & { offset?: number };
type Token = string | [name: string, type?: string, format?: unknown];

const escapes = /\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g;
const memo = new Map<string, Intl.PluralRules | Intl.NumberFormat>();
const cached = <T extends Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T): T => {
  let found = memo.get(key) as T | undefined;
  if (!found) {
    found = make();
    memo.set(key, found);
  }
  return found;
};
const numberFormat = (locale: string, format?: Intl.NumberFormatOptions) => cached(`n ${locale} ${JSON.stringify(format ?? null)}`, () => new Intl.NumberFormat(locale, format));
/**
 * A plural's `#`: a whole number below 1,000 is written alike in every language, without a NumberFormat
 * (a browser's first one loads its number data: 25–35 ms on a slow phone, while the page hydrates).
 */
const countText = (count: number, locale: string) => (Number.isInteger(count) && Math.abs(count) < 1000 ? String(count) : numberFormat(locale).format(count));

/**
 * A message as `lingui compile` writes it (decision 0020), made into text in `locale` with `values`: plain
 * text, `{name}`, `{n, plural, …}` / `selectordinal` (with `#` and exact `=n` cases), `{x, select, …}` and
 * `{n, number}`, the way Lingui's own runtime does it. The storefront uses this instead of @lingui/core's
 * runtime, which would cost every page 2 KB of its 90 KB budget; the server keeps Lingui's runtime, and
 * messageFormat.test.ts checks that both give the same text for every message of the catalogues.
 */
export function formatMessage(message: CompiledMessage, locale: string, values: Record<string, unknown> = {}): string {
  const walk = (tokens: CompiledMessage, count?: number): string =>
    typeof tokens === 'string'
      ? tokens
      : (tokens as Token[])
          .map((token) => {
            if (typeof token === 'string') return token === '#' && count !== undefined ? countText(count, locale) : token;
            const [name, type, format] = token;
            const value = values[name];
            if (type === 'select') {
              const cases = format as Cases;
              return walk(cases[String(value)] ?? cases.other ?? '');
            }
            if (type === 'plural' || type === 'selectordinal') {
              const cases = format as Cases;
              const n = Number(value);
              const offset = cases.offset ?? 0;
              const rules = cached(`p ${locale} ${type}`, () => new Intl.PluralRules(locale, { type: type === 'plural' ? 'cardinal' : 'ordinal' }));
              return walk(cases[n] ?? cases[rules.select(n - offset)] ?? cases.other ?? '', n - offset);
            }
            if (value == null) return '';
            if (type === 'number') return numberFormat(locale, typeof format === 'object' ? (format as Intl.NumberFormatOptions) : { style: format as 'percent' }).format(Number(value));
            return String(value);
          })
          .join('');
  return walk(message).replace(escapes, (_, unicode: string | undefined, hex: string | undefined) => String.fromCharCode(Number.parseInt(unicode ?? hex!, 16)));
}
