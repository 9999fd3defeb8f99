import { GOOGLE_NAMESPACE } from '../server/modules/feeds/formats';

/**
 * Reading the catalogue feeds as a channel would (server/modules/feeds/): the XML by SaxonJS's parser, which refuses
 * anything not well-formed, then XPath; the CSV by RFC 4180's rules.
 */

interface SaxonXPath {
  getResource(options: { text: string; type: 'xml' }): Promise<unknown>;
  XPath: { evaluate(xpath: string, context: unknown, options: { namespaceContext: Record<string, string> }): unknown };
}

const saxon = import('saxon-js').then((module) => ((module as { default?: unknown }).default ?? module) as unknown as SaxonXPath);

/** An RSS feed item: each of its simple elements by name (`g:price`), its shipping as "country price", its product details as "name=value". */
export interface RssItem {
  fields: Record<string, string>;
  shipping: string[];
  details: string[];
  images: number;
}

export interface RssFeed {
  version: string;
  items: RssItem[];
}

// Every item as a map, serialised as JSON by XPath 3.1 (the simple elements' names are each met once, but the images').
const ITEMS = `serialize(array { /rss/channel/item ! map:merge((
  map:entry('fields', map:merge(*[not(*)][not(self::g:additional_image_link)] ! map:entry(name(), string()))),
  map:entry('shipping', array { g:shipping ! concat(g:country, ' ', g:price) }),
  map:entry('details', array { g:product_detail ! concat(g:attribute_name, '=', g:attribute_value) }),
  map:entry('images', count(g:additional_image_link))
)) }, map { 'method': 'json' })`;

/** Parses an RSS 2.0 feed with Google's namespace; throws when it is not well-formed XML. */
export async function readRss(text: string): Promise<RssFeed> {
  const { getResource, XPath } = await saxon;
  const document = await getResource({ text, type: 'xml' });
  const namespaceContext = { g: GOOGLE_NAMESPACE, map: 'http://www.w3.org/2005/xpath-functions/map' };
  const version = String(XPath.evaluate('string(/rss/@version)', document, { namespaceContext }));
  const items = JSON.parse(String(XPath.evaluate(ITEMS, document, { namespaceContext }))) as RssItem[];
  return { version, items };
}

/** The rows of a CSV file (RFC 4180: quoted fields, doubled quotes, CRLF), the header first; throws on a stray quote. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field, at ${at}`);
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      at += 1;
    } else field += char;
  }
  if (quoted) throw new Error('a quoted field never closed');
  if (field !== '' || row.length > 0) throw new Error('the last row has no CRLF');
  return rows;
}
