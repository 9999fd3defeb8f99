import { useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AnafStatus, anafSignInSchema, anafStatusSchema, INVOICE_STATE_FILTERS, type InvoiceRow, invoiceListSchema } from '../../../domain/contracts/invoices';
import { bucharestDay, shopDay } from '../../../domain/locale';
import { InvoiceTable } from '../../components/InvoiceTable';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useBackOfficeTitle } from '../../lib/backOffice';
import { useI18n } from '../../lib/i18n';
import { ReissueDialog } from './ReissueDialog';

/** This month in Bucharest, as the month field writes it (YYYY-MM). */
const thisMonth = () => bucharestDay(new Date()).slice(0, 7);

type StateFilter = (typeof INVOICE_STATE_FILTERS)[number] | '';

/**
 * The shop's invoices and credit notes of a month: each with its order, total, where it stands for e-Factura (being
 * checked, valid, or refused with the rules it breaks) and with ANAF (not sent, sent, accepted, refused with ANAF's
 * errors and Send again), the last day it may be reported, and its PDF, XML and ANAF's ZIP; filtered by month and
 * state. On top, the shop's sign-in to ANAF.
 */
export default function InvoicesPage() {
  const { t } = useI18n();
  useBackOfficeTitle(t('admin.invoices.heading'));
  const monthId = useId();
  const stateId = useId();
  const [month, setMonth] = useState(thisMonth);
  const [state, setState] = useState<StateFilter>('');
  const [invoices, setInvoices] = useState<InvoiceRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reissuing, setReissuing] = useState<InvoiceRow | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const query = new URLSearchParams({ month, ...(state ? { state } : {}) });
      setInvoices((await apiRequest(`/admin/invoices?${query}`, invoiceListSchema)).invoices);
    } catch (failure) {
      setLoadError(failure instanceof ApiError ? failure.message : t('admin.invoices.loadError'));
    }
  }, [month, state, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const sendAgain = async (invoice: InvoiceRow) => {
    setNotice(null);
    try {
      await apiRequest(`/admin/invoices/${invoice.id}/send-again`, null, { method: 'POST' });
      setNotice(t('admin.invoices.sentAgain', { number: invoice.documentId }));
      await load();
    } catch (failure) {
      setLoadError(failure instanceof ApiError ? failure.message : t('admin.invoices.loadError'));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('admin.invoices.heading')}</h1>
      <p className="max-w-3xl text-zinc-700">{t('admin.invoices.intro')}</p>
      <AnafPanel />
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={monthId} className="font-medium">
            {t('admin.invoices.month')}
          </label>
          <input id={monthId} type="month" value={month} onChange={(event) => event.target.value && setMonth(event.target.value)} className="min-h-11 rounded-md border border-zinc-400 px-3" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={stateId} className="font-medium">
            {t('admin.invoices.state')}
          </label>
          <select id={stateId} value={state} onChange={(event) => setState(event.target.value as StateFilter)} className="min-h-11 rounded-md border border-zinc-400 bg-white px-3">
            <option value="">{t('admin.invoices.state.all')}</option>
            {INVOICE_STATE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`admin.invoices.state.${filter}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={secondaryButton} onClick={() => void load()}>
          {t('admin.invoices.checkAgain')}
        </button>
        {invoices && invoices.length > 0 && (
          <a href={`/api/admin/invoices.zip?month=${month}`} className={secondaryButton} download>
            {t('admin.invoices.download')}
          </a>
        )}
      </div>
      <p className="max-w-3xl text-sm text-zinc-600">{t('admin.invoices.downloadHint')}</p>
      {loadError && (
        <p role="alert" className="text-red-700">
          {loadError}
        </p>
      )}
      {notice && (
        <p role="status" className="text-green-800">
          {notice}
        </p>
      )}
      {!invoices && !loadError && (
        <p role="status" className="text-zinc-600">
          {t('admin.invoices.loading')}
        </p>
      )}
      {invoices && (
        <p role="status" className="text-zinc-700">
          {t('admin.invoices.count', { count: invoices.length })}
        </p>
      )}
      {invoices && invoices.length > 0 && <InvoiceTable invoices={invoices} caption={t('admin.invoices.caption')} onSendAgain={(invoice) => void sendAgain(invoice)} onReissue={setReissuing} />}
      {reissuing && (
        <ReissueDialog
          invoice={reissuing}
          onClose={() => setReissuing(null)}
          onDone={(newNumber) => {
            setNotice(t('admin.invoices.reissued', { number: reissuing.documentId, newNumber }));
            setReissuing(null);
            void load();
          }}
        />
      )}
    </div>
  );
}

/** Whether invoices are reported to ANAF, with the sign-in (the owner's certificate, on ANAF's site) when needed. */
function AnafPanel() {
  const { t, locale } = useI18n();
  const headingId = useId();
  const [search] = useSearchParams();
  const [status, setStatus] = useState<AnafStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiRequest('/admin/anaf', anafStatusSchema)
      .then(setStatus)
      .catch((failure: unknown) => setProblem(failure instanceof ApiError ? failure.message : t('admin.invoices.loadError')));
  }, [t]);

  const signIn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      // To ANAF's sign-in page; ANAF sends the owner back to this page.
      window.location.assign((await apiRequest('/admin/anaf/sign-in', anafSignInSchema, { method: 'POST' })).url);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : t('admin.invoices.anafSignInFailed'));
      setBusy(false);
    }
  };

  const came = search.get('anaf');
  return (
    <section aria-labelledby={headingId} className="flex max-w-3xl flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('admin.invoices.anafHeading')}
      </h2>
      {came === 'signed-in' && status?.reporting === 'signed_in' && <p className="font-semibold text-green-800">{t('admin.invoices.anafSignedInNow')}</p>}
      {came === 'failed' && (
        <p role="alert" className="text-red-700">
          {t('admin.invoices.anafSignInFailed')}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
      {status?.reporting === 'off' && <p>{t('admin.invoices.anafOff')}</p>}
      {status?.reporting === 'signed_out' && (
        <>
          <p>{t('admin.invoices.anafSignedOut')}</p>
          {status.problem && <p className="text-red-700">{status.problem}</p>}
        </>
      )}
      {status?.reporting === 'signed_in' && (
        <p>
          {t('admin.invoices.anafSignedIn', {
            env: t(`admin.invoices.anafEnv.${status.env ?? 'prod'}`),
            email: status.signedInBy ?? '',
            day: status.signedInAt ? shopDay(bucharestDay(new Date(status.signedInAt)), locale) : '',
            until: status.signInEndsAt ? shopDay(bucharestDay(new Date(status.signInEndsAt)), locale) : '',
          })}
        </p>
      )}
      {status && status.reporting !== 'off' && (
        <div>
          <button type="button" className={status.reporting === 'signed_in' ? secondaryButton : primaryButton} disabled={busy} onClick={() => void signIn()}>
            {t(status.reporting === 'signed_in' ? 'admin.invoices.anafSignInAgain' : 'admin.invoices.anafSignIn')}
          </button>
        </div>
      )}
    </section>
  );
}
