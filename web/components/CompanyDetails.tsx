import type { CompanyInfo } from '../../domain/company';
import type { Locale } from '../../domain/locale';

const TEXT = {
  en: { cui: 'Tax ID (CUI)', registration: 'Trade Register no.', address: 'Registered office', email: 'Email', phone: 'Phone' },
  ro: { cui: 'CUI', registration: 'Nr. Reg. Com.', address: 'Sediul social', email: 'E-mail', phone: 'Telefon' },
} as const;

/** The seller's identification (ANPC Order 225/2023): the footer's and the payment step's. */
export function CompanyDetails({ company, locale = 'en', className = '' }: { company: CompanyInfo; locale?: Locale; className?: string }) {
  const text = TEXT[locale];
  return (
    <div className={className}>
      <p className="font-semibold text-zinc-900">{company.name}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        <dt>{text.cui}:</dt>
        <dd>{company.cui}</dd>
        <dt>{text.registration}:</dt>
        <dd>{company.registrationNumber}</dd>
        <dt>{text.address}:</dt>
        <dd>{company.address}</dd>
        <dt>{text.email}:</dt>
        <dd>
          <a href={`mailto:${company.email}`} className="underline">
            {company.email}
          </a>
        </dd>
        <dt>{text.phone}:</dt>
        <dd>
          <a href={`tel:${company.phone.replace(/[^+\d]/g, '')}`} className="underline">
            {company.phone}
          </a>
        </dd>
      </dl>
    </div>
  );
}
