import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { type CustomerConfirmation, customerConfirmationSchema } from '../../../domain/contracts/orders';
import { productCheckoutSchema } from '../../../domain/contracts/payments';
import { primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * The pages of a cash order's two links in its mail (issue 47): "Confirm my order" (/orders/{id}/confirm?key=…) and
 * "Pay now by card instead" (/orders/{id}/pay?key=…). Opening either changes nothing (mail scanners and link previews
 * open links): only its button's POST acts, confirming the order or taking the customer to Stripe's page for it. An
 * order that has left, is cancelled or is paid says why nothing changes; an altered link finds no order.
 */
export default function ConfirmOrderPage({ purpose }: { purpose: 'confirm' | 'pay' }) {
  const { t, money } = useI18n();
  const texts =
    purpose === 'confirm'
      ? ({ title: 'confirm.title', lead: 'confirm.lead', button: 'confirm.button', busy: 'confirm.confirming' } as const)
      : ({ title: 'pay.title', lead: 'pay.lead', button: 'pay.button', busy: 'pay.redirecting' } as const);
  useDocumentTitle(t(texts.title));
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const key = search.get('key') ?? '';
  const path = `/orders/${encodeURIComponent(id)}/${purpose === 'confirm' ? 'confirmation' : 'prepay'}`;
  const [state, setState] = useState<CustomerConfirmation | null>(null);
  const [problem, setProblem] = useState<'not_found' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const done = useRef<HTMLParagraphElement>(null);
  // Confirmed by the button: the thanks take the button's focus (it is gone).
  const [justConfirmed, setJustConfirmed] = useState(false);
  useEffect(() => {
    if (justConfirmed) done.current?.focus();
  }, [justConfirmed]);

  useEffect(() => {
    apiRequest(`${path}?key=${encodeURIComponent(key)}`, customerConfirmationSchema)
      .then(setState)
      .catch((error: unknown) => setProblem(error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'not_found' : 'failed'));
  }, [path, key]);

  async function act() {
    setBusy(true);
    setRefused(null);
    const init = { method: 'POST', body: JSON.stringify({ key }) };
    try {
      if (purpose === 'confirm') {
        setState(await apiRequest(path, customerConfirmationSchema, init));
        setJustConfirmed(true);
      } else {
        const { url } = await apiRequest(path, productCheckoutSchema, init);
        if (!url) throw new Error('no payment page');
        window.location.assign(url);
        return;
      }
    } catch (error) {
      setRefused(error instanceof ApiError ? error.message : t('confirm.failed'));
    }
    setBusy(false);
  }

  const values = state && { number: String(state.number), total: money(state.total) };
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t(texts.title)}</h1>
      {!state && !problem && (
        <p role="status" className="mt-6 text-zinc-600">
          {t('order.loading')}
        </p>
      )}
      {problem && (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p role="alert">{t(problem === 'not_found' ? 'order.notFound' : 'order.loadFailed')}</p>
          <Link to="/shop" className={primaryButton}>
            {t('order.browseCollection')}
          </Link>
        </div>
      )}
      {state && values && (
        <div className="mt-6 flex flex-col items-start gap-4">
          {state.closed ? (
            <p>{t(purpose === 'confirm' ? `error.confirmation.${state.closed}` : `error.prepay.${state.closed}`, values)}</p>
          ) : purpose === 'confirm' && state.confirmedAt ? (
            <p ref={done} tabIndex={-1} role="status" className="rounded-lg bg-green-50 p-4 text-green-900 focus:outline-none">
              {t('confirm.done', values)}
            </p>
          ) : (
            <>
              {/* Less than the total where delivery is waived for paying first (PREPAY_FREE_SHIPPING): said, with the sum charged. */}
              <p>{state.toPay !== undefined && state.toPay < state.total ? t('pay.leadFree', { number: values.number, total: money(state.toPay) }) : t(texts.lead, values)}</p>
              <button type="button" className={primaryButton} disabled={busy} onClick={() => void act()}>
                {busy ? t(texts.busy) : state.cardOrder ? t('pay.buttonCardOrder', { total: money(state.toPay ?? state.total) }) : t(texts.button)}
              </button>
            </>
          )}
          {refused && (
            <p role="alert" className="text-red-700">
              {refused}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
