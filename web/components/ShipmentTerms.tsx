import { useI18n } from '../lib/i18n';

/** A shipped order's carrier and tracking number, as terms of a description list (customer's and owner's pages alike). */
export function ShipmentTerms({ carrier, trackingNumber }: { carrier: string | null; trackingNumber: string | null }) {
  const { t } = useI18n();
  if (!carrier) return null;
  return (
    <>
      <dt className="text-zinc-600">{t('order.term.carrier')}</dt>
      <dd>{carrier}</dd>
      <dt className="text-zinc-600">{t('order.term.trackingNumber')}</dt>
      <dd className="break-all">{trackingNumber}</dd>
    </>
  );
}
