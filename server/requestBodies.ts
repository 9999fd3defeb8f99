import type { FastifyInstance } from 'fastify';
import { hasControlCharacters } from '../domain/text';
import { AppError } from './errors';

const INVALID_TEXT = { id: 'error.request.invalidUtf8' } as const;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** A \u escape of a surrogate: only then can the parsed body hold a lone one. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;
const LONE_SURROGATE = /\p{Cs}/u;

type Found = { key: string } | null;

/**
 * The first string in a parsed JSON body (values and field names) that `bad` matches, with the
 * name of the field it is in. Iterative: a deeply nested body cannot overflow the stack.
 */
function findString(body: unknown, bad: (text: string) => boolean): Found {
  const pending: { value: unknown; key: string }[] = [{ value: body, key: '' }];
  while (pending.length > 0) {
    const { value, key } = pending.pop()!;
    if (typeof value === 'string') {
      if (bad(value)) return { key };
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, key });
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [name, item] of Object.entries(value)) {
        if (bad(name)) return { key: '' };
        pending.push({ value: item, key: name });
      }
    }
  }
  return null;
}

/** "firstName" → "First name", "priceId" → "Price id": what the forms call these fields. */
function labelOf(key: string): string {
  if (!key) return 'The request';
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * JSON bodies are read strictly, and no text with a control character reaches a handler:
 *  - bytes that are not UTF-8, or a \u escape of half a character, answer 400 (the default parser
 *    would store U+FFFD in their place);
 *  - a NUL or another control character in any text answers 400 naming the field. Request schemas
 *    in domain/ refuse them first with their own labels; this catches routes and fields they do
 *    not cover (better-auth's, a price id), so PostgreSQL never sees a NUL (it answers 500 to it).
 */
export function guardRequestBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new AppError('bad_request', INVALID_TEXT, 'invalid_utf8'), undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (SURROGATE_ESCAPE.test(text) && findString(value, (s) => LONE_SURROGATE.test(s))) {
        return done(new AppError('bad_request', INVALID_TEXT, 'invalid_utf8'), undefined);
      }
      done(null, value);
    });
  });

  // A callback hook, not an async one: it runs on every request, most of which (GETs) have no body.
  app.addHook('preHandler', (request, _reply, done) => {
    const found = request.body === undefined ? undefined : findString(request.body, hasControlCharacters);
    done(found ? new AppError('bad_request', { id: 'error.request.controlCharacters', values: { label: labelOf(found.key) } }, 'control_characters') : undefined);
  });
}
