import type { FeedItem } from '../../../domain/feeds';
import { escapeXml } from '../../../domain/text';

/** Google's namespace for its product attributes in an RSS 2.0 feed (Merchant Center's XML format; Meta reads it too). */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** Every feed item is new, and has no GTIN or MPN: the shop's own products. */
const CONDITION = 'new';

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

function rssItem(item: FeedItem, brand: string): string {
  const parts = [
    element('g:id', item.id),
    element('g:title', item.title),
    element('g:description', item.description),
    element('g:link', item.link),
    element('g:image_link', item.imageLink),
    ...item.additionalImageLinks.map((link) => element('g:additional_image_link', link)),
    element('g:availability', item.inStock ? 'in_stock' : 'out_of_stock'),
    element('g:price', item.price),
    ...(item.salePrice ? [element('g:sale_price', item.salePrice)] : []),
    element('g:condition', CONDITION),
    element('g:brand', brand),
    element('g:identifier_exists', 'no'),
    ...(item.groupId ? [element('g:item_group_id', item.groupId)] : []),
    ...(item.color ? [element('g:color', item.color)] : []),
    `<g:shipping>${element('g:country', 'RO')}${element('g:price', item.shippingPrice)}</g:shipping>`,
    ...item.details.map(
      (detail) => `<g:product_detail>${element('g:section_name', detail.section)}${element('g:attribute_name', detail.name)}${element('g:attribute_value', detail.value)}</g:product_detail>`,
    ),
  ];
  return `    <item>\n${parts.map((part) => `      ${part}`).join('\n')}\n    </item>`;
}

/** An RSS 2.0 feed with Google's `g:` attributes: Google Merchant Center's and Meta's. */
export function rssFeed(items: readonly FeedItem[], { title, link, brand }: { title: string; link: string; brand: string }): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '  <channel>',
    `    ${element('title', title)}`,
    `    ${element('link', link)}`,
    `    ${element('description', title)}`,
    ...items.map((item) => rssItem(item, brand)),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** TikTok's catalogue columns (its Catalog Product Parameters: the nine required ones first). */
export const TIKTOK_COLUMNS = [
  'sku_id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'item_group_id',
  'color',
  'sale_price',
  'additional_image_link',
] as const;

/** A CSV field, always quoted (RFC 4180: a quote inside is doubled), so commas and line breaks in a description stay in it. */
const csvField = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** TikTok's catalogue as a CSV file (UTF-8, CRLF line ends, a header row). */
export function tiktokCsv(items: readonly FeedItem[], brand: string): string {
  const rows = items.map((item) => {
    const row: Record<(typeof TIKTOK_COLUMNS)[number], string> = {
      sku_id: item.id,
      title: item.title,
      description: item.description,
      // TikTok's supported values: in stock, available for order, preorder, out of stock, discontinued
      // (https://ads.tiktok.com/help/article/catalog-product-parameters, "availability").
      availability: item.inStock ? 'in stock' : 'out of stock',
      condition: CONDITION,
      price: item.price,
      link: item.link,
      image_link: item.imageLink,
      brand,
      item_group_id: item.groupId ?? '',
      color: item.color ?? '',
      sale_price: item.salePrice ?? '',
      additional_image_link: item.additionalImageLinks.join(','),
    };
    return TIKTOK_COLUMNS.map((column) => csvField(row[column])).join(',');
  });
  return `${[TIKTOK_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
