import type { DeliveryPromise } from './delivery';
import { scriptJson } from './structuredData';

/**
 * Who sells: the company's identification that Romanian law (ANPC Order 225/2023) wants shown before
 * anyone orders. Set by the owner in the server's configuration (COMPANY_* variables); the server
 * embeds it in every page it serves, so the footer arrives complete with the first HTML.
 */
export interface CompanyInfo {
  /** Legal name, e.g. "EXEMPLU SRL". */
  name: string;
  /** Cod unic de înregistrare (with RO when registered for VAT). */
  cui: string;
  /** Număr de ordine în Registrul Comerțului, e.g. J40/1234/2025. */
  registrationNumber: string;
  /** Registered office (sediul social). */
  address: string;
  email: string;
  phone: string;
  /** What the buyer is promised beside the buy button (issue 46): the delivery, and where to call or write. */
  service?: {
    delivery: DeliveryPromise;
    phone: string;
    whatsapp: string | null;
    confirmCall: boolean;
    /** The checkout offers "Send me a link to my cart…" (CART_REMINDER_HOURS not off; decision 0045). */
    cartReminders?: boolean;
  };
}

/** The placeholders the COMPANY_* settings start with (server/env.ts), to be replaced before the shop sells. */
export const EXAMPLE_COMPANY = {
  name: 'EXEMPLU SRL',
  cui: 'RO00000000',
  registrationNumber: 'J00/0000/2025',
  address: 'Strada Exemplului nr. 1, București, România',
  email: 'contact@exemplu.ro',
  phone: '+40 700 000 000',
} as const satisfies Omit<CompanyInfo, 'service'>;

const SETTING_OF = { name: 'COMPANY_NAME', cui: 'COMPANY_CUI', registrationNumber: 'COMPANY_REG_NO', address: 'COMPANY_ADDRESS', email: 'COMPANY_EMAIL', phone: 'COMPANY_PHONE' } as const;

/** The COMPANY_* settings that still hold their placeholders (the back office says so at its top: issue 46). */
export function exampleCompanySettings(company: CompanyInfo): string[] {
  return (Object.keys(SETTING_OF) as (keyof typeof SETTING_OF)[]).filter((field) => company[field] === EXAMPLE_COMPANY[field]).map((field) => SETTING_OF[field]);
}

/** The id of the element holding the company's details in every page the server sends. */
export const COMPANY_DATA_ID = 'company-data';

/** ANPC's page on alternative dispute resolution, where the SAL pictogram must lead (ANPC Order 449/2022). */
export const ANPC_SAL_URL = 'https://anpc.ro/ce-este-sal/';

/** The element that carries the company's details in a page (read by web/lib/company.ts). */
export const companyDataScript = (company: CompanyInfo): string => `<script type="application/json" id="${COMPANY_DATA_ID}">${scriptJson(company)}</script>`;
