import type { CompanyInfo } from '../../../../domain/company';

/** What every legal text is given: the seller's details, from the server's configuration. */
export interface LegalContentProps {
  company: CompanyInfo;
}
