import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LOCALES, type Locale } from '../../../domain/locale';
import { type Encoding, etagMatches, preferredEncoding } from '../../compression';
import { LANGUAGE_VARY, requestLocale } from '../../i18n';
import type { Catalogue, CatalogueSnapshot } from './catalogue';

const PATH = '/api/products';

/** A language's catalogue as whole answers: the 304, and the 200 in each encoding, headers and body made once. */
interface Answers {
  etag: string;
  notModified: OutgoingHttpHeaders;
  ok: Record<Encoding, { headers: OutgoingHttpHeaders; body: Buffer }>;
}

function answersOf(snapshot: CatalogueSnapshot, securityHeaders: Readonly<Record<string, string>>): Record<Locale, Answers> {
  const inLanguage = (locale: Locale): Answers => {
    const { etag, body } = snapshot[locale];
    const notModified = { ...securityHeaders, 'cache-control': 'no-cache', etag, vary: `${LANGUAGE_VARY}, Accept-Encoding` };
    const ok = (encoding: Encoding): Answers['ok'][Encoding] => ({
      headers: {
        ...notModified,
        'content-type': 'application/json; charset=utf-8',
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': body[encoding].length,
      },
      body: body[encoding],
    });
    return { etag, notModified, ok: { br: ok('br'), gzip: ok('gzip'), identity: ok('identity') } };
  };
  return Object.fromEntries(LOCALES.map((locale) => [locale, inLanguage(locale)])) as Record<Locale, Answers>;
}

/**
 * GET /api/products, answered as the node server receives it, before Fastify's routing, hooks and reply
 * (decision 0024): every page load asks for it, and its answers are made once per change of the
 * catalogue (catalogue.ts), so Fastify's own work per request was most of its cost. The answer is the one
 * catalogRoutes gives, header for header (the security headers, no-cache, ETag and 304, Vary, the
 * visitor's language and encoding); fastAnswer.api.test.ts compares the two. Returns false, leaving the
 * request to Fastify, for anything else and while the catalogue has not loaded (Fastify's route answers
 * 503 then). Not in the request log.
 */
export function catalogueAnswerer(catalogue: Catalogue, securityHeaders: Readonly<Record<string, string>>) {
  let madeFor: CatalogueSnapshot | null = null;
  let answers: Record<Locale, Answers> | null = null;
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = request.url ?? '';
    if (request.method !== 'GET' || !(url === PATH || url.startsWith(`${PATH}?`))) return false;
    let snapshot: CatalogueSnapshot;
    try {
      snapshot = catalogue.current();
    } catch {
      return false;
    }
    if (snapshot !== madeFor || !answers) {
      answers = answersOf(snapshot, securityHeaders);
      madeFor = snapshot;
    }
    const { etag, notModified, ok } = answers[requestLocale(request)];
    if (etagMatches(request.headers['if-none-match'], etag)) {
      response.writeHead(304, notModified).end();
      return true;
    }
    const { headers, body } = ok[preferredEncoding(request.headers['accept-encoding'])];
    response.writeHead(200, headers).end(body);
    return true;
  };
}
