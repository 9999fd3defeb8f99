import { COMPANY_DATA_ID, type CompanyInfo } from '../../domain/company';

/** Shown where the server embedded no details (the Vite dev server's page): visibly missing, never made up. */
const NOT_EMBEDDED: CompanyInfo = { name: '—', cui: '—', registrationNumber: '—', address: '—', email: '—', phone: '—' };

let company: CompanyInfo | null = null;

/** On the server, the company of the page being rendered (web/entry-server.tsx), as the browser will read it from the page. */
export function primeCompany(details: CompanyInfo): void {
  company = details;
}

/**
 * The seller's identification, as the server embedded it in the page (server/modules/pages): read
 * once, with no request of its own.
 */
export function companyInfo(): CompanyInfo {
  if (company) return company;
  const embedded = typeof document === 'undefined' ? null : document.getElementById(COMPANY_DATA_ID);
  company = embedded?.textContent ? (JSON.parse(embedded.textContent) as CompanyInfo) : NOT_EMBEDDED;
  return company;
}
