import type { MessageId } from '../locales/messages';
import { type Locale, shopDay } from './locale';
import { type Bani, formatMoney } from './money';

/**
 * The values of a validation message. A schema's message is a catalogue key where people see it
 * (decision 0020); the values it needs are the issue's own: zod's `minimum` and `maximum` of a
 * too_small or too_big issue, the `keys` of an unrecognized_keys one, and a custom issue's `params`.
 * The form translates `t(issue.message, issueValues(issue))`; the server does the same with Fastify's
 * validation entry, whose `params` hold the issue.
 */
export function issueValues(issue: object): Record<string, unknown> {
  const { minimum, maximum, keys, params } = issue as { minimum?: unknown; maximum?: unknown; keys?: unknown; params?: Record<string, unknown> };
  return { minimum, maximum, ...(Array.isArray(keys) ? { keys: keys.join(', ') } : {}), ...params };
}

/** A value that is itself said in the reader's language: another message (a field's name), an amount or a day. */
type LocalValue = { messageId: MessageId } | { bani: Bani } | { day: string };

/** A field's name as a message names it: its catalogue key, said in the message's language ("Name", "Nume"). */
export const fieldName = (id: MessageId): LocalValue => ({ messageId: id });

/** An amount as a message names it: "0.01 RON" / "0,01 lei", in the message's language. */
export const amountValue = (bani: Bani): LocalValue => ({ bani });

/** A day (YYYY-MM-DD) as a message names it: "7 December 2026" / "7 decembrie 2026", in the message's language. */
export const dayValue = (day: string): LocalValue => ({ day });

/**
 * `values` with each fieldName, amountValue and dayValue said in `locale` (`say` translates a key): what the
 * server's translate and the pages' t do before they put the values into a message.
 */
export function valuesIn(locale: Locale, values: Record<string, unknown> | undefined, say: (id: string) => string): Record<string, unknown> | undefined {
  if (!values) return values;
  let said: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'object' || value === null) continue;
    const local = value as Partial<{ messageId: unknown; bani: unknown; day: unknown }>;
    const text =
      typeof local.messageId === 'string'
        ? say(local.messageId)
        : typeof local.bani === 'number'
          ? formatMoney(local.bani, locale)
          : typeof local.day === 'string'
            ? shopDay(local.day, locale)
            : undefined;
    if (text === undefined) continue;
    said ??= { ...values };
    said[name] = text;
  }
  return said ?? values;
}
