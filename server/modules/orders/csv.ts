import { countyName } from '../../../domain/counties';
import { phoneDialledFromRomania } from '../../../domain/dialled';
import { type Bani, toDecimalString } from '../../../domain/money';
import { ORDER_STATUS_NAMES, type OrderStatus, type PaymentMethod } from '../../../domain/orders';

/**
 * CSV as spreadsheets read it (RFC 4180): CRLF line ends, a cell quoted when it holds a comma, a
 * quote or a line break (quotes doubled), and a UTF-8 byte order mark first so Excel reads
 * Romanian letters (ă, â, î, ș, ț) as UTF-8.
 */
export const CSV_BOM = '\uFEFF';

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula; a
 * customer's name or street could be one ("=HYPERLINK(…)"). Such a text cell gets a leading
 * apostrophe, which spreadsheets show as text. Numbers are written as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(cell).join(',')}\r\n`;
}

/** An order as the back office's export reads it (service.ts ordersForExport): amounts in bani, `date` in Bucharest time. */
export interface ExportedOrder {
  number: number;
  date: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  street: string;
  streetNumber: string;
  addressLine2: string | null;
  city: string;
  county: string | null;
  postalCode: string;
  country: string;
  subtotal: Bani;
  /** What a discount code took off the subtotal (0 without one), and the code (null without one). */
  discount: Bani;
  discountCode: string | null;
  shipping: Bani;
  /** subtotal − discount + shipping */
  total: Bani;
  paymentMethod: PaymentMethod;
  status: OrderStatus;
  /** "Dummy Lighter (Black) × 2; Dummy Car Key × 1" */
  items: string;
}

/**
 * GET /api/admin/orders.csv's columns (in English: a file for the courier and the accountant alike). The amounts read
 * as the order's totals do: Subtotal − Discount + Shipping = Total, the discount written as a positive sum beside its
 * code (a cell starting with "-" would read as a formula, see FORMULA_START); an anonymised order keeps them all.
 */
export const ORDER_CSV_COLUMNS = [
  'Order number',
  'Date',
  'Name',
  'Phone',
  'Email',
  'Street',
  'Street number',
  'Address line 2',
  'City',
  'County',
  'Postal code',
  'Country',
  'Subtotal (RON)',
  'Discount code',
  'Discount (RON)',
  'Shipping (RON)',
  'Total (RON)',
  'Cash to collect (RON)',
  'Payment method',
  'Status',
  'Items',
] as const;

/** One order's cells, in ORDER_CSV_COLUMNS's order. */
export function orderCsvCells(order: ExportedOrder): (string | number)[] {
  return [
    order.number,
    order.date,
    // An anonymised order has no name: an empty cell, not a space.
    `${order.firstName} ${order.lastName}`.trim(),
    phoneDialledFromRomania(order.phoneNumber),
    order.email,
    order.street,
    order.streetNumber,
    order.addressLine2 ?? '',
    order.city,
    countyName(order.county) ?? '',
    order.postalCode,
    order.country,
    toDecimalString(order.subtotal),
    order.discountCode ?? '',
    toDecimalString(order.discount),
    toDecimalString(order.shipping),
    toDecimalString(order.total),
    // The courier collects cash orders only; card orders are paid already.
    toDecimalString(order.paymentMethod === 'cod' ? order.total : 0),
    order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Card',
    ORDER_STATUS_NAMES[order.status],
    order.items,
  ];
}
