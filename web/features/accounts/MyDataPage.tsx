import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { personalDataSchema } from '../../../domain/contracts/privacy';
import { shopTime } from '../../../domain/locale';
import { PersonalDataView } from '../../components/PersonalDataView';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { refreshSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { SignInPrompt, useAccountData } from './accountPage';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * The signed-in customer's data rights (issue 34): everything the shop holds about them, readable here and as a JSON
 * file, and deleting their account (the password asked again; what the law makes the shop keep, said first).
 */
export default function MyDataPage() {
  const { t, locale } = useI18n();
  useDocumentTitle(t('account.data.title'));
  const { session, data, failed } = useAccountData('/account/data', personalDataSchema);
  const [deleted, setDeleted] = useState(false);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('account.data.title')}</h1>
      {deleted && (
        <p role="status" className="mt-6 rounded-lg bg-green-50 p-4 text-green-900">
          {t('account.delete.done')}
        </p>
      )}
      {session.status === 'signedOut' && !deleted && <SignInPrompt prompt={t('account.data.signInPrompt')} />}
      {failed && (
        <p role="alert" className="mt-6 text-red-700">
          {t('account.data.loadFailed')}
        </p>
      )}
      {data && !deleted && (
        <>
          <p className="mt-4 text-zinc-700">{t('account.data.lead')}</p>
          <a href="/api/account/data?download=1" download className={`${secondaryButton} mt-4`}>
            {t('account.data.download')}
          </a>
          {data.account && (
            <section aria-labelledby="data-account" className="mt-6">
              <h2 id="data-account" className="text-xl font-semibold">
                {t('account.data.account')}
              </h2>
              <p className="mt-1">
                {data.account.email} · {t('account.data.since', { when: shopTime(data.account.createdAt, locale) })}
              </p>
            </section>
          )}
          <PersonalDataView data={data} />
          {data.account && <TwoFactorSection />}
          <DeleteAccount onDeleted={() => setDeleted(true)} />
        </>
      )}
    </div>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useI18n();
  const id = useId();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function remove() {
    setBusy(true);
    setProblem(null);
    try {
      await apiRequest('/account/delete', null, { method: 'POST', body: JSON.stringify({ password }) });
      onDeleted();
      await refreshSession();
      void navigate('/account/data', { replace: true });
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : t('account.delete.failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-red-200">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('account.delete.title')}
      </h2>
      <p className="mt-2 text-sm text-zinc-700">{t('account.delete.what')}</p>
      <p className="mt-2 text-sm text-zinc-700">{t('account.delete.kept')}</p>
      <form
        className="mt-3 flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void remove();
        }}
      >
        <label htmlFor={`${id}-password`} className="font-medium">
          {t('account.delete.password')}
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={inputClass}
        />
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <button type="submit" disabled={busy || password === ''} className={`${primaryButton} self-start bg-red-700 hover:bg-red-800`}>
          {t('account.delete.button')}
        </button>
      </form>
    </section>
  );
}
