import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type Unsubscribe, unsubscribeSchema } from '../../../domain/contracts/privacy';
import { primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * The page of the unsubscribe link in the shop's mails that are not about an order (server/modules/mail/optOut.ts):
 * /unsubscribe?email=…&key=…. Opening it changes nothing (mail scanners open links): its button's POST records it.
 */
export default function UnsubscribePage() {
  const { t } = useI18n();
  useDocumentTitle(t('unsubscribe.title'));
  const [search] = useSearchParams();
  const path = `/unsubscribe?email=${encodeURIComponent(search.get('email') ?? '')}&key=${encodeURIComponent(search.get('key') ?? '')}`;
  const [state, setState] = useState<Unsubscribe | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [justDone, setJustDone] = useState(false);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (justDone) done.current?.focus();
  }, [justDone]);

  useEffect(() => {
    apiRequest(path, unsubscribeSchema)
      .then(setState)
      .catch((error: unknown) => setProblem(error instanceof ApiError && error.status < 500 ? error.message : t('unsubscribe.failed')));
  }, [path, t]);

  async function unsubscribe() {
    setBusy(true);
    setProblem(null);
    try {
      setState(await apiRequest(path, unsubscribeSchema, { method: 'POST', body: '{}' }));
      setJustDone(true);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('unsubscribe.failed'));
    }
    setBusy(false);
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('unsubscribe.title')}</h1>
      {!state && !problem && (
        <p role="status" className="mt-6 text-zinc-600">
          {t('order.loading')}
        </p>
      )}
      {state && (
        <div className="mt-6 flex flex-col items-start gap-4">
          {state.optedOut ? (
            <p ref={done} tabIndex={-1} role="status" className="rounded-lg bg-green-50 p-4 text-green-900 focus:outline-none">
              {t('unsubscribe.done', { email: state.email })}
            </p>
          ) : (
            <>
              <p>{t('unsubscribe.lead', { email: state.email })}</p>
              <button type="button" className={primaryButton} disabled={busy} onClick={() => void unsubscribe()}>
                {busy ? t('unsubscribe.busy') : t('unsubscribe.button')}
              </button>
            </>
          )}
        </div>
      )}
      {problem && (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p role="alert">{problem}</p>
          <Link to="/shop" className={primaryButton}>
            {t('order.browseCollection')}
          </Link>
        </div>
      )}
    </div>
  );
}
