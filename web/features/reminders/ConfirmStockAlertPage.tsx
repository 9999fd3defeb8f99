import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type StockAlertView, stockAlertViewSchema } from '../../../domain/contracts/reminders';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * A "Notify me" confirmation link (/stock-alerts/confirm?a=…&key=…, decision 0045): opening it changes nothing (mail
 * scanners open links); only its button confirms.
 */
export default function ConfirmStockAlertPage() {
  const { t } = useI18n();
  useDocumentTitle(t('stockAlert.confirmTitle'));
  const [search] = useSearchParams();
  const path = `/stock-alerts/${encodeURIComponent(search.get('a') ?? '')}`;
  const key = search.get('key') ?? '';
  const [alert, setAlert] = useState<StockAlertView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useRef<HTMLParagraphElement>(null);
  const [justConfirmed, setJustConfirmed] = useState(false);
  useEffect(() => {
    if (justConfirmed) done.current?.focus();
  }, [justConfirmed]);

  const failed = (error: unknown) => setProblem(error instanceof ApiError && error.status !== 500 ? error.message : t('message.shopUnavailable'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per link
  useEffect(() => {
    apiRequest(`${path}?key=${encodeURIComponent(key)}`, stockAlertViewSchema)
      .then(setAlert)
      .catch(failed);
  }, [path, key]);

  async function confirm() {
    setBusy(true);
    try {
      setAlert(await apiRequest(`${path}/confirm`, stockAlertViewSchema, { method: 'POST', body: JSON.stringify({ key }) }));
      setJustConfirmed(true);
    } catch (error) {
      failed(error);
    }
    setBusy(false);
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('stockAlert.confirmTitle')}</h1>
      {problem && (
        <p role="alert" className="mt-6">
          {problem}
        </p>
      )}
      {!alert && !problem && (
        <p role="status" className="mt-6 text-zinc-600">
          {t('order.loading')}
        </p>
      )}
      {alert && !alert.confirmed && !alert.ended && (
        <div className="mt-6 flex flex-col items-start gap-4">
          <p>{t('stockAlert.confirmText', { name: alert.name })}</p>
          <button type="button" onClick={confirm} disabled={busy} className={primaryButton}>
            {t('stockAlert.confirm')}
          </button>
        </div>
      )}
      {alert && (alert.confirmed || alert.ended) && (
        <p ref={done} tabIndex={-1} role="status" className="mt-6 rounded-lg bg-green-50 px-3 py-2 text-green-900">
          {alert.ended ? t('stockAlert.ended', { name: alert.name }) : t('stockAlert.confirmed', { name: alert.name })}
        </p>
      )}
      <Link to="/shop" className={`mt-6 inline-flex ${secondaryButton}`}>
        {t('cartRestore.shop')}
      </Link>
    </div>
  );
}
