import { useEffect, useState } from 'react';
import { deliveryEstimate } from '../../domain/delivery';
import { phoneDialledFromRomania } from '../../domain/dialled';
import { companyInfo } from '../lib/company';
import { useI18n } from '../lib/i18n';

/**
 * What a cash-on-delivery buyer looks for where they decide (issue 46), in one short line: payment on delivery, the day
 * it arrives (counted in Romanian working days from now, with the day's cut-off: domain/delivery.ts), a discreet parcel,
 * 14-day returns and whom to call (or write to on WhatsApp). The day is counted in the browser once the page runs (the
 * server's page, kept for everyone, says the working days).
 */
export function Reassurance({ className = '' }: { className?: string }) {
  const { t, locale } = useI18n();
  const service = companyInfo().service;
  const [estimate, setEstimate] = useState<{ from: string; to: string } | null>(null);
  useEffect(() => {
    if (service) setEstimate(deliveryEstimate(new Date(), service.delivery));
  }, [service]);
  if (!service) return null;
  const day = (iso: string) => new Intl.DateTimeFormat(locale === 'ro' ? 'ro-RO' : 'en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
  const { minDays, maxDays } = service.delivery;
  const arrives = estimate
    ? estimate.from === estimate.to
      ? t('reassurance.arrivesOn', { day: day(estimate.from) })
      : t('reassurance.arrivesBetween', { from: day(estimate.from), to: day(estimate.to) })
    : t('reassurance.workingDays', { min: minDays, max: maxDays });
  const phone = phoneDialledFromRomania(service.phone.replace(/[^\d+]/g, ''));
  return (
    <ul aria-label={t('reassurance.label')} className={`flex flex-wrap gap-x-3 gap-y-1 text-sm text-zinc-700 ${className}`}>
      <li>{t('reassurance.cod')}</li>
      <li>{arrives}</li>
      <li>{t('reassurance.discreet')}</li>
      <li>
        {t('reassurance.returns')}{' '}
        <a href={`tel:${phone}`} className="inline-flex min-h-6 items-center font-semibold text-brand-dark underline">
          {phone}
        </a>
        {service.whatsapp && (
          <>
            {' · '}
            <a href={`https://wa.me/${service.whatsapp.replace(/\D/g, '')}`} className="inline-flex min-h-6 items-center font-semibold text-brand-dark underline">
              WhatsApp
            </a>
          </>
        )}
      </li>
    </ul>
  );
}
