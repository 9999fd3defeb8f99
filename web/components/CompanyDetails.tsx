import type { CompanyInfo } from '../../domain/company';
import { useI18n } from '../lib/i18n';

/** The seller's identification (ANPC Order 225/2023): the footer's and the payment step's. */
export function CompanyDetails({ company, className = '' }: { company: CompanyInfo; className?: string }) {
  const { t } = useI18n();
  return (
    <div className={className}>
      <p className="font-semibold text-zinc-900">{company.name}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        <dt>{t('company.cui')}:</dt>
        <dd>{company.cui}</dd>
        <dt>{t('company.registration')}:</dt>
        <dd>{company.registrationNumber}</dd>
        <dt>{t('company.address')}:</dt>
        <dd>{company.address}</dd>
        <dt>{t('company.email')}:</dt>
        <dd>
          <a href={`mailto:${company.email}`} className="inline-block py-1 underline">
            {company.email}
          </a>
        </dd>
        <dt>{t('company.phone')}:</dt>
        <dd>
          <a href={`tel:${company.phone.replace(/[^+\d]/g, '')}`} className="inline-block py-1 underline">
            {company.phone}
          </a>
        </dd>
      </dl>
    </div>
  );
}
