import { z } from 'zod';
import { key, textField } from './adminFields';
import { bucharestSector, COUNTY_CODES, POSTAL_CODE_PATTERN } from './counties';

const text = (label: Parameters<typeof textField>[0], max: number) => textField(label, max, 'admin.field.required');

/**
 * The buyer as a re-issued invoice names them (POST /api/admin/invoices/:id/reissue), corrected by the owner: name,
 * street with number, city, county and postal code. A Bucharest address names its sector (e-Factura asks for it).
 */
export const invoiceCorrectionSchema = z
  .object({
    name: text('admin.invoices.field.name', 200),
    street: text('admin.invoices.field.street', 200),
    city: text('admin.invoices.field.city', 100),
    county: z.enum(COUNTY_CODES, { error: key('admin.invoices.problem.county') }),
    postalCode: text('admin.invoices.field.postalCode', 6).refine((code) => POSTAL_CODE_PATTERN.test(code), key('admin.invoices.problem.postalCode')),
  })
  .refine((buyer) => buyer.county !== 'B' || bucharestSector(buyer.city, buyer.street) !== null, { path: ['city'], error: key('admin.invoices.problem.sector') });
export type InvoiceCorrection = z.infer<typeof invoiceCorrectionSchema>;
